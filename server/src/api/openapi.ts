import { z } from 'zod';
import { API_ROUTES } from '@redflag/contracts/api-routes';
import { ERROR_STATUS, errorBodySchema, type ErrorCode } from '@redflag/contracts/errors';
import type { RouteAudience, RouteSpec } from '@redflag/contracts/route-spec';
import { V1_ROUTES } from '@redflag/contracts/v1-routes';
import type { RateRule } from '../http/rate-limit.ts';
import { API_PER_KEY, LOOKUPS_PER_USER } from './rate-limit-headers.ts';

/**
 * The OpenAPI 3.1 documents, both written by this one generator from the route tables (docs/decisions/074,
 * 092, 118): the public API's at /v1/openapi.json from V1_ROUTES (audience 'public') and the web app's own at
 * /api/openapi.json from API_ROUTES (audience 'web'). One operation per row, so a route is written once and
 * a document cannot drift from the code. A row is described the same way whichever table it is in; the
 * audience gives only the document's frame (title, credential, the error answers every route shares, how an
 * operation is named). A request is described as the schema accepts it (io: 'input'), an answer as it
 * produces it (io: 'output'); OpenAPI 3.1's schema dialect is JSON Schema 2020-12, which zod writes directly.
 */

type JsonSchema = Record<string, unknown>;

/** The JSON Schema of a zod schema, without its `$schema` line (the document's dialect covers it). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io });
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ref('Error') } },
});
type Response = ReturnType<typeof errorResponse> | JsonSchema;

/** `/v1/scans/:id` → `/v1/scans/{id}`. */
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
const words = (name: string) => {
  const text = name.replace(/([A-Z])/g, ' $1').toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** The frame of one audience's document: what is the same for all its rows. */
interface Frame {
  info: { title: string; version: string; description: string };
  /** The credential's scheme, by name; a row with `access: 'public'` makes it optional. */
  scheme: { name: string; definition: JsonSchema };
  /** The error answers every route of the audience can give, by status. */
  errors: Record<string, Response>;
  /** Headers every 2xx answer carries. */
  successHeaders: Record<string, unknown>;
  /** The operation's id, and whether the row's name is given beside it (`x-route-name`). */
  operationId: (name: string, row: RouteSpec) => string;
  routeNameExtension: boolean;
  /** A note the audience adds to a row's description. */
  note: (name: string) => string;
}

// The public API's frame: an API key, the key's rate limit on every answer.
const rateLimitHeaders = {
  RateLimit: {
    description: `What is left of this key's quota: \`"${API_PER_KEY.name}";r=<requests left>;t=<seconds until the window resets>\` (IETF draft-ietf-httpapi-ratelimit-headers).`,
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description: `This key's quota: \`"${API_PER_KEY.name}";q=${API_PER_KEY.limit};w=${API_PER_KEY.windowSeconds}\` (${API_PER_KEY.limit} requests per ${API_PER_KEY.windowSeconds} seconds).`,
    schema: { type: 'string' },
  },
};

/** Per-account limits a row spends besides the key's own, named in its description and headers. */
const ROW_LIMITS: Partial<Record<string, RateRule>> = { lookup: LOOKUPS_PER_USER };

function publicFrame(): Frame {
  return {
    info: {
      title: 'RedFlag API',
      version: '1.0.0',
      description:
        'Check a message for scam signs with the same engine, plan and quotas as the RedFlag web app. Create an API key on your account page and send it as `Authorization: Bearer rf_live_...`. A free account has the same trial scans as on the web, phone and e-mail verification included; after the trial they need Premium.',
    },
    scheme: {
      name: 'apiKey',
      definition: { type: 'http', scheme: 'bearer', description: 'An API key from your account page (`rf_live_...`).' },
    },
    errors: {
      '401': errorResponse('No API key, an unknown one, or a revoked one (`UNAUTHORIZED`).'),
      '429': {
        ...errorResponse("Over this key's rate limit (`RATE_LIMITED`); `Retry-After` says when to try again."),
        headers: { ...rateLimitHeaders, 'Retry-After': { schema: { type: 'integer' } } },
      },
      '500': errorResponse('Something went wrong on our side (`INTERNAL_ERROR`).'),
    },
    successHeaders: rateLimitHeaders,
    operationId: (name) => name,
    routeNameExtension: false,
    note: (name) => {
      const limit = ROW_LIMITS[name];
      return limit
        ? ` Besides this key's quota, each account has ${limit.limit} of these per ${limit.windowSeconds / 3600} hours (\`"${limit.name}"\` in the RateLimit headers).`
        : '';
    },
  };
}

/**
 * The web app's frame: the session cookie, and one entry per status of the error catalogue naming its
 * codes, since any /api route can answer them (the one error handler, the CSRF and body checks, the rate
 * limits all sit in front of every route).
 */
function webFrame(sessionCookie: string): Frame {
  const codesByStatus = new Map<number, ErrorCode[]>();
  for (const [code, status] of Object.entries(ERROR_STATUS) as [ErrorCode, number][])
    codesByStatus.set(status, [...(codesByStatus.get(status) ?? []), code]);
  const errors = Object.fromEntries(
    [...codesByStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        String(status),
        errorResponse(`\`error.code\` is one of ${codes.map((c) => `\`${c}\``).join(', ')}.`),
      ]),
  );
  return {
    info: {
      title: 'RedFlag web app API',
      version: '1.0.0',
      description:
        "The API the RedFlag web app itself calls, generated from the contracts' route table (packages/contracts/src/api-routes.ts). It is the app's internal contract and may change with the app: to build on RedFlag, use the public API (`/v1`, API keys). Signed-in routes read better-auth's session cookie; a request that is not a GET must come from the app's own origin (`Origin` header), and a body must be `application/json`.",
    },
    scheme: {
      name: 'sessionCookie',
      definition: {
        type: 'apiKey',
        in: 'cookie',
        name: sessionCookie,
        description: "better-auth's session cookie, set by signing in (`POST /api/auth/sign-in/email`).",
      },
    },
    errors,
    successHeaders: {},
    // The table's row name, which the web app's client calls the route by (apiRequest('getScan', ...)),
    // goes beside an id built from method and path.
    operationId: (_name, row) => operationId(row.method, row.path),
    routeNameExtension: true,
    note: () => '',
  };
}

function parameters(row: RouteSpec) {
  const out: Array<Record<string, unknown>> = [];
  if (row.params) {
    const properties = (jsonSchema(row.params, 'input').properties ?? {}) as Record<string, JsonSchema>;
    for (const [name, property] of Object.entries(properties))
      out.push({ name, in: 'path', required: true, schema: property });
  } else {
    for (const name of pathParams(row.path)) out.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  }
  if (row.query) {
    const schema = jsonSchema(row.query, 'input');
    if (schema.type !== 'object') throw new Error('A route table query schema must be an object');
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      const description = row.queryDescriptions?.[name];
      out.push({
        name,
        in: 'query',
        required: required.has(name),
        ...(description ? { description } : {}),
        schema: property,
      });
    }
  }
  for (const [name, header] of Object.entries(row.requestHeaders ?? {}))
    out.push({
      name,
      in: 'header',
      required: false,
      description: header.description,
      schema: jsonSchema(header.schema, 'input'),
    });
  return out;
}

/** The response headers a caller reads (the row's `headers`), as the document lists them. */
function readHeaders(headers: z.ZodObject) {
  const schema = jsonSchema(headers, 'output');
  const required = new Set((schema.required ?? []) as string[]);
  return Object.fromEntries(
    Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => [
      name,
      { required: required.has(name), schema: property },
    ]),
  );
}

function operation(name: string, row: RouteSpec, frame: Frame, schemas: Record<string, unknown>) {
  /** A named schema goes under components once and is referenced; an unnamed one is written inline. */
  const schemaOf = (schema: z.ZodType, io: 'input' | 'output', named: string | undefined) => {
    if (!named) return jsonSchema(schema, io);
    schemas[named] = jsonSchema(schema, io);
    return ref(named);
  };
  // The body's schema is registered before the answer's, so components list them in request order.
  const requestBody = row.body
    ? { required: true, content: { 'application/json': { schema: schemaOf(row.body, 'input', row.bodyName) } } }
    : undefined;
  const noContent = row.response instanceof z.ZodUndefined;
  const headers = {
    ...frame.successHeaders,
    ...(row.headers ? readHeaders(row.headers) : {}),
    ...(row.responseHeaders ?? {}),
  };
  const success = {
    description: row.answers ?? (noContent ? 'Done; no body.' : 'OK'),
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(noContent
      ? {}
      : { content: { 'application/json': { schema: schemaOf(row.response, 'output', row.responseName) } } }),
  };
  const params = parameters(row);
  const description = (row.description ?? '') + frame.note(name);
  return {
    operationId: frame.operationId(name, row),
    summary: row.summary ?? words(name),
    ...(description ? { description } : {}),
    ...(frame.routeNameExtension ? { 'x-route-name': name } : {}),
    // A row that answers without the credential makes it optional (the document's default needs it).
    ...(row.access === 'public' ? { security: [{}, { [frame.scheme.name]: [] }] } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [noContent ? '204' : String(row.status ?? 200)]: success,
      ...frame.errors,
      ...Object.fromEntries(Object.entries(row.errors ?? {}).map(([status, text]) => [status, errorResponse(text)])),
    },
  };
}

export interface OpenApiOptions {
  /** The rows to document; the audience's table unless a test passes another. */
  routes?: Record<string, RouteSpec>;
  /** better-auth's session cookie name (`__Secure-` prefixed when cookies are secure); the web document's. */
  sessionCookie?: string;
}

const TABLES: Record<RouteAudience, Record<string, RouteSpec>> = { web: API_ROUTES, public: V1_ROUTES };

/** The OpenAPI document of one audience's routes: 'public' for /v1, 'web' for the web app's /api. */
export function openApiDocument(
  audience: RouteAudience,
  serverUrl: string,
  { routes = TABLES[audience], sessionCookie = 'better-auth.session_token' }: OpenApiOptions = {},
) {
  const frame = audience === 'public' ? publicFrame() : webFrame(sessionCookie);
  const paths: Record<string, Record<string, ReturnType<typeof operation>>> = {};
  const schemas: Record<string, unknown> = {};
  for (const [name, row] of Object.entries(routes)) {
    if (row.audience !== audience)
      throw new Error(`${name} is a ${row.audience} route, not one of the ${audience} document`);
    const operations = (paths[openApiPath(row.path)] ??= {});
    const method = row.method.toLowerCase();
    if (operations[method]) throw new Error(`Two route table rows for ${row.method} ${row.path}`);
    operations[method] = operation(name, row, frame, schemas);
  }
  return {
    openapi: '3.1.0',
    info: frame.info,
    servers: [{ url: serverUrl }],
    security: [{ [frame.scheme.name]: [] }],
    paths,
    components: {
      securitySchemes: { [frame.scheme.name]: frame.scheme.definition },
      schemas: { ...schemas, Error: jsonSchema(errorBodySchema, 'output') },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
