import { z } from 'zod';

/**
 * Text the database can store as it was sent. PostgreSQL refuses the NUL character in text, and a lone
 * UTF-16 surrogate has no UTF-8 form (the driver would store U+FFFD instead: silently altered). Such text is
 * refused at the edge with a 422 naming the field, never cleaned up.
 */

export const UNSTORABLE_TEXT_MESSAGE =
  'This text contains a character that cannot be saved (a NUL character or a broken Unicode character). Remove it and try again.';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** A string the database can store. Start every text field of a request schema with it. */
export function storableString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE, abort: true });
}

/**
 * The path of the first string (value or key) in a parsed JSON body, query or form that the database
 * could not store, or null. For bodies no schema of ours reads first (better-auth's endpoints).
 */
export function findUnstorableText(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, key];
    const found = findUnstorableText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}
