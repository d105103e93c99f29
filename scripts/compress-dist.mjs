#!/usr/bin/env node
// Writes .br and .gz beside every compressible file of the built client, once at build time, so the server
// sends compressed assets (serveStatic's `precompressed`) without compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.env.CLIENT_DIST ?? path.resolve(path.dirname(new URL(import.meta.url).pathname), '../client/dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
let files = 0;
let before = 0;
let after = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (COMPRESSIBLE.test(name) && statSync(file).size >= 1024) {
      const data = readFileSync(file);
      const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      files++;
      before += data.length;
      after += br.length;
    }
  }
}

walk(dist);
console.log(
  `compress-dist: ${files} files, ${(before / 1024).toFixed(0)} KiB -> ${(after / 1024).toFixed(0)} KiB brotli`,
);
