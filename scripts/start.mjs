#!/usr/bin/env node
// `npm start`: builds what is missing or older than its sources (scripts/build.mjs; nothing when all is up to
// date), then runs the bundled server, dist/server/index.js, in this same process: compiled JavaScript, no
// TypeScript loader. Production images run the bundle directly (deploy/Dockerfile).
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { build, SERVER_DIST } from './build.mjs';

const t0 = performance.now();
try {
  await build();
} catch (err) {
  console.error(`RedFlag cannot start: the build failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
console.log(`build: done in ${((performance.now() - t0) / 1000).toFixed(1)} s; starting dist/server/index.js`);
// Stack traces name server/src files and lines (dist/server/index.js.map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(SERVER_DIST, 'index.js')).href);
