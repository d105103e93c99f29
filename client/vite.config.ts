import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { copyOcrAssets, ocrAssets } from './ocr-assets.ts';

const clientRoot = fileURLToPath(new URL('.', import.meta.url));
const backend = 'http://127.0.0.1:5000';

/** The OCR worker, core and language data under /ocr/, served by us (docs/decisions/067). */
function ocrAssetsPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'redflag-ocr-assets',
    configResolved(config) {
      // Only a build writes files: a dev or test server closing (which also calls closeBundle) has none to write.
      outDir = config.command === 'build' ? config.build.outDir : '';
    },
    closeBundle() {
      if (outDir) copyOcrAssets(outDir);
    },
    configureServer(server) {
      const files = new Map(ocrAssets().map(([url, file]) => [`/${url}`, file]));
      server.middlewares.use((req, res, next) => {
        const file = files.get((req.url ?? '').split('?')[0] ?? '');
        if (!file) return next();
        res.setHeader('Content-Type', file.endsWith('.gz') ? 'application/gzip' : 'text/javascript');
        createReadStream(file).pipe(res);
      });
    },
  };
}

/**
 * The service worker (client/public/sw.js, copied as is by Vite) gets this build's version, a hash of the
 * hashed asset names, and its shell, the entry script and style index.html loads, so every deploy that
 * changes the client is a new worker with its own cache (docs/decisions/105).
 */
function serviceWorkerPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'redflag-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const sw = path.join(outDir, 'sw.js');
      if (!existsSync(sw)) return;
      const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const shell = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]))];
      const assets = readdirSync(path.join(outDir, 'assets'))
        .filter((f) => !/\.(br|gz)$/.test(f))
        .sort();
      const version = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 12);
      const source = readFileSync(sw, 'utf8');
      const built = source
        .replace("/*__REDFLAG_VERSION__*/ 'dev'", JSON.stringify(version))
        .replace('/*__REDFLAG_SHELL__*/ []', JSON.stringify(shell));
      if (built === source) throw new Error('sw.js: the version and shell placeholders were not found');
      writeFileSync(sw, built);
    },
  };
}

export default defineConfig({
  root: clientRoot,
  plugins: [react(), tailwindcss(), ocrAssetsPlugin(), serviceWorkerPlugin()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    // CLIENT_DIST lets parallel work build into its own folder (the server reads the same variable).
    outDir: process.env.CLIENT_DIST ?? fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Hashed files under /assets/ are cached for a year by the server; everything else is revalidated.
    assetsDir: 'assets',
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/dev': { target: backend, changeOrigin: false },
    },
  },
  preview: { host: '127.0.0.1' },
});
