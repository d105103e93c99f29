import { z } from 'zod';
import {
  apiScanSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  IDEMPOTENCY_KEY_TTL_HOURS,
  idempotencyKeySchema,
} from '@redflag/contracts/api';
import { errorBodySchema } from '@redflag/contracts/errors';
import { scanRequestSchema } from '@redflag/contracts/scan';
import { lookupResponseSchema, REPORTS_ARE_NOT_PROOF, SIGHTING_THRESHOLD, SIGHTING_WINDOW_DAYS } from '@redflag/contracts/reputation';
import { API_PER_KEY, LOOKUPS_PER_USER } from './rate-limit-headers.ts';

/**
 * The OpenAPI 3.1 document of /v1, generated from the same zod schemas the routes parse with and answer
 * in (packages/contracts), so the document cannot drift from the code: a request is described as the
 * schema accepts it (io: 'input'), a response as the schema produces it (io: 'output'). OpenAPI 3.1's
 * schema dialect is JSON Schema 2020-12, which zod writes directly.
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

export function openApiDocument(serverUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'RedFlag API',
      version: '1.0.0',
      description:
        'Check a message for scam signs with the same engine, plan and quotas as the RedFlag web app. Create an API key on your account page and send it as `Authorization: Bearer rf_live_...`. A free account has the same trial scans as on the web; phone and e-mail verification need Premium.',
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }],
    paths: {
      '/v1/scans': {
        post: {
          operationId: 'createScan',
          summary: 'Scan a message',
          description: `Analyses the message and stores the scan in your history. Send an \`${IDEMPOTENCY_KEY_HEADER}\` to retry safely: the same key with the same body answers the same scan for ${IDEMPOTENCY_KEY_TTL_HOURS} hours (with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`), the same key with another body answers 422.`,
          parameters: [
            {
              name: IDEMPOTENCY_KEY_HEADER,
              in: 'header',
              required: false,
              description: `Any unique string (a UUID is a good choice), kept ${IDEMPOTENCY_KEY_TTL_HOURS} hours per API key.`,
              schema: jsonSchema(idempotencyKeySchema, 'input'),
            },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: ref('ScanRequest') } } },
          responses: {
            '201': {
              description: 'The stored scan, with its verdict.',
              headers: {
                ...rateLimitHeaders,
                Location: { description: 'Where to read the scan again.', schema: { type: 'string' } },
                [IDEMPOTENT_REPLAYED_HEADER]: {
                  description: 'Present (`true`) when this answers an earlier request with the same Idempotency-Key.',
                  schema: { type: 'string', enum: ['true'] },
                },
              },
              content: { 'application/json': { schema: ref('Scan') } },
            },
            '400': errorResponse('The body is not JSON (`BAD_REQUEST`).'),
            ...common,
            '403': errorResponse(
              'The plan does not allow this scan: `SCAN_LIMIT_REACHED` (the free trial scans are used), `TRIAL_EXPIRED`, `PAYMENT_SETUP_REQUIRED`, or `PREMIUM_REQUIRED` for phone / e-mail verification.',
            ),
            '409': errorResponse('A request with the same Idempotency-Key is still running (`CONFLICT`).'),
            '413': errorResponse('The body is too large (`PAYLOAD_TOO_LARGE`).'),
            '415': errorResponse('The body is not sent as `application/json` (`UNSUPPORTED_MEDIA_TYPE`).'),
            '422': errorResponse(
              'The request is not valid (`MESSAGE_REQUIRED`, `VALIDATION_ERROR`), or its Idempotency-Key was used with another body.',
            ),
          },
        },
      },
      '/v1/scans/{id}': {
        get: {
          operationId: 'getScan',
          summary: 'Read a scan',
          description: "One of your scans. Another account's scan, a deleted one and an unknown id all answer 404.",
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
          responses: {
            '200': {
              description: 'The stored scan, with its verdict.',
              headers: rateLimitHeaders,
              content: { 'application/json': { schema: ref('Scan') } },
            },
            ...common,
            '404': errorResponse('No such scan in your account (`NOT_FOUND`).'),
          },
        },
      },
      '/v1/lookup': {
        get: {
          operationId: 'lookup',
          summary: 'Look up a number, an address or a link',
          description: `Premium. What RedFlag knows of one phone number, e-mail address or link: the public known-bad lists that have the link (or its site, or the address's domain), and how many other accounts' flagged scans named it within ${SIGHTING_WINDOW_DAYS} days, once at least ${SIGHTING_THRESHOLD} different accounts did (your own scans are not counted). ${REPORTS_ARE_NOT_PROOF} A lookup reports nothing itself. Give exactly one of \`phone\`, \`email\`, \`url\`. Besides this key's quota, each account has ${LOOKUPS_PER_USER.limit} lookups per ${LOOKUPS_PER_USER.windowSeconds / 3600} hours (\`"${LOOKUPS_PER_USER.name}"\` in the RateLimit headers).`,
          parameters: [
            { name: 'phone', in: 'query', required: false, description: 'A phone number, best in international format (`+1 202 555 0143`); without a country code it is read as a US number.', schema: { type: 'string', maxLength: 40 } },
            { name: 'email', in: 'query', required: false, description: 'An e-mail address.', schema: { type: 'string', maxLength: 320 } },
            { name: 'url', in: 'query', required: false, description: 'An http(s) link, with or without its scheme.', schema: { type: 'string', maxLength: 2048 } },
          ],
          responses: {
            '200': {
              description: 'What the lists and the reports hold, and what that means (`notes`).',
              headers: rateLimitHeaders,
              content: { 'application/json': { schema: ref('Lookup') } },
            },
            ...common,
            '403': errorResponse('Lookups need Premium (`PREMIUM_REQUIRED`).'),
            '422': errorResponse('Not exactly one of phone, email and url, or not a valid one (`VALIDATION_ERROR`).'),
          },
        },
      },
    },
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key from your account page (`rf_live_...`).' },
      },
      schemas: {
        ScanRequest: jsonSchema(scanRequestSchema, 'input'),
        Scan: jsonSchema(apiScanSchema, 'output'),
        Lookup: jsonSchema(lookupResponseSchema, 'output'),
        Error: jsonSchema(errorBodySchema, 'output'),
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
