import type { Context, Env, Hono } from 'hono';
import type { z } from 'zod';
import { V1_ROUTES, type V1RouteName, type V1Routes } from '@redflag/contracts/v1-routes';
import { rowRequest } from './api-route.ts';

/**
 * Declares a route of the public API from its row in the /v1 route table (packages/contracts
 * v1-routes.ts), as `apiRoute` does for the web app's rows: the method and path come from the row, the body
 * and query are parsed with the row's schemas when the handler asks for them (after the key check, which
 * sits in front of every /v1 route), and the handler's answer is typed by the row's response schema and sent
 * with the row's status. The same rows generate the /v1 OpenAPI document (api/openapi.ts).
 */
type Row<N extends V1RouteName> = V1Routes[N];

export interface V1Request<N extends V1RouteName> {
  params: Record<string, string>;
  /** The JSON body parsed with the row's schema (400 for JSON that does not parse, 422 otherwise); `check` sees it raw first. */
  body: Row<N> extends { body: infer B extends z.ZodType } ? (check?: (raw: unknown) => void) => Promise<z.output<B>> : never;
  /** The query string parsed with the row's schema (422 with the fields). */
  query: Row<N> extends { query: infer Q extends z.ZodType } ? () => z.output<Q> : never;
}

export type V1Answer<N extends V1RouteName> = z.input<Row<N>['response']>;

export function v1Route<N extends V1RouteName, E extends Env>(app: Hono<E>, name: N, handler: (c: Context<E>, req: V1Request<N>) => Promise<V1Answer<N>>): void {
  const row = V1_ROUTES[name] as V1Routes[V1RouteName];
  const status = 'status' in row ? row.status : 200;
  app.on(row.method, [row.path], async (c) => {
    // The conditional types above are what each row's handler sees.
    const answer = await handler(c as Context<E>, rowRequest(c, name, row) as unknown as V1Request<N>);
    return c.json(answer as object, status);
  });
}
