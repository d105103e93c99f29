import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Hono, type Context } from 'hono';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyKeySchema,
  withVerdict,
} from '@redflag/contracts/api';
import { lookup, requirePremiumLookup } from '../reputation/reputation.service.ts';
import { requireUser } from '../auth/session.ts';
import { errorBody } from '../http/error-handler.ts';
import { noStore } from '../http/security.ts';
import type { AppContext } from '../context.ts';
import { apiRoute } from '../http/api-route.ts';
import { v1Route } from '../http/v1-route.ts';
import type { AppEnv } from '../http/types.ts';
import { rejectUnstorableText } from '../http/validate.ts';
import { AppError } from '../lib/app-error.ts';
import { SCANS_PER_USER } from '../scans/rate-rules.ts';
import { answerScan, getScan, requireMessage } from '../scans/scans.service.ts';
import {
  authenticateApiKey,
  createApiKey,
  createScanForApi,
  getApiKeys,
  revokeKey,
  type ApiCaller,
} from './api-keys.service.ts';
import { openApiDocument } from './openapi.ts';
import { webApiOpenApiDocument } from './web-openapi.ts';
import {
  API_KEY_FAILURES_PER_IP,
  API_PER_KEY,
  LOOKUPS_PER_USER,
  rateLimitHeaders,
  rateLimitHeadersOf,
} from './rate-limit-headers.ts';
import { clientIp, type RateHit } from '../http/rate-limit.ts';

type V1Env = AppEnv & { Variables: AppEnv['Variables'] & { apiCaller: ApiCaller; apiKeyHit: RateHit } };

/**
 * The public API (docs/decisions/073, 074): key management for the signed-in account
 * page under /api/api-keys, the bearer-key API under /v1, its OpenAPI document and the interactive
 * reference at /api/docs. /v1 never reads the session cookie: a key is its only credential.
 */
export function publicApiRoutes(ctx: AppContext) {
  const limiter = ctx.rateLimiter;
  const refusedAddresses = new RefusedAddresses();

  /**
   * The key's owner, or 401. An address that sent API_KEY_FAILURES_PER_IP bad keys gets 429 instead, from
   * memory, with no database lookup, until its window ends (a guessing client costs nothing more).
   */
  async function authenticateOrLimit(c: Context): Promise<ApiCaller> {
    if (!ctx.config.rateLimits) return authenticateApiKey(ctx, c.req.header('authorization'));
    const ip = clientIp(c, ctx.config);
    const now = ctx.clock.now().getTime();
    const blockedFor = refusedAddresses.secondsLeft(ip, now);
    if (blockedFor > 0)
      throw new AppError('RATE_LIMITED', undefined, {
        retryAfterSeconds: blockedFor,
        details: { rule: API_KEY_FAILURES_PER_IP.name },
      });
    try {
      return await authenticateApiKey(ctx, c.req.header('authorization'));
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'UNAUTHORIZED') throw err;
      const failures = await limiter.hit(API_KEY_FAILURES_PER_IP, ip);
      if (failures.allowed) throw err;
      refusedAddresses.add(ip, now + failures.retryAfterSeconds * 1000);
      throw new AppError('RATE_LIMITED', undefined, {
        retryAfterSeconds: failures.retryAfterSeconds,
        details: { rule: API_KEY_FAILURES_PER_IP.name },
      });
    }
  }

  const v1 = new Hono<V1Env>()
    // Public and first: the handler answers, so the key check below never runs for it.
    .get('/v1/openapi.json', (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.json(openApiDocument(ctx.config.publicUrl));
    })
    .use('/v1/*', noStore())
    // The body limit is app.ts's, before the CSRF check (which may read a body sent without a type).
    .use('/v1/*', rejectUnstorableText())
    .use('/v1/*', async (c, next) => {
      const caller = await authenticateOrLimit(c);
      const hit = await limiter.hit(API_PER_KEY, caller.keyId);
      if (ctx.config.rateLimits)
        for (const [name, value] of Object.entries(rateLimitHeaders(API_PER_KEY, hit))) c.header(name, value);
      if (!hit.allowed)
        throw new AppError('RATE_LIMITED', undefined, {
          retryAfterSeconds: hit.retryAfterSeconds,
          details: { rule: API_PER_KEY.name },
        });
      c.set('apiCaller', caller);
      c.set('apiKeyHit', hit);
      await next();
    });

  // The rows of the /v1 route table (packages/contracts v1-routes.ts), behind the key check above.
  const rows = new Hono<V1Env>();
  v1Route(rows, 'createScan', async (c, req) => {
    const caller = c.get('apiCaller');
    const idempotencyKey = readIdempotencyKey(c);
    const input = await req.body(requireMessage);
    // The web app's per-user scan limit counts API scans too: one account, one pace. It is taken with the
    // scan, before the engine runs, and not by a replay of a stored scan (its Idempotency-Key).
    const rate = ctx.config.rateLimits ? { rule: SCANS_PER_USER, key: caller.userId, peek: limiter.peek } : null;
    // Both policies, on the answer and on a refusal alike: a 429 from the per-user rule names it (r=0).
    const reportRates = async () => {
      if (!rate) return;
      const perUser = await limiter.peek(SCANS_PER_USER, caller.userId);
      for (const [name, value] of Object.entries(
        rateLimitHeadersOf([
          [API_PER_KEY, c.get('apiKeyHit')],
          [SCANS_PER_USER, perUser],
        ]),
      ))
        c.header(name, value);
    };
    let created: Awaited<ReturnType<typeof createScanForApi>>;
    try {
      created = await createScanForApi(ctx, caller, input, idempotencyKey, rate);
    } catch (err) {
      if (err instanceof AppError && err.code === 'RATE_LIMITED') await reportRates();
      throw err;
    }
    const { scan, replayed } = created;
    await reportRates();
    c.header('Location', `/v1/scans/${scan.id}`);
    if (replayed) c.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return withVerdict(scan);
  });
  v1Route(rows, 'getScan', async (c, req) =>
    withVerdict(await getScan(ctx, c.get('apiCaller').userId, req.params.id ?? '')),
  );
  v1Route(rows, 'answerScan', async (c, req) => {
    const { context } = await req.body();
    return withVerdict(await answerScan(ctx, c.get('apiCaller').userId, req.params.id ?? '', context));
  });
  // A number, address or link as the lists and other accounts' reports know it (decision 103): Premium
  // only, checked before the lookup's own per-account limit is spent.
  v1Route(rows, 'lookup', async (c, req) => {
    const caller = c.get('apiCaller');
    const query = req.query();
    await requirePremiumLookup(ctx, caller.userId);
    if (ctx.config.rateLimits) {
      const perUser = await limiter.hit(LOOKUPS_PER_USER, caller.userId);
      for (const [name, value] of Object.entries(
        rateLimitHeadersOf([
          [API_PER_KEY, c.get('apiKeyHit')],
          [LOOKUPS_PER_USER, perUser],
        ]),
      ))
        c.header(name, value);
      if (!perUser.allowed)
        throw new AppError('RATE_LIMITED', undefined, {
          retryAfterSeconds: perUser.retryAfterSeconds,
          details: { rule: LOOKUPS_PER_USER.name },
        });
    }
    return lookup(ctx, caller.userId, query);
  });

  const keys = new Hono<AppEnv>();
  apiRoute(keys, 'listApiKeys', async (c) => getApiKeys(ctx, (await requireUser(c)).id));
  apiRoute(keys, 'createApiKey', async (c, req) => {
    const user = await requireUser(c);
    const { name } = await req.body();
    return createApiKey(ctx, user.id, name);
  });
  apiRoute(keys, 'revokeApiKey', async (c, req) => revokeKey(ctx, (await requireUser(c)).id, req.params.id));

  // The web app's own /api, documented from the contracts' route table (decision 092). Public like the
  // /v1 document, and no-store like every /api answer.
  const webDocument = new Hono<AppEnv>().get('/api/openapi.json', async (c) => {
    const { authCookies } = await ctx.auth.$context;
    return c.json(webApiOpenApiDocument(ctx.config.publicUrl, { sessionCookie: authCookies.sessionToken.name }));
  });

  v1.route('/', rows).all('/v1/*', (c) =>
    c.json(errorBody('NOT_FOUND', `No API route for ${c.req.method} ${c.req.path}`), 404),
  );

  return new Hono<AppEnv>().route('/', keys).route('/', webDocument).route('/', docsRoutes()).route('/', v1);
}

/** Addresses refused for bad keys, until when; bounded, so a flood of addresses cannot grow it without end. */
class RefusedAddresses {
  private readonly until = new Map<string, number>();
  private static readonly MAX = 10_000;
  secondsLeft(ip: string, now: number): number {
    const t = this.until.get(ip);
    if (t === undefined) return 0;
    if (t <= now) {
      this.until.delete(ip);
      return 0;
    }
    return Math.ceil((t - now) / 1000);
  }
  add(ip: string, until: number): void {
    if (this.until.size >= RefusedAddresses.MAX) {
      const oldest = this.until.keys().next().value;
      if (oldest !== undefined) this.until.delete(oldest);
    }
    this.until.set(ip, until);
  }
}

function readIdempotencyKey(c: Context): string | undefined {
  const value = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (value === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(value);
  if (!parsed.success)
    throw new AppError('VALIDATION_ERROR', parsed.error.issues[0]?.message ?? 'Invalid Idempotency-Key', {
      details: { fields: [{ path: IDEMPOTENCY_KEY_HEADER, message: 'Invalid Idempotency-Key' }] },
    });
  return parsed.data;
}

/**
 * The interactive reference (Scalar) from our own server: its standalone bundle read from node_modules,
 * and a page whose scripts are files of this origin, so the Content-Security-Policy (script-src 'self')
 * holds and nothing is fetched from a CDN.
 *
 * It is RedFlag's page, not the tool's demo: a bar with the way back to the app sits
 * above it (Scalar keeps its sticky parts under it through --scalar-custom-header-height), and the tool's
 * own offers ("Ask AI", "Generate MCP", the developer tools with "Deploy") are off.
 */
const DOCS_BAR_HEIGHT_PX = 48;
const DOCS_STYLE = `
:root { --scalar-custom-header-height: ${DOCS_BAR_HEIGHT_PX}px; }
body { margin: 0; }
.rf-docs-bar { position: sticky; top: 0; z-index: 1000; box-sizing: border-box; height: ${DOCS_BAR_HEIGHT_PX}px; display: flex; align-items: center; gap: 12px; padding: 0 16px; background: #0b1120; color: #fff; font: 600 14px/1.2 Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
.rf-docs-bar a { color: #fff; text-decoration: none; border-radius: 6px; padding: 6px 8px; }
.rf-docs-bar a:hover { background: rgb(255 255 255 / 0.1); }
.rf-docs-bar a:focus-visible { outline: 2px solid #f87171; outline-offset: 2px; }
.rf-docs-bar span { color: #94a3b8; font-weight: 500; }
`;
/**
 * On a phone the "Authentication" box's title row is one line shared with the auth-type selector, and the
 * title is cut ("Authentication Require"): its row may wrap and the title keeps its whole width. Scalar's
 * utility classes outrank a plain selector, hence !important.
 */
const SCALAR_CUSTOM_CSS = `
@media (max-width: 640px) {
  div:has(> button h2 [data-testid="auth-indicator"]) { flex-wrap: wrap !important; }
  button:has(h2 [data-testid="auth-indicator"]) { flex: 1 0 auto !important; max-height: none !important; overflow: visible !important; }
}
`;

function docsRoutes() {
  let bundle: string | null = null;
  const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>RedFlag API reference</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <style>${DOCS_STYLE}</style>
  </head>
  <body>
    <header class="rf-docs-bar"><a href="/">&larr; Back to RedFlag</a><span>API reference</span></header>
    <div id="reference"></div>
    <script src="/api/docs/scalar.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;
  // Default fonts come from Scalar's CDN, and the "test request" proxy is theirs: both off. The mount point
  // is not #api-reference: the bundle mounts that id by itself, with its defaults (fonts from its CDN).
  // Two documents, the public /v1 first (the default) and the web app's /api second, in Scalar's selector.
  const config = {
    sources: [
      { url: '/v1/openapi.json', title: 'RedFlag API', slug: 'v1', default: true, agent: { disabled: true } },
      { url: '/api/openapi.json', title: 'RedFlag web app API', slug: 'web-app', agent: { disabled: true } },
    ],
    withDefaultFonts: false,
    hideClientButton: true,
    proxyUrl: '',
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: 'never',
    telemetry: false,
    customCss: SCALAR_CUSTOM_CSS,
  };
  const init = `Scalar.createApiReference('#reference', ${JSON.stringify(config)});\n`;
  return new Hono<AppEnv>()
    .get('/api/docs', (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(page);
    })
    .get('/api/docs/init.js', (c) => {
      c.header('Cache-Control', 'no-cache');
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      return c.body(init);
    })
    .get('/api/docs/scalar.js', (c) => {
      bundle ??= readFileSync(scalarBundlePath(), 'utf8');
      c.header('Cache-Control', 'public, max-age=86400');
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      return c.body(bundle);
    });
}

/** @scalar/api-reference's browser bundle: beside its main entry (dist/index.js → dist/browser/standalone.js). */
function scalarBundlePath(): string {
  return fileURLToPath(new URL('./browser/standalone.js', import.meta.resolve('@scalar/api-reference')));
}
