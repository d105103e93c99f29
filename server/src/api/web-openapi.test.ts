import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, type ApiRouteSpec } from '@redflag/contracts/api-routes';
import { apiClient, okData } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createTrialUser, type TestUser } from '../test/users.ts';
import { openApiDocument } from './openapi.ts';

/**
 * GET /api/openapi.json, the web app's API documented from the contracts' route table (decision 092):
 * one operation per row, schemas that compile as JSON Schema 2020-12, and real answers of the app that fit
 * the schema documented for their operation and status.
 */

const SCAM =
  'Your PayPal account is limited. Verify your identity within 24 hours at http://paypa1-secure-login.com/verify or it will be closed.';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

interface Parameter {
  name: string;
  in: string;
  required: boolean;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: unknown;
  security?: Record<string, string[]>[];
  responses: Record<
    string,
    { content?: unknown; headers?: Record<string, { required: boolean; schema: { type?: string } }> }
  >;
}
interface Document {
  openapi: string;
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    securitySchemes: Record<string, { type: string; in?: string; name?: string }>;
  };
}

let t: TestApp;
let doc: Document;
let docResponse: Response;
beforeAll(async () => {
  t = await createTestApp();
  // raw HTTP: the document's own headers (cache-control, content type) are checked below
  docResponse = await t.request('/api/openapi.json');
  expect(docResponse.status).toBe(200);
  doc = (await docResponse.json()) as Document;
});
afterAll(async () => {
  await t.close();
});

/** Every operation of a document, keyed `METHOD /path` with the table's `:param` spelling. */
function operations(d: Document): Map<string, Operation> {
  const found = new Map<string, Operation>();
  for (const [path, item] of Object.entries(d.paths))
    for (const [method, op] of Object.entries(item))
      if (METHODS.includes(method)) found.set(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`, op);
  return found;
}
const rowKeys = (routes: Record<string, ApiRouteSpec>) =>
  Object.values(routes)
    .map((r) => `${r.method} ${r.path}`)
    .sort();

/** A validator for the schema at `pointer` in the document; $refs resolve against the document, as in OpenAPI. */
let ajv: Ajv2020 | undefined;
function validatorAt(pointer: string[]): ValidateFunction {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema(doc, 'doc');
  }
  const fragment = pointer.map((p) => encodeURIComponent(p.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/');
  return ajv.compile({ $ref: `doc#/${fragment}` });
}

/** The pointers of every schema in the document: parameters, bodies, responses, headers and components. */
function schemaPointers(node: unknown, at: string[] = []): string[][] {
  if (typeof node !== 'object' || node === null) return [];
  if (at.length === 3 && at[0] === 'components' && at[1] === 'schemas') return [at];
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'schema' && at[0] !== 'components' ? [[...at, key]] : schemaPointers(value, [...at, key]),
  );
}

/** Checks a real answer against what the document says for that operation and status; answers the body. */
async function expectDocumented(method: string, path: string, { res }: { res: Response }): Promise<unknown> {
  const op = doc.paths[path]?.[method];
  expect(Object.keys(doc.paths[path] ?? {}), `${method} ${path} is documented`).toContain(method);
  const status = String(res.status);
  const documented = op?.responses[status];
  expect(Object.keys(op?.responses ?? {}), `${method} ${path} documents ${status}`).toContain(status);
  const text = await res.text();
  if (!documented?.content) {
    expect(text, `${method} ${path} ${status} has no body`).toBe('');
    return undefined;
  }
  const body: unknown = JSON.parse(text);
  const validate = validatorAt(['paths', path, method, 'responses', status, 'content', 'application/json', 'schema']);
  expect(validate(body), `${method} ${path} ${status}: ${JSON.stringify(validate.errors)}`).toBe(true);
  for (const [name, header] of Object.entries(documented.headers ?? {})) {
    const value = res.headers.get(name);
    if (value === null) {
      expect(header.required, `${method} ${path} sends ${name}`).toBe(false);
      continue;
    }
    const validateHeader = validatorAt(['paths', path, method, 'responses', status, 'headers', name, 'schema']);
    const typed = header.schema.type === 'integer' || header.schema.type === 'number' ? Number(value) : value;
    expect(validateHeader(typed), `${name}: ${value}`).toBe(true);
  }
  return body;
}

describe('GET /api/openapi.json', () => {
  it('answers without a session, as no-store like every /api answer', () => {
    expect(docResponse.headers.get('cache-control')).toBe('no-store');
    expect(docResponse.headers.get('content-type')).toContain('application/json');
  });

  it('has exactly one operation per route table row, each with a unique operation id and every row parameter', () => {
    expect(doc.openapi).toBe('3.1.0');
    const ops = operations(doc);
    expect([...ops.keys()].sort()).toEqual(rowKeys(API_ROUTES));
    const ids = [...ops.values()].map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ops.get('GET /api/scans/:id/share')?.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    ]);
    const listQuery = ops.get('GET /api/scans')?.parameters ?? [];
    expect(listQuery.map((p) => `${p.in} ${p.name} ${p.required}`).sort()).toEqual(
      Object.keys(API_ROUTES.listScans.query.shape)
        .map((name) => `query ${name} false`)
        .sort(),
    );
    expect(ops.get('POST /api/events')?.responses).toHaveProperty('204');
    expect(ops.get('POST /api/api-keys')?.responses).toHaveProperty('201');
    expect(ops.get('POST /api/scans')?.requestBody).toMatchObject({
      required: true,
      content: { 'application/json': { schema: expect.objectContaining({ type: 'object' }) } },
    });
    expect(ops.get('GET /api/users/plan')?.responses).toHaveProperty('401');
    // The session is required unless the row is public; public rows make it optional.
    expect(doc.security).toEqual([{ sessionCookie: [] }]);
    for (const [name, row] of Object.entries(API_ROUTES) as [string, ApiRouteSpec][]) {
      const op = ops.get(`${row.method} ${row.path}`);
      expect(op?.security, name).toEqual(row.access === 'public' ? [{}, { sessionCookie: [] }] : undefined);
    }
    expect(ops.get('GET /api/config')?.security).toEqual([{}, { sessionCookie: [] }]);
    expect(doc.components.securitySchemes.sessionCookie).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' }),
    );
  });

  it('documents a row added to the table with no change to the generator', () => {
    const extra = {
      audience: 'web',
      method: 'PUT',
      path: '/api/things/:thingId/parts/:partId',
      query: z.object({ mode: z.enum(['a', 'b']), note: z.string().optional() }),
      body: z.object({ size: z.number() }),
      response: z.object({ ok: z.boolean() }),
    } satisfies ApiRouteSpec;
    const routes = { ...API_ROUTES, extra };
    const generated = openApiDocument('web', 'http://localhost:5000', { routes }) as unknown as Document;
    expect([...operations(generated).keys()].sort()).toEqual(rowKeys(routes));
    const op = generated.paths['/api/things/{thingId}/parts/{partId}']?.put;
    expect(op?.operationId).toBe('putThingsByThingIdPartsByPartId');
    expect(op?.parameters?.map((p) => `${p.in} ${p.name} ${p.required}`)).toEqual([
      'path thingId true',
      'path partId true',
      'query mode true',
      'query note false',
    ]);
    expect(op?.responses).toHaveProperty('200');
  });

  it('is valid as far as JSON Schema 2020-12 goes: every schema in it compiles and its $refs resolve', () => {
    const pointers = schemaPointers(doc);
    // At least a success schema per row with a body, plus the error body.
    expect(pointers.length).toBeGreaterThan(Object.keys(API_ROUTES).length);
    for (const pointer of pointers) expect(() => validatorAt(pointer), pointer.join(' ')).not.toThrow();
  });
});

describe('real /api answers match the document', () => {
  let u: TestUser;
  let call: ReturnType<typeof apiClient>;
  /** The signed-in user's headers, from the app's own page as a browser sends them. */
  const from = (headers: Record<string, string> = u.headers) => ({ ...headers, origin: t.config.publicUrl });

  beforeAll(async () => {
    u = await createTrialUser(t);
    call = apiClient(t);
  });

  it('200 plan, scan and history (with X-Total-Count), 201 API key and 204 event answers fit their schemas', async () => {
    const plan = await call('getPlan', { headers: u.headers });
    expect(plan.status).toBe(200);
    await expectDocumented('get', '/api/users/plan', plan);
    const created = await call('createScan', { body: { message: SCAM, platform: 'email' }, headers: from() });
    await expectDocumented('post', '/api/scans', created);
    const { id } = okData(created, 200);
    await expectDocumented('get', '/api/scans/{id}', await call('getScan', { params: { id }, headers: u.headers }));
    const list = await call('listScans', { query: { page: 1, limit: 5 }, headers: u.headers });
    expect(list.res.headers.get('x-total-count')).toBe('1');
    await expectDocumented('get', '/api/scans', list);
    const key = await call('createApiKey', { body: { name: 'Docs' }, headers: from() });
    expect(key.status).toBe(201);
    await expectDocumented('post', '/api/api-keys', key);
    const event = await call('sendEvent', {
      body: { name: 'scan_initiated', properties: { hasPhone: false } },
      headers: from({}),
    });
    expect(event.status).toBe(204);
    await expectDocumented('post', '/api/events', event);
  });

  it('401, 404 and 422 answers fit the error schema documented for their status', async () => {
    const unauthorized = await call('getPlan');
    expect(unauthorized.status).toBe(401);
    await expectDocumented('get', '/api/users/plan', unauthorized);
    const missing = await call('getScan', {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      headers: u.headers,
    });
    expect(missing.status).toBe(404);
    await expectDocumented('get', '/api/scans/{id}', missing);
    const blank = await call('createScan', { body: { message: '   ' }, headers: from() });
    expect(blank.status).toBe(422);
    expect(await expectDocumented('post', '/api/scans', blank)).toMatchObject({ error: { code: 'MESSAGE_REQUIRED' } });
  });

  it('the validators are not vacuous: a plan or an error body of the wrong shape fails them', () => {
    const plan = validatorAt([
      'paths',
      '/api/users/plan',
      'get',
      'responses',
      '200',
      'content',
      'application/json',
      'schema',
    ]);
    expect(plan({ plan: 42 })).toBe(false);
    const error = validatorAt([
      'paths',
      '/api/users/plan',
      'get',
      'responses',
      '401',
      'content',
      'application/json',
      'schema',
    ]);
    expect(error({ error: { code: 'UNAUTHORIZED' } })).toBe(false);
  });
});
