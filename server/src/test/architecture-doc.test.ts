import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md names real things: every file or folder it names exists, and every function, type or
 * constant it names (in backticks, or as a camelCase word of the request flow) is a word of the source.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DOC = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
const SKIP = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report']);

function walk(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name)) continue;
    const p = path.join(dir, e.name);
    const rel = path.relative(ROOT, p).split(path.sep).join('/');
    if (e.isDirectory()) {
      out.push(`${rel}/`);
      walk(p, out);
    } else out.push(rel);
  }
  return out;
}
const entries = walk(ROOT);
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs)$/;
const words = new Set(
  entries
    .filter((f) => SOURCE.test(f) && !f.startsWith('docs/'))
    .flatMap((f) => readFileSync(path.join(ROOT, f), 'utf8').match(/[A-Za-z_$][\w$]*/g) ?? []),
);
const ticked = [...DOC.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '');

describe('docs/architecture.md', () => {
  it('names only files and folders that exist', () => {
    const named = ticked.filter(
      (t) => /(\.(ts|tsx|mjs|js|md|json|sql)|\/)$/.test(t) && !/[\s*]/.test(t) && !t.startsWith('.'),
    );
    expect(named.length).toBeGreaterThan(100);
    const missing = named.filter((t) => !entries.some((e) => e === t || e.endsWith(`/${t}`)));
    expect(missing).toEqual([]);
  });

  it('names only functions, types and constants the source has', () => {
    const symbols = ticked.flatMap((t) => /^([A-Za-z_$][\w$]*)(\(\))?$/.exec(t)?.[1] ?? []);
    const flow = DOC.slice(DOC.indexOf('## How a request flows'), DOC.indexOf('## Where things live'));
    const camel = [...flow.matchAll(/\b([a-z]+[A-Z][A-Za-z]*)\b/g)].map((m) => m[1] ?? '');
    expect(symbols.length + camel.length).toBeGreaterThan(50);
    expect([...new Set([...symbols, ...camel])].filter((s) => !words.has(s))).toEqual([]);
  });
});
