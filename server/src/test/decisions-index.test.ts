import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * docs/decisions: the README indexes every record, in order, and names no other; a record from the template
 * on (134) has its Date, Status, Context, Decision and Consequences.
 */
const DIR = new URL('../../../docs/decisions/', import.meta.url);
const records = readdirSync(DIR)
  .filter((f) => /^\d{3}-.+\.md$/.test(f))
  .sort();
const index = readFileSync(new URL('README.md', DIR), 'utf8');
const FIRST_FROM_TEMPLATE = 134;

describe('the decision records', () => {
  it('are each listed once in the index, in order, and the index lists no other file', () => {
    const listed = [...index.matchAll(/^\| \[\d{3}\]\((\d{3}-[^)]+\.md)\)/gm)].map((m) => m[1]);
    expect(listed).toEqual(records);
  });

  it('list each record under the title its file has', () => {
    for (const f of records) {
      const title = (readFileSync(new URL(f, DIR), 'utf8').split('\n')[0] ?? '').replace(/^#\s*\d+[.:]?\s*/, '');
      const row = index.split('\n').find((l) => l.includes(`](${f})`)) ?? '';
      expect(row.replaceAll('\\|', '|'), f).toContain(title);
    }
  });

  it('from the template on, have its parts', () => {
    const template = readFileSync(new URL('TEMPLATE.md', DIR), 'utf8');
    const parts = ['Date: ', 'Status: ', '## Context', '## Decision', '## Consequences'];
    for (const part of parts) expect(template).toContain(part);
    for (const f of records.filter((r) => Number(r.slice(0, 3)) >= FIRST_FROM_TEMPLATE)) {
      const text = readFileSync(new URL(f, DIR), 'utf8');
      for (const part of parts) expect(text, `${f}: ${part}`).toContain(part);
    }
  });
});
