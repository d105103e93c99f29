import { z } from 'zod';
import { errorBodySchema } from '@redflag/contracts/errors';
import { V1_ROUTES, type V1RouteName, type V1RouteSpec } from '@redflag/contracts/v1-routes';
import type { RateRule } from '../http/rate-limit.ts';
import { API_PER_KEY, LOOKUPS_PER_USER } from './rate-limit-headers.ts';

/**
 * The OpenAPI 3.1 document of /v1, generated from the /v1 route table (packages/contracts v1-routes.ts),
 * whose rows the routes are declared from (http/v1-route.ts): one operation per row, so a route is written
 * once and the document cannot drift from the code. A request is described as the schema accepts it
 * (io: 'input'), a response as the schema produces it (io: 'output'). OpenAPI 3.1's schema dialect is JSON
 * Schema 2020-12, which zod writes directly.
 */

/** The JSON Schema of a zod schema, without its `$schema` line (the document's dialect covers it). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io });
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ref('Error') } },
});

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

const common = {
  '401': errorResponse('No API key, an unknown one, or a revoked one (`UNAUTHORIZED`).'),
  '429': {
    ...errorResponse("Over this key's rate limit (`RATE_LIMITED`); `Retry-After` says when to try again."),
    headers: { ...rateLimitHeaders, 'Retry-After': { schema: { type: 'integer' } } },
  },
  '500': errorResponse('Something went wrong on our side (`INTERNAL_ERROR`).'),
};

/** Per-account limits a row spends besides the key's own, named in its description and headers. */
const ROW_LIMITS: Partial<Record<V1RouteName, RateRule>> = { lookup: LOOKUPS_PER_USER };

/** `/v1/scans/:id` → `/v1/scans/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

function parameters(row: V1RouteSpec) {
  const out: Array<Record<string, unknown>> = [];
  if (row.params) {
    const schema = jsonSchema(row.params, 'input');
    const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
    for (const [name, property] of Object.entries(properties)) out.push({ name, in: 'path', required: true, schema: property });
  }
  if (row.query) {
    const schema = jsonSchema(row.query, 'input');
    const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
    const required = new Set((schema.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      const description = row.queryDescriptions?.[name];
      out.push({ name, in: 'query', required: required.has(name), ...(description ? { description } : {}), schema: property });
    }
  }
  for (const [name, header] of Object.entries(row.requestHeaders ?? {})) {
    out.push({ name, in: 'header', required: false, description: header.description, schema: jsonSchema(header.schema, 'input') });
  }
  return out;
}

function operation(name: V1RouteName, row: V1RouteSpec) {
  const limit = ROW_LIMITS[name];
  const limitNote = limit
    ? ` Besides this key's quota, each account has ${limit.limit} of these per ${limit.windowSeconds / 3600} hours (\`"${limit.name}"\` in the RateLimit headers).`
    : '';
  const params = parameters(row);
  return {
    operationId: name,
    summary: row.summary,
    description: row.description + limitNote,
    ...(params.length ? { parameters: params } : {}),
    ...(row.body ? { requestBody: { required: true, content: { 'application/json': { schema: ref(row.bodyName ?? 'Request') } } } } : {}),
    responses: {
      [String(row.status ?? 200)]: {
        description: row.answers,
        headers: { ...rateLimitHeaders, ...(row.responseHeaders ?? {}) },
        content: { 'application/json': { schema: ref(row.responseName) } },
      },
      ...(row.errors['400'] ? { '400': errorResponse(row.errors['400']) } : {}),
      ...common,
      ...Object.fromEntries(Object.entries(row.errors).filter(([status]) => status !== '400').map(([status, text]) => [status, errorResponse(text)])),
    },
  };
}

export function openApiDocument(serverUrl: string, routes: Record<V1RouteName, V1RouteSpec> = V1_ROUTES) {
  const paths: Record<string, Record<string, ReturnType<typeof operation>>> = {};
  const schemas: Record<string, unknown> = {};
  for (const [name, row] of Object.entries(routes) as [V1RouteName, V1RouteSpec][]) {
    const operations = (paths[openApiPath(row.path)] ??= {});
    const method = row.method.toLowerCase();
    if (operations[method]) throw new Error(`Two /v1 rows for ${row.method} ${row.path}`);
    operations[method] = operation(name, row);
    if (row.body) schemas[row.bodyName ?? 'Request'] = jsonSchema(row.body, 'input');
    schemas[row.responseName] = jsonSchema(row.response, 'output');
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'RedFlag API',
      version: '1.0.0',
      description:
        'Check a message for scam signs with the same engine, plan and quotas as the RedFlag web app. Create an API key on your account page and send it as `Authorization: Bearer rf_live_...`. A free account has the same trial scans as on the web, phone and e-mail verification included; after the trial they need Premium.',
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key from your account page (`rf_live_...`).' },
      },
      schemas: { ...schemas, Error: jsonSchema(errorBodySchema, 'output') },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
