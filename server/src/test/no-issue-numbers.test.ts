import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT as ROOT, SOURCE_FILE, repoEntries } from './repo-entries.ts';

/**
 * No source file names an issue: an issue is closed and its number means nothing to someone reading the code
 * from a clone. Why a piece of code is as it is goes in the comment itself or in a decision record
 * (docs/decisions), which the code may name.
 */
const FOLDERS = ['server/src/', 'client/src/', 'packages/', 'bench/', 'scripts/', 'e2e/'];
const ISSUE = /\b[Ii]ssues? #?\d+|(?<![&\w])#\d{2,3} walk\b/;

describe('the source', () => {
  it('names no issue number', () => {
    const files = repoEntries().filter((f) => SOURCE_FILE.test(f) && FOLDERS.some((d) => f.startsWith(d)));
    expect(files.length).toBeGreaterThan(300);
    const hits = files.flatMap((f) =>
      readFileSync(path.join(ROOT, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => (ISSUE.test(line) ? [`${f}:${i + 1}`] : [])),
    );
    expect(hits).toEqual([]);
  });
});
