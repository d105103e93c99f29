import {
  API_ROUTES,
  apiRoutePath,
  apiRouteSearch,
  type ApiRouteInput,
  type ApiRouteName,
  type ApiRouteResponse,
  type ApiRouteSpec,
} from '@redflag/contracts/api-routes';
import { errorBodySchema, type ErrorBody } from '@redflag/contracts/errors';
import type { PathParamNames, RouteAudience } from '@redflag/contracts/route-spec';
import { V1_ROUTES, type V1RouteName, type V1Routes, type V1RouteSpec } from '@redflag/contracts/v1-routes';
import type { z } from 'zod';
import type { TestApp } from './harness.ts';

/** What a test passes beside the route's own input: the caller's headers (cookie, API key...). */
export interface CallOptions {
  headers?: HeadersInit;
}

/**
 * A body the row's schema refuses, sent as it is instead of `body`: for the tests of the 422 answer, which
 * still call the route by its row and read the error through the error schema.
 */
export type InvalidBody<I> = I extends { body: unknown } ? Omit<I, 'body'> & { invalidBody: unknown } : never;

type CallArgs<N extends ApiRouteName> =
  Record<never, never> extends ApiRouteInput<N>
    ? [input?: ApiRouteInput<N> & CallOptions]
    : [input: (ApiRouteInput<N> | InvalidBody<ApiRouteInput<N>>) & CallOptions];

interface LooseInput extends CallOptions {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  invalidBody?: unknown;
}

/** A 2xx answer parsed by the row's response schema, or the app's error shape parsed by the error schema. */
export type CallResult<N extends ApiRouteName> =
  | { ok: true; status: number; data: ApiRouteResponse<N>; res: Response }
  | { ok: false; status: number; error: ErrorBody['error']; res: Response };

/**
 * The typed test client: a route is called by its row's name in the route table (packages/contracts
 * api-routes.ts), as the web app calls it, with its path parameters, query and body typed from the row.
 * A success is parsed by the row's response schema and an error by the app's error schema, so a test
 * that passes also proves the answer keeps the contract. In the spirit of hono's `testClient`.
 */
export function apiClient(t: Pick<TestApp, 'request'>) {
  return async function call<N extends ApiRouteName>(name: N, ...[input]: CallArgs<N>): Promise<CallResult<N>> {
    const spec: ApiRouteSpec = API_ROUTES[name];
    const loose: LooseInput = input ?? {};
    const { params, query, body = loose.invalidBody, headers } = loose;
    const res = await t.request(apiRoutePath(spec.path, params) + apiRouteSearch(query), {
      method: spec.method,
      headers,
      ...(body !== undefined ? { json: body } : spec.method === 'POST' ? { json: {} } : {}),
    });
    const json = await readJson(res);
    if (res.ok) return { ok: true, status: res.status, data: spec.response.parse(json) as ApiRouteResponse<N>, res };
    return { ok: false, status: res.status, error: errorBodySchema.parse(json).error, res };
  };
}

/** What a `/v1` call passes beside the route's own input: the API key (else the client's) and headers. */
export interface V1CallOptions extends CallOptions {
  /** The API key, sent as `Authorization: Bearer <key>`; overrides the client's own. */
  key?: string;
}

type V1ParamsInput<R extends V1RouteSpec> = R extends { params: infer P extends z.ZodObject }
  ? { params: z.input<P> }
  : [PathParamNames<R['path']>] extends [never]
    ? unknown
    : { params: Record<PathParamNames<R['path']>, string> };
type V1QueryInput<R extends V1RouteSpec> = R extends { query: infer Q extends z.ZodType }
  ? { query?: z.input<Q> }
  : unknown;
type V1BodyInput<R extends V1RouteSpec> = R extends { body: infer B extends z.ZodType }
  ? { body: z.input<B> }
  : unknown;

/** What a call of a `/v1` route needs: path parameters, query and body, each only when the row has one. */
export type V1RouteInput<N extends V1RouteName> = V1ParamsInput<V1Routes[N]> &
  V1QueryInput<V1Routes[N]> &
  V1BodyInput<V1Routes[N]>;
/** The `/v1` route's answer, parsed by its row's response schema. */
export type V1RouteResponse<N extends V1RouteName> = z.output<V1Routes[N]['response']>;

type V1CallArgs<N extends V1RouteName> =
  Record<never, never> extends V1RouteInput<N>
    ? [input?: V1RouteInput<N> & V1CallOptions]
    : [input: (V1RouteInput<N> | InvalidBody<V1RouteInput<N>>) & V1CallOptions];

/** A 2xx answer of a `/v1` route parsed by its row's response schema, or the error shape parsed. */
export type V1CallResult<N extends V1RouteName> =
  | { ok: true; status: number; data: V1RouteResponse<N>; res: Response }
  | { ok: false; status: number; error: ErrorBody['error']; res: Response };

/**
 * The typed `/v1` client: the public API's routes called by their row's name in V1_ROUTES
 * (packages/contracts v1-routes.ts), with the API key as an option (`v1Client(t, { key })` for every call,
 * or `{ key }` on one call; none sends no Authorization header). Path parameters, query and body are typed
 * from the row; a success is parsed by the row's response schema and an error by the app's error schema.
 */
export function v1Client(t: Pick<TestApp, 'request'>, defaults: { key?: string } = {}) {
  return async function call<N extends V1RouteName>(name: N, ...[input]: V1CallArgs<N>): Promise<V1CallResult<N>> {
    const spec: V1RouteSpec = V1_ROUTES[name];
    const loose: LooseInput & V1CallOptions = input ?? {};
    const { params, query, body = loose.invalidBody, headers, key = defaults.key } = loose;
    const h = new Headers(headers);
    if (key !== undefined && !h.has('authorization')) h.set('authorization', `Bearer ${key}`);
    const res = await t.request(apiRoutePath(spec.path, params) + apiRouteSearch(query), {
      method: spec.method,
      headers: h,
      ...(body !== undefined ? { json: body } : spec.method === 'GET' ? {} : { json: {} }),
    });
    const json = await readJson(res);
    if (res.ok) return { ok: true, status: res.status, data: spec.response.parse(json) as V1RouteResponse<N>, res };
    return { ok: false, status: res.status, error: errorBodySchema.parse(json).error, res };
  };
}

/** The OpenAPI document of an audience as served (`/v1/openapi.json` for 'public', `/api/openapi.json` for 'web'). */
export async function servedOpenApi(t: Pick<TestApp, 'request'>, audience: RouteAudience): Promise<unknown> {
  const res = await t.request(audience === 'public' ? '/v1/openapi.json' : '/api/openapi.json');
  if (res.status !== 200) throw new Error(`The ${audience} OpenAPI document answered ${res.status}`);
  if (!res.headers.get('content-type')?.startsWith('application/json')) throw new Error('Not JSON');
  return res.json();
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.clone().text();
  return text ? JSON.parse(text) : undefined;
}

/**
 * The data of a call that had to succeed, with the status it had to answer (when given); else it throws
 * with the status and error code the call got, so the failure names what went wrong.
 */
export function okData<D>(
  result: { ok: true; status: number; data: D } | { ok: false; status: number; error: ErrorBody['error'] },
  status?: number,
): D {
  if (!result.ok)
    throw new Error(`Expected a success, got ${result.status} ${result.error.code}: ${result.error.message}`);
  if (status !== undefined && result.status !== status) throw new Error(`Expected ${status}, got ${result.status}`);
  return result.data;
}

/**
 * A bare app (a Hono app built in a test) as the typed clients' transport: `json` is sent as the harness
 * sends it, so a test of the declaration helpers calls its routes by their rows too.
 */
export function overApp(app: {
  request: (path: string, init?: RequestInit) => Response | Promise<Response>;
}): Pick<TestApp, 'request'> {
  return {
    async request(path, init = {}) {
      const { json, headers, ...rest } = init;
      const h = new Headers(headers);
      if (json !== undefined) h.set('content-type', 'application/json');
      return app.request(path, { ...rest, headers: h, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) });
    },
  };
}
