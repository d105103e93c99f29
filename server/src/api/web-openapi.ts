import { z } from 'zod';
import { API_ROUTES, type ApiRouteSpec } from '@redflag/contracts/api-routes';
import { ERROR_STATUS, errorBodySchema, type ErrorCode } from '@redflag/contracts/errors';

/**
 * The OpenAPI 3.1 document of the web app's own API (/api), generated from the contracts' route table
 * (packages/contracts/src/api-routes.ts, docs/decisions/083, 092) and nothing else: one operation per row,
 * so a row added to the table is documented with no change here. Schemas are zod 4's `z.toJSONSchema`
 * (JSON Schema 2020-12, OpenAPI 3.1's dialect), requests as the schema accepts them (io: 'input'), answers
 * as it produces them (io: 'output'), as the public /v1 document does (openapi.ts, decision 074).
 */

type JsonSchema = Record<string, unknown>;

/** The JSON Schema of a zod schema, without its `$schema` line (the document's dialect covers it). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io });
  return rest;
}

const errorRef = { $ref: '#/components/schemas/Error' };

/**
 * One entry per status of the error catalogue, naming its codes: any /api route can answer them (the one
 * error handler, the CSRF and body checks, the rate limits all sit in front of every route).
 */
function errorResponses(): Record<string, { description: string; content: { 'application/json': { schema: typeof errorRef } } }> {
  const codesByStatus = new Map<number, ErrorCode[]>();
  for (const [code, status] of Object.entries(ERROR_STATUS) as [ErrorCode, number][])
    codesByStatus.set(status, [...(codesByStatus.get(status) ?? []), code]);
  return Object.fromEntries(
    [...codesByStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        String(status),
        {
          description: `\`error.code\` is one of ${codes.map((c) => `\`${c}\``).join(', ')}.`,
          content: { 'application/json': { schema: errorRef } },
        },
      ]),
  );
}

/** `/api/scans/:id/share` → `/api/scans/{id}/share`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');
const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '');

const pascal = (word: string) =>
  word
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/** Stable and unique per method + path: `PUT /api/scans/:id/feedback` → `putScansByIdFeedback`. */
export function operationId(method: string, path: string): string {
  const segments = path
    .split('/')
    .filter((s) => s && s !== 'api')
    .map((s) => (s.startsWith(':') ? `By${pascal(s.slice(1))}` : pascal(s)));
  return method.toLowerCase() + segments.join('');
}

/** `getScanUsage` → `Get scan usage`. */
const summary = (name: string) => {
  const words = name.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function queryParameters(query: z.ZodType) {
  const schema = jsonSchema(query, 'input');
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  if (schema.type !== 'object') throw new Error('A route table query schema must be an object');
  return Object.entries(properties).map(([name, property]) => ({ name, in: 'query', required: required.has(name), schema: property }));
}

function responseHeaders(headers: z.ZodObject) {
  const schema = jsonSchema(headers, 'output');
  const required = new Set((schema.required ?? []) as string[]);
  return Object.fromEntries(
    Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => [
      name,
      { required: required.has(name), schema: property },
    ]),
  );
}

function operation(name: string, row: ApiRouteSpec, errors: ReturnType<typeof errorResponses>) {
  const noContent = row.response instanceof z.ZodUndefined;
  const success = noContent
    ? { description: 'Done; no body.' }
    : {
        description: 'OK',
        ...(row.headers ? { headers: responseHeaders(row.headers) } : {}),
        content: { 'application/json': { schema: jsonSchema(row.response, 'output') } },
      };
  const parameters = [
    ...pathParams(row.path).map((param) => ({ name: param, in: 'path', required: true, schema: { type: 'string' } })),
    ...(row.query ? queryParameters(row.query) : []),
  ];
  return {
    operationId: operationId(row.method, row.path),
    summary: summary(name),
    // The table's row name, which the web app's client calls the route by (apiRequest('getScan', ...)).
    'x-route-name': name,
    // Public rows answer with or without the session; the others need it (the document's default).
    ...(row.access === 'public' ? { security: [{}, { sessionCookie: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(row.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(row.body, 'input') } } } }
      : {}),
    responses: { [noContent ? '204' : String(row.status ?? 200)]: success, ...errors },
  };
}

export interface WebApiDocumentOptions {
  /** better-auth's session cookie name (`__Secure-` prefixed when cookies are secure). */
  sessionCookie?: string;
  /** The rows to document; the contracts' table unless a test passes another. */
  routes?: Record<string, ApiRouteSpec>;
}

export function webApiOpenApiDocument(serverUrl: string, { sessionCookie = 'better-auth.session_token', routes = API_ROUTES }: WebApiDocumentOptions = {}) {
  const errors = errorResponses();
  const paths: Record<string, Record<string, ReturnType<typeof operation>>> = {};
  for (const [name, row] of Object.entries(routes)) {
    const path = openApiPath(row.path);
    const method = row.method.toLowerCase();
    const operations = (paths[path] ??= {});
    if (operations[method]) throw new Error(`Two route table rows for ${row.method} ${row.path}`);
    operations[method] = operation(name, row, errors);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'RedFlag web app API',
      version: '1.0.0',
      description:
        "The API the RedFlag web app itself calls, generated from the contracts' route table (packages/contracts/src/api-routes.ts). It is the app's internal contract and may change with the app: to build on RedFlag, use the public API (`/v1`, API keys). Signed-in routes read better-auth's session cookie; a request that is not a GET must come from the app's own origin (`Origin` header), and a body must be `application/json`.",
    },
    servers: [{ url: serverUrl }],
    // Every route needs the session (401 UNAUTHORIZED without it) unless its row is `access: 'public'`
    // (config, contact, events, shared links, the session read), whose operations make it optional.
    security: [{ sessionCookie: [] }],
    paths,
    components: {
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: sessionCookie,
          description: "better-auth's session cookie, set by signing in (`POST /api/auth/sign-in/email`).",
        },
      },
      schemas: { Error: jsonSchema(errorBodySchema, 'output') },
    },
  };
}

export type WebApiOpenApiDocument = ReturnType<typeof webApiOpenApiDocument>;
