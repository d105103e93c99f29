import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { isLocalHostname, type Config } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import { clientIp } from './rate-limit.ts';

/**
 * Strict security headers and a Content-Security-Policy the client works under: scripts only from this
 * origin, no framing, no plugins. Inline style attributes are allowed because Radix positions popovers with
 * them; images may come from https (profile pictures from Google / Facebook).
 */
export function securityHeaders(production: boolean) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // wasm-unsafe-eval lets WebAssembly compile (the in-browser OCR, decision 067); JS eval stays off.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      ...(production ? { upgradeInsecureRequests: [] } : {}),
    },
    strictTransportSecurity: production ? 'max-age=63072000; includeSubDomains' : false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The Stripe webhook: signed by the sender and verified on the raw bytes, no browser origin, no JSON
 * requirement. /share: the share target's fallback, posted by the operating system's share sheet (its
 * Origin may be opaque); it changes nothing and reads no cookie, it only redirects to the analyzer with the
 * shared text to review.
 */
const EXEMPT_PATHS = new Set(['/api/stripe/webhook', '/share']);

/** The origin of an Origin or Referer header value; null when it is not a URL (or is the opaque "null"). */
function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Server-side CSRF check for every state-changing request (docs/decisions/045). A browser
 * always names the page that sent a cross-site POST in Origin (or, failing that, Referer); when either is
 * present it must be one of config.trustedOrigins, else 403. Requests with neither (curl, another server,
 * a bearer-token client) carry no ambient cookies from a browser page and pass. Under /api the body must
 * also be JSON, else 415: a JSON body cannot be sent cross-site without a CORS preflight, which we never
 * grant, so a form or `text/plain` post from another site never reaches a route. Covers better-auth's
 * handler as well, whose own origin check runs only on requests with cookies and not at all under
 * NODE_ENV=test. The Stripe webhook is exempt (signed).
 */
export function csrfProtection(config: Pick<Config, 'trustedOrigins'>): MiddlewareHandler {
  const trusted = new Set(config.trustedOrigins);
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method) || EXEMPT_PATHS.has(c.req.path)) return next();

    const origin = c.req.header('origin');
    const referer = origin === undefined ? c.req.header('referer') : undefined;
    const claimed = origin ?? referer;
    if (claimed !== undefined && !trusted.has(originOf(claimed) ?? '')) {
      throw new AppError('FORBIDDEN', 'This request did not come from a RedFlag page', {
        details: { reason: 'untrusted_origin' },
      });
    }

    // /v1 (the public API, bearer keys) takes JSON too.
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/v1/')) {
      const type = c.req.header('content-type');
      const mediaType = type?.split(';')[0]?.trim().toLowerCase();
      if (type !== undefined ? mediaType !== 'application/json' : await hasBody(c.req.raw))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    }
    return next();
  };
}

/** Whether a request without a Content-Type still carries bytes (a Blob body is sent without one). */
async function hasBody(req: Request): Promise<boolean> {
  if (!req.body) return false;
  const length = req.headers.get('content-length');
  if (length !== null) return Number(length) > 0;
  // Chunked, or in-process: look (the body limit before this middleware bounds the read).
  return (await req.clone().arrayBuffer()).byteLength > 0;
}

/** Addresses that are this machine: 127.0.0.0/8, ::1, and IPv4-mapped 127.x. `local`: an in-process call. */
export function isLoopbackAddress(address: string): boolean {
  const a = address.toLowerCase().replace(/^::ffff:/, '');
  return a === 'local' || a === '::1' || /^127(\.\d{1,3}){3}$/.test(a);
}

/**
 * Dev-only routes (the mail outbox, the test provider's pages, the test clock) answer only to a client on
 * this machine that reached us under a local name; to anyone else they do not exist (the app's 404). The
 * client address is the one the rate limits use (TRUST_PROXY_HEADER when set), so a proxy on loopback does
 * not make every visitor local. The Host check stops DNS rebinding: a page on evil.example resolved to
 * 127.0.0.1 in the developer's own browser is a loopback client, but its Host is not local.
 */
export function devOnly(config: Pick<Config, 'trustProxyHeader'>): MiddlewareHandler {
  return async (c, next) => {
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    const hostname = host.replace(/:\d+$/, '');
    if (!isLoopbackAddress(clientIp(c, config)) || !isLocalHostname(hostname)) {
      if (c.req.path.startsWith('/api/'))
        throw new AppError('NOT_FOUND', `No API route for ${c.req.method} ${c.req.path}`);
      return c.text('Not found', 404);
    }
    return next();
  };
}

/**
 * API answers carry user data (scans, plan, session, export): no cache may keep them.
 * A route that is public and cacheable says so itself (GET /api/config); everything else is no-store.
 */
export function noStore(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.headers.has('cache-control')) return;
    try {
      c.res.headers.set('Cache-Control', 'no-store');
    } catch {
      // A response with immutable headers (one fetched from elsewhere): copy it first.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('Cache-Control', 'no-store');
    }
  };
}
