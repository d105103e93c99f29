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
 * The edge check for text the database cannot store (NUL, a lone surrogate), before any route, rate limit
 * or better-auth endpoint reads the request: in the path, the query, and a JSON or form body, a 422 with
 * the field's path instead of a 500 from the query. The contracts' schemas check the same per field
 * (storableString); this covers what no schema of ours reads first. Reads a clone: the body stays unread.
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
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.raw.body) {
      const type = c.req.header('content-type') ?? '';
      const text = await c.req.raw.clone().text();
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
