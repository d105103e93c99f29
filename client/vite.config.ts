import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createReadStream } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import { copyOcrAssets, ocrAssets } from '../scripts/ocr-assets.ts';

const clientRoot = fileURLToPath(new URL('.', import.meta.url));
const backend = 'http://127.0.0.1:5000';

/** The OCR worker, core and language data under /ocr/, served by us (docs/decisions/067). */
function ocrAssetsPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'redflag-ocr-assets',
    configResolved(config) {
      outDir = config.build.outDir;
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

export default defineConfig({
  root: clientRoot,
  plugins: [react(), tailwindcss(), ocrAssetsPlugin()],
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
