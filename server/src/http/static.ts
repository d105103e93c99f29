import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { isClientRoute } from '@redflag/contracts/routes';
import type { AppEnv } from './types.ts';

/** The built client; `CLIENT_DIST` overrides it (a build made with the same variable). */
export const CLIENT_DIST = process.env.CLIENT_DIST ?? fileURLToPath(new URL('../../../client/dist', import.meta.url));

/** Root files that must not be served stale: the service worker, the manifest and the offline page. */
const REVALIDATED = ['/sw.js', '/manifest.webmanifest', '/offline.html'];

/**
 * Serves the built client. Hashed files under /assets/ are immutable and cached for a year; index.html is
 * revalidated every time. Known client routes answer 200 with the app; any other path answers 404 with the
 * app too, which renders its 404 page, so crawlers and monitors see the right status.
 */
export function mountClient(app: Hono<AppEnv>, distDir = CLIENT_DIST) {
  const indexPath = path.join(distDir, 'index.html');
  let indexHtml: string | null = null;
  const readIndex = () => {
    // Read once; a rebuilt client is picked up on restart.
    if (indexHtml === null && existsSync(indexPath)) indexHtml = readFileSync(indexPath, 'utf8');
    return indexHtml;
  };

  // Without a built client only the fallback below answers (it says how to build).
  if (existsSync(distDir)) {
    const root = path.relative(process.cwd(), distDir) || '.';
    app.use(
      '/assets/*',
      serveStatic({
        root,
        // .br / .gz written by scripts/compress-dist.mjs at build time.
        precompressed: true,
        onFound: (_path, c) => {
          c.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    );
    // Other files at the root of dist (favicon, icons, robots.txt): cached briefly. The service worker, the
    // web app manifest and the offline page are revalidated every time, so a deploy reaches installed apps
    // at their next check (docs/decisions/105). index.html is never served from here, so that its status
    // follows the route table below; offline.html is the one other page served as a file.
    app.use(
      '*',
      serveStatic({
        root,
        precompressed: true,
        rewriteRequestPath: (p) =>
          p === '/' || (p.endsWith('.html') && p !== '/offline.html') ? '/__no_such_file__' : p,
        onFound: (filePath, c) => {
          // The path found may be the precompressed copy (sw.js.br).
          const file = filePath.replace(/\.(br|gz|zst)$/, '');
          c.header(
            'Cache-Control',
            REVALIDATED.some((name) => file.endsWith(name)) ? 'no-cache' : 'public, max-age=3600',
          );
        },
      }),
    );
  }

  app.get('*', (c) => {
    const html = readIndex();
    c.header('Cache-Control', 'no-cache');
    if (!html) {
      return c.text('The client is not built yet. Run `npm run build` (or `npm start`, which builds it).', 503);
    }
    return c.html(html, isClientRoute(c.req.path) ? 200 : 404);
  });
}
