import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '@redflag/contracts/api-routes';
import type { RouteSpec } from '@redflag/contracts/route-spec';
import { V1_ROUTES } from '@redflag/contracts/v1-routes';
import { openApiDocument } from './openapi.ts';

/**
 * One generator writes both OpenAPI documents (decision 118): the web app's /api and the public /v1 are
 * rows of one route spec that differ by their `audience`, and a row is described the same way whichever
 * table it is in. What differs per audience is the document's frame: its title, its credential, the error
 * answers every route shares and how operations are named.
 */

const URL = 'http://localhost:5000';

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  description?: string;
  schema: Record<string, unknown>;
}
interface Operation {
  operationId: string;
  summary: string;
  parameters?: Parameter[];
  requestBody?: { content: { 'application/json': { schema: Record<string, unknown> } } };
  responses: Record<
    string,
    { description: string; content?: { 'application/json': { schema: Record<string, unknown> } } }
  >;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

const thing = {
  method: 'PUT',
  params: z.object({ thingId: z.uuid() }),
  query: z.object({ mode: z.enum(['a', 'b']) }),
  queryDescriptions: { mode: 'How to do it.' },
  body: z.object({ size: z.number() }),
  bodyName: 'Thing',
  response: z.object({ ok: z.boolean() }),
  responseName: 'Done',
  status: 201,
  summary: 'Put a thing',
  description: 'Puts it.',
  answers: 'The thing, put.',
  errors: { '409': 'Already there (`CONFLICT`).' },
} as const;

describe('openApiDocument', () => {
  it('describes a row the same way for either audience: typed path parameters, query, named body and answer', () => {
    const web = openApiDocument('web', URL, {
      routes: { ...API_ROUTES, putThing: { ...thing, audience: 'web', path: '/api/things/:thingId' } },
    }) as unknown as Document;
    const v1 = openApiDocument('public', URL, {
      routes: { ...V1_ROUTES, putThing: { ...thing, audience: 'public', path: '/v1/things/:thingId' } },
    }) as unknown as Document;
    const webOp = web.paths['/api/things/{thingId}']?.put;
    const v1Op = v1.paths['/v1/things/{thingId}']?.put;
    for (const [doc, op] of [
      [web, webOp],
      [v1, v1Op],
    ] as const) {
      expect(op?.summary).toBe('Put a thing');
      expect(op?.parameters).toEqual([
        {
          name: 'thingId',
          in: 'path',
          required: true,
          schema: expect.objectContaining({ type: 'string', format: 'uuid' }),
        },
        {
          name: 'mode',
          in: 'query',
          required: true,
          description: 'How to do it.',
          schema: expect.objectContaining({ enum: ['a', 'b'] }),
        },
      ]);
      expect(op?.requestBody?.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Thing' });
      expect(op?.responses['201']).toMatchObject({
        description: 'The thing, put.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Done' } } },
      });
      expect(op?.responses['409']?.description).toBe('Already there (`CONFLICT`).');
      expect(doc.components.schemas).toHaveProperty('Thing');
      expect(doc.components.schemas).toHaveProperty('Done');
    }
    // The frame is the audience's: the route's name is the public operation id, the web one is built from
    // method and path; the credential is a key for /v1 and the session cookie for /api.
    expect(v1Op?.operationId).toBe('putThing');
    expect(webOp?.operationId).toBe('putThingsByThingId');
    expect(Object.keys(v1.components.securitySchemes)).toEqual(['apiKey']);
    expect(Object.keys(web.components.securitySchemes)).toEqual(['sessionCookie']);
  });

  it('refuses a row of the other audience, so a table cannot leak into the other document', () => {
    const stray: Record<string, RouteSpec> = { ...V1_ROUTES, getConfig: API_ROUTES.getConfig };
    expect(() => openApiDocument('public', URL, { routes: stray })).toThrow(/getConfig is a web route/);
  });
});
