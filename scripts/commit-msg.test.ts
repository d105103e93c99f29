import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkCommitMessage, SUBJECT_MAX } from './commit-msg.mjs';

const why = 'The reason, in a sentence or two.';

describe('checkCommitMessage', () => {
  it('accepts a subject of at most 72 characters, a blank line and a body', () => {
    expect(checkCommitMessage(`${'a'.repeat(SUBJECT_MAX)}\n\n${why}\n`)).toEqual([]);
    expect(checkCommitMessage(`Short subject\n\n${why}\nA second line of the why.\n`)).toEqual([]);
  });

  it('refuses a subject of 73 characters, counting characters rather than bytes', () => {
    expect(checkCommitMessage(`${'a'.repeat(SUBJECT_MAX + 1)}\n\n${why}`)).toEqual([
      `the subject (first line) has ${SUBJECT_MAX + 1} characters; at most ${SUBJECT_MAX}`,
    ]);
    expect(checkCommitMessage(`${'é'.repeat(SUBJECT_MAX)}\n\n${why}`)).toEqual([]);
  });

  it('refuses a single long paragraph, the shape the log had', () => {
    const paragraph = `Engine mends: buyer lines, e-mail reassurance, advice on the evidence, and ${'more '.repeat(30)}`;
    expect(checkCommitMessage(paragraph)).toEqual([
      expect.stringMatching(/^the subject \(first line\) has \d+ characters; at most 72$/),
      'no body: after the subject, a blank line, then why the change was made',
    ]);
  });

  it('refuses a body that starts on the second line, and a message with no why', () => {
    expect(checkCommitMessage(`Subject\n${why}`)).toEqual([
      'the second line must be blank (it separates the subject from the why)',
    ]);
    expect(checkCommitMessage('Subject only\n')).toEqual([
      'no body: after the subject, a blank line, then why the change was made',
    ]);
    expect(checkCommitMessage('Subject\n\n\n')).toEqual([
      'no body: after the subject, a blank line, then why the change was made',
    ]);
    expect(checkCommitMessage('')).toEqual(['the message is empty']);
  });

  it('reads the message as git keeps it: comments, the scissors part and surrounding blank lines left out', () => {
    const edited = `\n\nSubject\r\n\r\n${why}\r\n# Please enter the commit message for your changes.\n# ------------------------ >8 ------------------------\n${'x'.repeat(200)}\n`;
    expect(checkCommitMessage(edited)).toEqual([]);
    expect(checkCommitMessage(`# a comment first\nSubject\n# between\n\n${why}`)).toEqual([]);
  });

  it('lets the messages git writes itself through', () => {
    expect(
      checkCommitMessage(
        `Merge branch 'a-very-long-branch-name-that-goes-on-and-on' of https://example.com/redflag/redflag.git`,
      ),
    ).toEqual([]);
    expect(checkCommitMessage(`fixup! ${'a'.repeat(80)}`)).toEqual([]);
    expect(checkCommitMessage(`Revert "${'a'.repeat(SUBJECT_MAX)}"\n\nThis reverts commit 0582ac5.`)).toEqual([]);
  });
});

describe('scripts/commit-msg.mjs, as git runs it', () => {
  const SCRIPT = fileURLToPath(new URL('./commit-msg.mjs', import.meta.url));
  const run = (message: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'redflag-commit-msg-'));
    const file = path.join(dir, 'COMMIT_EDITMSG');
    writeFileSync(file, message);
    try {
      execFileSync(process.execPath, [SCRIPT, file], { stdio: 'pipe' });
      return { code: 0, stderr: '' };
    } catch (err) {
      const e = err as { status: number; stderr: Buffer };
      return { code: e.status, stderr: e.stderr.toString() };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('exits 0 for a good message and 1 with the reasons for a bad one', () => {
    expect(run(`Subject\n\n${why}\n`).code).toBe(0);
    const bad = run(`${'a'.repeat(100)}\n`);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('the subject (first line) has 100 characters; at most 72');
  });
});
