import { z } from 'zod';
import {
  apiScanSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyKeySchema,
} from './api.ts';
import {
  lookupQuerySchema,
  lookupResponseSchema,
  REPORTS_ARE_NOT_PROOF,
  SIGHTING_THRESHOLD,
  SIGHTING_WINDOW_DAYS,
} from './reputation.ts';
import { scanRequestSchema } from './scan.ts';
import { scanContextPatchSchema } from './scan-context.ts';
import type { RouteSpec } from './route-spec.ts';

/**
 * The public API (/v1), one row per route, in the one route spec the web app's rows use (route-spec.ts,
 * docs/decisions/118) with audience 'public': the server declares each route from its row
 * (server/src/http/api-route.ts `v1Route`: method, path, parsed path parameters, query and body, typed
 * answer) and the OpenAPI document of /v1 is generated from the rows (server/src/api/openapi.ts), so a route
 * is written once. Every row needs an API key (`Authorization: Bearer rf_live_...`); the key check, its
 * rate limit and no-store sit in front of all of them. Besides what the web app's rows say, a row carries
 * what the document tells developers: a summary, a description, the answers it can give, the names of its
 * schemas and the request and response headers it reads or sets.
 */
export type V1RouteSpec = RouteSpec & {
  audience: 'public';
  method: 'GET' | 'POST' | 'PATCH';
  path: `/v1/${string}`;
  responseName: string;
  summary: string;
  description: string;
  answers: string;
  errors: Record<string, string>;
};

const v1 = <const R extends Omit<V1RouteSpec, 'audience'>>(spec: R): R & { audience: 'public' } => ({
  audience: 'public',
  ...spec,
});

export const V1_ROUTES = {
  createScan: v1({
    method: 'POST',
    path: '/v1/scans',
    body: scanRequestSchema,
    bodyName: 'ScanRequest',
    response: apiScanSchema,
    responseName: 'Scan',
    status: 201,
    summary: 'Scan a message',
    description: `Analyses the message and stores the scan in your history. A whole conversation (a pasted thread or a chat export's text) is split into turns and read as one: the answer's \`conversation\` lists them, with the turn where it turned. An optional \`context\` gives what you know about the sender (see PATCH /v1/scans/{id}). Send an \`${IDEMPOTENCY_KEY_HEADER}\` to retry safely: the same key with the same body answers the same scan for ${IDEMPOTENCY_KEY_TTL_HOURS} hours (with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`), the same key with another body answers 422.`,
    answers: 'The stored scan, with its verdict.',
    requestHeaders: {
      [IDEMPOTENCY_KEY_HEADER]: {
        schema: idempotencyKeySchema,
        description: `Any unique string (a UUID is a good choice), kept ${IDEMPOTENCY_KEY_TTL_HOURS} hours per API key.`,
      },
    },
    responseHeaders: {
      Location: { description: 'Where to read the scan again.', schema: { type: 'string' } },
      [IDEMPOTENT_REPLAYED_HEADER]: {
        description: 'Present (`true`) when this answers an earlier request with the same Idempotency-Key.',
        schema: { type: 'string', enum: ['true'] },
      },
    },
    errors: {
      '400': 'The body is not JSON (`BAD_REQUEST`).',
      '403':
        'The plan does not allow this scan: `SCAN_LIMIT_REACHED` (the free trial scans are used), `TRIAL_EXPIRED`, `PAYMENT_SETUP_REQUIRED`, or `PREMIUM_REQUIRED` for phone / e-mail verification.',
      '409': 'A request with the same Idempotency-Key is still running (`CONFLICT`).',
      '413': 'The body is too large (`PAYLOAD_TOO_LARGE`).',
      '415': 'The body is not sent as `application/json` (`UNSUPPORTED_MEDIA_TYPE`).',
      '422':
        'The request is not valid (`MESSAGE_REQUIRED`, `VALIDATION_ERROR`), or its Idempotency-Key was used with another body.',
    },
  }),
  getScan: v1({
    method: 'GET',
    path: '/v1/scans/:id',
    params: z.object({ id: z.uuid() }),
    response: apiScanSchema,
    responseName: 'Scan',
    summary: 'Read a scan',
    description: "One of your scans. Another account's scan, a deleted one and an unknown id all answer 404.",
    answers: 'The stored scan, with its verdict.',
    errors: { '404': 'No such scan in your account (`NOT_FOUND`).' },
  }),
  answerScan: v1({
    method: 'PATCH',
    path: '/v1/scans/:id',
    params: z.object({ id: z.uuid() }),
    body: scanContextPatchSchema,
    bodyName: 'ScanContextPatch',
    response: apiScanSchema,
    responseName: 'Scan',
    summary: "Answer a scan's questions",
    description:
      "Gives (or changes) what you know about the sender and the chat: `knowsSender`, `contactedFirst`, `movedApps`, `mentionedInvestment`, `askedForMoney`, each a yes/no, unanswered ones left out. The scan is re-scored with the answers as evidence you gave (each shown as a reason in your words) and stored; the answers replace any given before. A scan's `questions` lists the ones whose answer could move its verdict. Re-scoring does not count as a new scan.",
    answers: 'The stored scan, re-scored, with its verdict.',
    errors: {
      '400': 'The body is not JSON (`BAD_REQUEST`).',
      '404': 'No such scan in your account (`NOT_FOUND`).',
      '415': 'The body is not sent as `application/json` (`UNSUPPORTED_MEDIA_TYPE`).',
      '422': 'An unknown field, or an answer that is not `true` or `false` (`VALIDATION_ERROR`).',
    },
  }),
  lookup: v1({
    method: 'GET',
    path: '/v1/lookup',
    query: lookupQuerySchema,
    queryDescriptions: {
      phone:
        'A phone number, best in international format (`+1 202 555 0143`); without a country code it is read as a US number.',
      email: 'An e-mail address.',
      url: 'An http(s) link, with or without its scheme.',
    },
    response: lookupResponseSchema,
    responseName: 'Lookup',
    summary: 'Look up a number, an address or a link',
    description: `Premium. What RedFlag knows of one phone number, e-mail address or link: the public known-bad lists that have the link (or its site, or the address's domain), and how many other accounts' flagged scans named it within ${SIGHTING_WINDOW_DAYS} days, once at least ${SIGHTING_THRESHOLD} different accounts did (your own scans are not counted). ${REPORTS_ARE_NOT_PROOF} A lookup reports nothing itself. Give exactly one of \`phone\`, \`email\`, \`url\`.`,
    answers: 'What the lists and the reports hold, and what that means (`notes`).',
    errors: {
      '403': 'Lookups need Premium (`PREMIUM_REQUIRED`).',
      '422': 'Not exactly one of phone, email and url, or not a valid one (`VALIDATION_ERROR`).',
    },
  }),
} as const satisfies Record<string, V1RouteSpec>;

export type V1Routes = typeof V1_ROUTES;
export type V1RouteName = keyof V1Routes;
