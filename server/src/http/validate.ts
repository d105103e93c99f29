import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from '../lib/app-error.ts';

/** Reads a JSON body and parses it with a contracts schema; answers 400 / 422 with field details. */
export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let raw: unknown;
  const text = await c.req.text();
  try {
    raw = text ? JSON.parse(text) : {};
  } catch {
    throw new AppError('BAD_REQUEST', 'The request body is not valid JSON');
  }
  return parseWith(schema, raw);
}

export function parseWith<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw);
  if (!result.success) {
    const fields = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw new AppError('VALIDATION_ERROR', fields[0]?.message ?? 'Invalid request', { details: { fields } });
  }
  return result.data;
}
