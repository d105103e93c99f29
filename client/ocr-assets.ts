// The in-browser OCR's files (docs/decisions/067): tesseract.js's worker script, its WebAssembly
// core (LSTM-only builds: plain, SIMD and relaxed-SIMD, the worker picks one) and the language data, all
// from node_modules, copied into the built client under /ocr/ so that our own server serves them and
// nothing is fetched from a CDN at run time. Part of the client's build, beside client/vite.config.ts (build and
// dev server), which is its one user; run alone (node --import tsx client/ocr-assets.ts) it copies into
// CLIENT_DIST (or client/dist).
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const pkgDir = (name: string): string => path.dirname(require.resolve(`${name}/package.json`));

/** Languages offered; the client's list (features/image-input/utils/ocr-languages.ts) must match. */
export const OCR_LANGUAGES: readonly string[] = ['eng', 'spa', 'por', 'fra', 'deu', 'ind'];

/** [URL path under the site root, file on disk]. */
export function ocrAssets(): [url: string, file: string][] {
  const tesseract = pkgDir('tesseract.js');
  const core = pkgDir('tesseract.js-core');
  return [
    ['ocr/worker.min.js', path.join(tesseract, 'dist/worker.min.js')],
    ...['', '-simd', '-relaxedsimd'].map((v): [string, string] => [
      `ocr/core/tesseract-core${v}-lstm.wasm.js`,
      path.join(core, `tesseract-core${v}-lstm.wasm.js`),
    ]),
    // best_int: the integer LSTM models tesseract.js uses by default, a quarter of the size of the full ones.
    ...OCR_LANGUAGES.map((l): [string, string] => [
      `ocr/lang/${l}.traineddata.gz`,
      path.join(pkgDir(`@tesseract.js-data/${l}`), '4.0.0_best_int', `${l}.traineddata.gz`),
    ]),
  ];
}

export function copyOcrAssets(outDir: string): void {
  for (const [url, file] of ocrAssets()) {
    const target = path.join(outDir, url);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(file, target);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dist = process.env.CLIENT_DIST ?? fileURLToPath(new URL('./dist', import.meta.url));
  copyOcrAssets(dist);
  console.log(`ocr-assets: ${ocrAssets().length} files copied into ${dist}/ocr`);
}
