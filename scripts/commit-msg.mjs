#!/usr/bin/env node
// The commit-msg hook (.githooks/commit-msg; `npm install` points git at .githooks, package.json "prepare"):
// a commit message is a subject of at most 72 characters, a blank line, then the why, so that
// `git log --oneline` reads as a list and `git log` says why each change was made.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SUBJECT_MAX = 72;

/** The message as git stores it: comment lines and everything below the scissors line (commit -v) left out. */
function cleanLines(message) {
  const lines = message.replace(/\r\n?/g, '\n').split('\n');
  const scissors = lines.findIndex((l) => /^# -+ >8 -+$/.test(l));
  const kept = (scissors >= 0 ? lines.slice(0, scissors) : lines)
    .filter((l) => !l.startsWith('#'))
    .map((l) => l.trimEnd());
  while (kept.length && kept[0] === '') kept.shift();
  while (kept.length && kept[kept.length - 1] === '') kept.pop();
  return kept;
}

/** What is wrong with a commit message: an empty list when it has the shape above. */
export function checkCommitMessage(message) {
  const lines = cleanLines(message);
  const [subject = '', second, ...rest] = lines;
  if (!subject) return ['the message is empty'];
  // Messages git writes itself (merges) and commits that `rebase --autosquash` folds away keep git's shape.
  if (/^(Merge |fixup! |squash! |amend! )/.test(subject)) return [];
  const problems = [];
  const length = [...subject].length;
  // git's own `Revert "<subject>"` adds ten characters to a subject that was within the limit.
  const max = /^Revert ".*"$/.test(subject) ? SUBJECT_MAX + 10 : SUBJECT_MAX;
  if (length > max) problems.push(`the subject (first line) has ${length} characters; at most ${max}`);
  if (second === undefined) problems.push('no body: after the subject, a blank line, then why the change was made');
  else if (second !== '') problems.push('the second line must be blank (it separates the subject from the why)');
  else if (!rest.some((l) => l.trim() !== ''))
    problems.push('no body: after the blank line, say why the change was made');
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node scripts/commit-msg.mjs <commit message file>');
    process.exit(2);
  }
  const problems = checkCommitMessage(readFileSync(file, 'utf8'));
  if (problems.length) {
    console.error(`commit message refused:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    console.error(
      `\nWrite a subject of at most ${SUBJECT_MAX} characters, a blank line, then why. Your message is kept in ${file}.`,
    );
    process.exit(1);
  }
}
