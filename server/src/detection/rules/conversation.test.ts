import { describe, expect, it } from 'vitest';
import { analyzeLocal, gather } from '../analyze.ts';
import { PRIOR_COMBINER } from '../score/combine.ts';
import { collectCombinerRows } from '../training/combiner.ts';
import type { TextModel } from '../model/model.ts';
import { fold } from '../text/normalize.ts';
import { CONVERSATION_RULES } from './conversation.ts';
import { runRules } from './rules.ts';

const fires = (text: string): boolean =>
  runRules(fold(text), text, {}, CONVERSATION_RULES).some((h) => h.id === 'quoted_reply');
const signalIds = (message: string): string[] =>
  gather({ message, platform: 'email' }, { model: null, nanp: null }).signals.map((s) => s.id);

/** Hand-written replies in the shapes mail clients produce. */
const REPLIES = [
  'Sounds good, see you then.\n\nOn Tue, Mar 4, 2025 at 9:12 AM Priya Nair <priya@example.org> wrote:\n> Shall we meet at 10 instead?',
  '> Did the patch apply cleanly?\n> I had a conflict in the config file.\n\nIt did here, which version are you on?',
  'Thanks, done.\n\n-----Original Message-----\nFrom: Mark Ellis\nSent: Wednesday, October 2, 2024 4:51 PM\nSubject: revenue line\n\nCan you check the western region?',
  'Subject: Re: photos\n\n> Send me the pictures when you can!\n\nHere they are, enjoy.',
];

/** Look-alikes that are not a quoted reply. */
const NOT_REPLIES = [
  'If x > 3 then the loop stops; y > 4 is never reached.',
  '> This one line looks quoted but nothing says it answers a message.\n\nSee you tomorrow.',
  'Subject: Re: your account\n\nYour account needs attention, sign in today to keep it.',
  'I wrote: a letter to the council last week about the parking.',
];

describe('quoted_reply', () => {
  it.each(REPLIES)('fires on a reply that quotes the message it answers: %#', (text) => {
    expect(fires(text)).toBe(true);
  });

  it.each(NOT_REPLIES)('does not fire on a look-alike: %#', (text) => {
    expect(fires(text)).toBe(false);
  });

  it('is dropped when the message asks for money, gift cards, codes or a password: a faked thread buys nothing', () => {
    expect(signalIds(`${REPLIES[0]}\n\nAlso please buy 3 Apple gift cards and send me the codes.`)).not.toContain(
      'quoted_reply',
    );
    expect(
      signalIds(
        'Subject: Re: mailbox\n\n> Your mailbox is full.\n\nVerify your account and enter your email password at http://mail-fix.example.top/verify',
      ),
    ).not.toContain('quoted_reply');
    expect(signalIds(REPLIES[1] ?? '')).toContain('quoted_reply');
  });

  it('lowers the score of the same everyday reply compared with the reply alone', () => {
    // A fixed model logit, so only the detectors differ between the two texts.
    const model: TextModel = { version: 'fixed', logit: () => 1, logitFolded: () => 1 };
    const body =
      'Yes, the new build is up. Download it from http://downloads.example.org/tool-4.1.tar.gz and click update.';
    const quoted = `${body}\n\nOn Mon, Jun 2, 2025 at 8:01 AM Rui <rui@example.org> wrote:\n> Is the new build up yet?\n> The page still shows the old one.`;
    const score = (message: string): number =>
      analyzeLocal({ message, platform: 'email' }, { model, nanp: null, combiner: PRIOR_COMBINER }).riskScore;
    expect(score(quoted)).toBeLessThan(score(body) - 10);
  });

  it('is left out of the learned combiner, so its hand-set weight stands and messages without it score as before', () => {
    const record = { id: 't-1', text: REPLIES[0] ?? '', label: 'legit' as const, channel: 'email' };
    expect(signalIds(record.text)).toContain('quoted_reply');
    const [row] = collectCombinerRows([record], new Map([[record, 0]]));
    expect(row?.terms.map((t) => t.id)).not.toContain('quoted_reply');
  });

  it('still flags a payment-redirect reply that quotes a faked earlier message', () => {
    const bec =
      'Subject: RE: Invoice 4471 overdue\n\nHi, please note that our bank details have changed because of an audit. Kindly wire the outstanding\n$18,400 today to our new account and send me the confirmation. This is urgent, the supplier will stop the\nshipment tomorrow.\n\n-----Original Message-----\nFrom: Accounts Payable\nSent: Monday, March 3, 2025 10:14 AM\nSubject: Invoice 4471\n\nCan you send the invoice again? We could not find it.';
    const r = analyzeLocal({ message: bec, platform: 'email' });
    expect(r.reasonDetails.map((d) => d.id)).not.toContain('quoted_reply');
    expect(r.riskScore).toBeGreaterThanOrEqual(40);
  });
});
