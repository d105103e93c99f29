import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { TRIAL_DAYS, TRIAL_SCAN_LIMIT, TRIAL_WARNING_DAYS } from '@redflag/contracts/constants';
import { ERROR_MESSAGES } from '@redflag/contracts/error-codes';
import { trialReminderMail, trialStartedMail } from '../mail/templates.ts';

/**
 * Every trial and reminder figure a user reads is built from packages/contracts/src/constants.ts
 * (TRIAL_DAYS, TRIAL_SCAN_LIMIT, TRIAL_WARNING_DAYS): no page, dialog, e-mail or error text types
 * "7 days", "5 scans" or "two days before" by hand, so changing a constant changes every text.
 * Only the texts are read (string literals, template parts and JSX text), not comments or tests.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SCANNED = ['server/src', 'client/src', 'packages/contracts/src'];
const NOT_TEXT = [
  'packages/contracts/src/constants.ts',
  // The engine's scam phrases and sample messages, not the product's own words.
  'server/src/detection/',
];

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const NUMBER = `(?:\\d+|${WORDS.join('|')})`;
const figure = (n: number) => `(?:${n}|${WORDS[n] ?? n})`;

/** A hand-typed figure: the trial's length or scans, or any lead time of the reminder. */
const HAND_TYPED = [
  new RegExp(`\\b${figure(TRIAL_DAYS)}[- ]days?\\b(?! old)`, 'i'),
  new RegExp(`\\b${figure(TRIAL_SCAN_LIMIT)}(?: free| trial)* scans?\\b`, 'i'),
  new RegExp(`\\b${NUMBER}[- ]days? before\\b`, 'i'),
  new RegExp(`\\b(?:ends|ending|end) in ${NUMBER} days?\\b`, 'i'),
  new RegExp(`\\bwithin ${NUMBER} days? of the trial`, 'i'),
];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [rel]
      : [];
  });
}

/** The texts of one file: string literals, the fixed parts of template literals, and JSX text. */
function textsIn(name: string, source: string): string[] {
  const file = ts.createSourceFile(name, source, ts.ScriptTarget.Latest, true);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) texts.push(node.text);
    else if (ts.isJsxText(node)) texts.push(node.text.replace(/\s+/g, ' '));
    ts.forEachChild(node, visit);
  };
  visit(file);
  return texts;
}

function handTypedFigures(): string[] {
  const files = SCANNED.flatMap(sourceFiles).filter((rel) => !NOT_TEXT.some((skip) => rel.startsWith(skip)));
  return files.flatMap((rel) =>
    handTyped(textsIn(rel, readFileSync(path.join(ROOT, rel), 'utf8'))).map((text) => `${rel}: ${text.slice(0, 120)}`),
  );
}

const handTyped = (texts: string[]) =>
  texts.filter((text) => HAND_TYPED.some((pattern) => pattern.test(text))).map((text) => text.trim());

describe('trial figures', () => {
  it('no text types the trial length, its scans or the reminder lead time by hand', () => {
    expect(handTypedFigures()).toEqual([]);
  });

  it('the scanner sees such a figure in a string, a template and JSX text, and not in a comment', () => {
    const sample = [
      '// 7 days in a comment',
      "const a = 'we e-mail you two days before';",
      'const b = `all 5 scans ${x}, then`;',
      'const c = <p>When the 7 days end</p>;',
      "const d = 'accounts 7 days old';",
    ].join('\n');
    expect(handTyped(textsIn('sample.tsx', sample))).toEqual([
      'we e-mail you two days before',
      'all 5 scans',
      'When the 7 days end',
    ]);
  });

  it('the texts built from the constants say their values', () => {
    expect(ERROR_MESSAGES.TRIAL_EXPIRED).toBe(`Your ${TRIAL_DAYS}-day free trial has ended`);
    const base = { firstName: 'Ada', supportEmail: 'help@example.test', accountUrl: 'https://example.test/account' };
    const started = trialStartedMail({
      ...base,
      firstChargeDate: new Date('2026-12-04T12:00:00Z'),
      amountCents: 999,
      scanLimit: TRIAL_SCAN_LIMIT,
      trialDays: TRIAL_DAYS,
      card: null,
    });
    expect(started.text).toContain(`We will e-mail you ${TRIAL_WARNING_DAYS} days before.`);
    const reminder = trialReminderMail({
      ...base,
      chargeDate: new Date('2026-12-04T12:00:00Z'),
      amountCents: 999,
      card: null,
    });
    expect(reminder.html).toContain('Your trial ends on');
  });
});
