import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Config } from '../config.ts';
import { errorBody } from './error-handler.ts';

/**
 * The test provider's checkout and portal forms (billing/local.pages.ts) carry a card number, an expiry and a
 * CVC: a few hundred bytes. 8 KiB leaves room for a browser's extra fields and nothing more.
 */
export const BILLING_FORM_LIMIT_BYTES = 8 * 1024;

/**
 * POST /share (the share target's fallback when no service worker is active) may carry a shared screenshot
 * (the analyzer takes images up to 15 MB): the route reads only the text before it and cancels the rest
 * (share-target/shared-form.ts), so a share with an image is not refused before its text is read.
 */
export const SHARE_FORM_LIMIT_BYTES = 16 * 1024 * 1024;

/** The most a request to `path` may carry: 8 KiB under /billing/, 16 MiB at /share, BODY_LIMIT_BYTES anywhere else. */
export function bodyLimitFor(path: string, config: Pick<Config, 'bodyLimitBytes'>): number {
  if (isBillingPage(path)) return BILLING_FORM_LIMIT_BYTES;
  return path === '/share' ? SHARE_FORM_LIMIT_BYTES : config.bodyLimitBytes;
}

function isBillingPage(path: string): boolean {
  return path === '/billing' || path.startsWith('/billing/');
}

/**
 * One request body limit for every path, mounted before anything reads a body: the
 * unstorable-text check, the CSRF check, better-auth, the Stripe webhook (which reads the raw text), the
 * billing forms and any route added later. A declared Content-Length over the limit is answered 413 at once,
 * without reading a byte; a chunked body is read only up to the limit. The answer is the spec's
 * PAYLOAD_TOO_LARGE, the same everywhere.
 */
export function limitRequestBodies(config: Pick<Config, 'bodyLimitBytes'>): MiddlewareHandler {
  const onError: Parameters<typeof bodyLimit>[0]['onError'] = (c) =>
    c.json(errorBody('PAYLOAD_TOO_LARGE', 'Request body too large'), 413);
  // One of hono's limiters per limit bodyLimitFor gives, for a chunked body.
  const chunked = new Map(
    [config.bodyLimitBytes, BILLING_FORM_LIMIT_BYTES, SHARE_FORM_LIMIT_BYTES].map((maxSize) => [
      maxSize,
      bodyLimit({ maxSize, onError }),
    ]),
  );
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const max = bodyLimitFor(c.req.path, config);
    // A declared length, not chunked: decided from the headers alone, as hono's bodyLimit does, but without
    // touching the body. Asking a request for its body stream makes @hono/node-server build a web Request and
    // stream for it; left alone, the route reads the body straight from Node's socket (decision 127).
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined)
      return Number.parseInt(length, 10) > max ? onError(c) : next();
    return chunked.get(max)!(c, next);
  };
}
