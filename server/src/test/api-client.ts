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
import type { TestApp } from './harness.ts';

/** What a test passes beside the route's own input: the caller's headers (cookie, API key...). */
export interface CallOptions {
  headers?: HeadersInit;
}

type CallArgs<N extends ApiRouteName> =
  Record<never, never> extends ApiRouteInput<N>
    ? [input?: ApiRouteInput<N> & CallOptions]
    : [input: ApiRouteInput<N> & CallOptions];

interface LooseInput extends CallOptions {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
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
    const { params, query, body, headers }: LooseInput = input ?? {};
    const res = await t.request(apiRoutePath(spec.path, params) + apiRouteSearch(query), {
      method: spec.method,
      headers,
      ...(body !== undefined ? { json: body } : spec.method === 'POST' ? { json: {} } : {}),
    });
    const text = await res.clone().text();
    const json: unknown = text ? JSON.parse(text) : undefined;
    if (res.ok) return { ok: true, status: res.status, data: spec.response.parse(json) as ApiRouteResponse<N>, res };
    return { ok: false, status: res.status, error: errorBodySchema.parse(json).error, res };
  };
}
