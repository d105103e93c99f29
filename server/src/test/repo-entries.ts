import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The clone's root, and what the doc and source checks read under it. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SKIP = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report']);
/** A file of source code, by its name. */
export const SOURCE_FILE = /\.(ts|tsx|mts|mjs|js|cjs)$/;

/** Every file and folder of the clone (folders end with "/"), relative to its root, with "/" between parts. */
export function repoEntries(dir = REPO_ROOT, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name)) continue;
    const p = path.join(dir, e.name);
    const rel = path.relative(REPO_ROOT, p).split(path.sep).join('/');
    if (e.isDirectory()) {
      out.push(`${rel}/`);
      repoEntries(p, out);
    } else out.push(rel);
  }
  return out;
}
