import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '@redflag/contracts/text';
import { AppError } from '../lib/app-error.ts';

/** Reads a JSON body (an empty body is `{}`); answers 400 when it is not JSON. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    throw new AppError('BAD_REQUEST', 'The request body is not valid JSON');
  }
}

/** Reads a JSON body and parses it with a contracts schema; answers 400 / 422 with field details. */
export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  return parseWith(schema, await readJsonBody(c));
}

export function parseWith<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw);
  if (!result.success) {
    const fields = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw new AppError('VALIDATION_ERROR', fields[0]?.message ?? 'Invalid request', { details: { fields } });
  }
  return result.data;
}

function unstorable(path: string[]): AppError {
  const where = path.join('.');
  return new AppError('VALIDATION_ERROR', UNSTORABLE_TEXT_MESSAGE, {
    details: { fields: [{ path: where, message: UNSTORABLE_TEXT_MESSAGE }] },
  });
}

/**
 * Paths whose handlers read the request's own body (`c.req.raw`) rather than through `c.req`: better-auth's
 * endpoints, and the share target's multipart stream. The check below reads a clone there, so their body
 * stays unread; everywhere else it reads the body once through `c.req.text()`, which keeps the text for the
 * route (readJsonBody, the webhook's raw text, the billing forms) and lets @hono/node-server read it straight
 * from the socket, without a web stream or a tee (decision 127). A new route that reads `c.req.raw`'s body
 * belongs on this list: elsewhere that body has been read already.
 */
export function readsRawBody(path: string): boolean {
  return path.startsWith('/api/auth/') || path === '/share';
}

/**
 * The edge check for text the database cannot store (NUL, a lone surrogate), before any route, rate limit
 * or better-auth endpoint reads the request: in the path, the query, and a JSON or form body, a 422 with
 * the field's path instead of a 500 from the query. The contracts' schemas check the same per field
 * (storableString); this covers what no schema of ours reads first. A multipart body (the share target's,
 * with its screenshot) is not read here: nothing in it could parse as JSON or a form.
 */
export function rejectUnstorableText(): MiddlewareHandler {
  return async (c, next) => {
    // Each path segment as a route parameter would read it (a segment that does not decode stays raw).
    const segments = new URL(c.req.url).pathname.split('/').map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
    if (findUnstorableText(segments)) throw unstorable(['path']);
    const inQuery = findUnstorableText(c.req.queries());
    if (inQuery) throw unstorable(inQuery);
    const type = c.req.header('content-type') ?? '';
    if (
      c.req.method !== 'GET' &&
      c.req.method !== 'HEAD' &&
      c.req.header('content-length') !== '0' &&
      !/^multipart\//i.test(type)
    ) {
      const text = readsRawBody(c.req.path) ? await c.req.raw.clone().text() : await c.req.text();
      let body: unknown = null;
      if (/^application\/x-www-form-urlencoded/i.test(type)) body = Object.fromEntries(new URLSearchParams(text));
      else {
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          // Not JSON: the route answers that itself (400), and no field of it reaches the database.
        }
      }
      const inBody = findUnstorableText(body);
      if (inBody) throw unstorable(inBody);
    }
    await next();
  };
}
