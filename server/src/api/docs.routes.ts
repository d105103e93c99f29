import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import type { AppContext } from '../context.ts';
import type { AppEnv } from '../http/types.ts';
import { openApiDocument } from './openapi.ts';

/**
 * The API's documentation (docs/decisions/073, 092): the OpenAPI documents of /v1 and of the web app's /api,
 * both public, and the interactive reference at /api/docs that shows them.
 */
export function docsRoutes(ctx: AppContext) {
  return (
    new Hono<AppEnv>()
      // Public, and answered before the key check of every other /v1 path (the /v1 router's).
      .get('/v1/openapi.json', (c) => {
        c.header('Cache-Control', 'no-cache');
        return c.json(openApiDocument('public', ctx.config.publicUrl));
      })
      // The web app's own /api, documented from the contracts' route table. Public like the /v1 document,
      // and no-store like every /api answer.
      .get('/api/openapi.json', async (c) => {
        const { authCookies } = await ctx.auth.$context;
        return c.json(openApiDocument('web', ctx.config.publicUrl, { sessionCookie: authCookies.sessionToken.name }));
      })
      .route('/', referenceRoutes())
  );
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

function referenceRoutes() {
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
