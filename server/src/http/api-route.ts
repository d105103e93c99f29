import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { API_ROUTES, type ApiRouteName, type ApiRoutes, type PathParamNames } from '@redflag/contracts/api-routes';
import type { AppEnv } from './types.ts';
import { parseWith, readJsonBody } from './validate.ts';

/**
 * Declares a route of the web app's API from its row in the contracts' route table (docs/decisions/083, 094):
 * the method and path come from the row, the body and query are parsed with the row's schemas, and the
 * handler's answer is typed by the row's response schema, so a handler that drifts from the contract the
 * client parses does not compile. The same rows give the client its calls and /api/openapi.json its
 * operations: a route is declared once.
 *
 * The body and query are parsed when the handler asks for them, so a handler checks the session first and a
 * signed-out request gets 401, not a 422 about its body.
 */
type Row<N extends ApiRouteName> = ApiRoutes[N];

export interface ApiRequest<N extends ApiRouteName> {
  /** The path parameters the row's path names (`:id` → `params.id`). */
  params: Record<PathParamNames<Row<N>['path']>, string>;
  /**
   * The JSON body parsed with the row's body schema (400 for JSON that does not parse, 422 with the fields
   * otherwise). `check` sees the raw value first, for an answer the schema cannot word (the spec's own
   * "Message Required").
   */
  body: Row<N> extends { body: infer B extends z.ZodType }
    ? (check?: (raw: unknown) => void) => Promise<z.output<B>>
    : never;
  /** The query string parsed with the row's query schema (422 with the fields). */
  query: Row<N> extends { query: infer Q extends z.ZodType } ? () => z.output<Q> : never;
}

/** What the handler answers: the row's response schema's input (204 No Content for `z.undefined()`). */
export type ApiAnswer<N extends ApiRouteName> = z.input<Row<N>['response']>;

export type ApiHandler<N extends ApiRouteName> = (c: Context<AppEnv>, req: ApiRequest<N>) => Promise<ApiAnswer<N>>;

export function apiRoute<N extends ApiRouteName>(
  app: Hono<AppEnv>,
  name: N,
  handler: ApiHandler<N>,
  opts: { use?: MiddlewareHandler<AppEnv>[] } = {},
): void {
  const row: ApiRoutes[ApiRouteName] = API_ROUTES[name];
  const noContent = row.response.safeParse(undefined).success;
  const status = 'status' in row ? row.status : 200;
  app.on(row.method, [row.path], ...(opts.use ?? []), async (c) => {
    // The conditional types above are what each row's handler sees.
    const answer = await handler(c, rowRequest(c, name, row) as unknown as ApiRequest<N>);
    return noContent ? c.body(null, 204) : c.json(answer as object, status);
  });
}

/**
 * A route table row's request as its handler reads it: the path parameters, and the body and query parsed
 * with the row's schemas when asked for. Shared by `apiRoute` and the public API's `v1Route`.
 */
export function rowRequest(c: Context, name: string, row: { response: z.ZodType; body?: z.ZodType; query?: z.ZodType }) {
  return {
    params: c.req.param() as Record<string, string>,
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
