import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const clientRoot = fileURLToPath(new URL('.', import.meta.url));
const backend = 'http://127.0.0.1:5000';

export default defineConfig({
  root: clientRoot,
  plugins: [react(), tailwindcss()],
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
