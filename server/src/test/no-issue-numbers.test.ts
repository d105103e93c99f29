import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No source file names an issue: an issue is closed and its number means nothing to someone reading the code
 * from a clone. Why a piece of code is as it is goes in the comment itself or in a decision record
 * (docs/decisions), which the code may name.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FOLDERS = ['server/src', 'client/src', 'packages', 'bench', 'scripts', 'e2e'];
const ISSUE = /\b[Ii]ssues? #?\d+|(?<![&\w])#\d{2,3} walk\b/;

function sources(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sources(p);
    return /\.(ts|tsx|mts|mjs|js|cjs)$/.test(e.name) ? [p] : [];
  });
}

describe('the source', () => {
  it('names no issue number', () => {
    const files = FOLDERS.flatMap((f) => sources(path.join(ROOT, f)));
    expect(files.length).toBeGreaterThan(300);
    const hits = files.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) => (ISSUE.test(line) ? [`${path.relative(ROOT, f)}:${i + 1}`] : [])),
    );
    expect(hits).toEqual([]);
  });
});
