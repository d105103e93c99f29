import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT as ROOT, SOURCE_FILE as SOURCE, repoEntries } from './repo-entries.ts';

/**
 * docs/architecture.md names real things: every file or folder it names exists, and every function, type or
 * constant it names (in backticks, or as a camelCase word of the request flow) is a word of the source.
 */
const DOC = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
const entries = repoEntries();
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
