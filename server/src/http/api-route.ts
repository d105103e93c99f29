import type { Context, Env, Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { API_ROUTES, type ApiRouteName, type ApiRoutes } from '@redflag/contracts/api-routes';
import type { RouteParams, RouteSpec } from '@redflag/contracts/route-spec';
import { V1_ROUTES, type V1RouteName, type V1Routes } from '@redflag/contracts/v1-routes';
import { AppError } from '../lib/app-error.ts';
import type { AppEnv } from './types.ts';
import { parseWith, readJsonBody } from './validate.ts';

/**
 * Declares a route from its row in a route table (docs/decisions/083, 094, 118): `apiRoute` for the web
 * app's rows (packages/contracts api-routes.ts), `v1Route` for the public API's (v1-routes.ts), one
 * mechanism for both. The method and path come from the row, the path parameters, body and query are parsed
 * with the row's schemas, and the handler's answer is typed by the row's response schema, so a handler that
 * drifts from the contract does not compile. The same rows give the client its calls and the OpenAPI
 * documents their operations (api/openapi.ts): a route is declared once.
 *
 * The path parameters are parsed before the handler runs: a value the row's `params` schema refuses names
 * no resource, so the answer is 404 NOT_FOUND. The body and query are parsed when the handler asks for
 * them, so a handler checks the session first and a signed-out request gets 401, not a 422 about its body.
 */
export interface RowRequest<R extends RouteSpec> {
  /** The path parameters the row's path names (`:id` → `params.id`), parsed by its `params` schema if any. */
  params: RouteParams<R>;
  /**
   * The JSON body parsed with the row's body schema (400 for JSON that does not parse, 422 with the fields
   * otherwise). `check` sees the raw value first, for an answer the schema cannot word (the spec's own
   * "Message Required").
   */
  body: R extends { body: infer B extends z.ZodType }
    ? (check?: (raw: unknown) => void) => Promise<z.output<B>>
    : never;
  /** The query string parsed with the row's query schema (422 with the fields). */
  query: R extends { query: infer Q extends z.ZodType } ? () => z.output<Q> : never;
}

/** What the handler answers: the row's response schema's input (204 No Content for `z.undefined()`). */
export type RowAnswer<R extends RouteSpec> = z.input<R['response']>;

export type ApiRequest<N extends ApiRouteName> = RowRequest<ApiRoutes[N]>;
export type ApiAnswer<N extends ApiRouteName> = RowAnswer<ApiRoutes[N]>;
export type ApiHandler<N extends ApiRouteName> = (c: Context<AppEnv>, req: ApiRequest<N>) => Promise<ApiAnswer<N>>;

export type V1Request<N extends V1RouteName> = RowRequest<V1Routes[N]>;
export type V1Answer<N extends V1RouteName> = RowAnswer<V1Routes[N]>;

/** A web app route, from its row of API_ROUTES; `use` puts middleware of its own in front (rate limits). */
export function apiRoute<N extends ApiRouteName>(
  app: Hono<AppEnv>,
  name: N,
  handler: ApiHandler<N>,
  opts: { use?: MiddlewareHandler<AppEnv>[] } = {},
): void {
  declareRow(app, name, API_ROUTES[name], handler, opts.use);
}

/** A public API route, from its row of V1_ROUTES; the key check in front of every /v1 route is the router's. */
export function v1Route<N extends V1RouteName, E extends Env>(
  app: Hono<E>,
  name: N,
  handler: (c: Context<E>, req: V1Request<N>) => Promise<V1Answer<N>>,
): void {
  declareRow(app, name, V1_ROUTES[name], handler);
}

function declareRow<R extends RouteSpec, E extends Env>(
  app: Hono<E>,
  name: string,
  row: R,
  handler: (c: Context<E>, req: RowRequest<R>) => Promise<RowAnswer<R>>,
  use: MiddlewareHandler<E>[] = [],
): void {
  const noContent = row.response.safeParse(undefined).success;
  const status = row.status ?? 200;
  app.on(row.method, [row.path], ...use, async (c: Context<E>) => {
    // The conditional types of RowRequest are what each row's handler sees.
    const answer = await handler(c, rowRequest(c, name, row) as unknown as RowRequest<R>);
    return noContent ? c.body(null, 204) : c.json(answer as object, status);
  });
}

function rowRequest(c: Context, name: string, row: RouteSpec) {
  return {
    params: parseParams(row, c.req.param()),
    body: async (check?: (raw: unknown) => void) => {
      if (!row.body) throw new Error(`${name} takes no body`);
      const raw = await readJsonBody(c);
      check?.(raw);
      return parseWith(row.body, raw);
    },
    query: () => {
      if (!row.query) throw new Error(`${name} takes no query`);
      return parseWith(row.query, c.req.query());
    },
  };
}

function parseParams(row: RouteSpec, raw: Record<string, string>): unknown {
  if (!row.params) return raw;
  const parsed = row.params.safeParse(raw);
  if (!parsed.success) throw new AppError('NOT_FOUND');
  return parsed.data;
}
