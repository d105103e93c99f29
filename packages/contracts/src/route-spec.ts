import type { z } from 'zod';

/**
 * One shape for every route the server declares from a table (docs/decisions/118): the web app's own API
 * (api-routes.ts, audience 'web') and the public API (v1-routes.ts, audience 'public'). The server declares
 * each route from its row (server/src/http/api-route.ts) and one generator writes each audience's OpenAPI
 * document from the rows (server/src/api/openapi.ts); what differs by audience is only the credential in
 * front of the rows and the document's frame (title, security, the error answers every route shares).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** 'web': the web app's /api, behind the session. 'public': /v1, behind an API key. */
export type RouteAudience = 'web' | 'public';

export interface RouteSpec {
  audience: RouteAudience;
  method: HttpMethod;
  /** Parameters are named `:like-this`. */
  path: `/${string}`;
  /**
   * The path parameters' schema. The handler gets them parsed; a value the schema refuses names no
   * resource, so the route answers 404 NOT_FOUND before reading anything else. Without it each parameter
   * is a string.
   */
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The 2xx body; `z.undefined()` for 204 No Content. */
  response: z.ZodType;
  /** The 2xx status when it is 201 (else 200, or 204 for `z.undefined()`). */
  status?: 201;
  /** The response headers the caller reads, by lower-case name. */
  headers?: z.ZodObject;
  /** 'public': answers without the audience's credential. Absent: needs it (401 UNAUTHORIZED without). */
  access?: 'public';

  // What the document tells developers. Optional: without them the operation is named from the row.
  /** One line; else the row's name in words. */
  summary?: string;
  description?: string;
  /** What the 2xx answer is; else "OK" (or "Done; no body." for 204). */
  answers?: string;
  /** What each query parameter is. */
  queryDescriptions?: Record<string, string>;
  /** Name of the body's schema under the document's components; else the schema is written inline. */
  bodyName?: string;
  /** Name of the answer's schema under the document's components; else the schema is written inline. */
  responseName?: string;
  /** Request headers the route reads, with their schema and description. */
  requestHeaders?: Record<string, { schema: z.ZodType; description: string }>;
  /** Response headers the route sets, for the document only (the caller reads none of them). */
  responseHeaders?: Record<string, { description: string; schema: Record<string, unknown> }>;
  /** The error answers this route gives besides those every route of its audience gives, by status. */
  errors?: Record<string, string>;
}

/** 'id' | 'token' from '/api/scans/:id/share' and the like. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A row's path parameters as its handler reads them: parsed by its `params` schema, else strings. */
export type RouteParams<R extends RouteSpec> = R extends { params: infer P extends z.ZodObject }
  ? z.output<P>
  : Record<PathParamNames<R['path']>, string>;
