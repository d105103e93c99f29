/**
 * Signs that a message is part of an ongoing conversation rather than a cold approach. Ordinary e-mail from
 * senders the text model never saw was flagged far too often (decision 096: with SpamAssassin's mail left
 * out of training, 45% of its legitimate mail scored 40 or more); a reply that quotes the message it
 * answers is the commonest everyday shape of that mail, in any mail client, and is rare in scams.
 *
 * Negative weights, like the conversation rules at the end of rules.ts; the learned combiner rescales
 * them. gather (evidence.ts) drops these hits when the message also asks for something (money, codes, credentials,
 * action on an account), so a faked "Re:" thread buys a scam nothing.
 *
 * Patterns run on folded text (text/normalize.ts: lower-case, newlines kept). Quantifiers are bounded.
 */
import type { RuleTag } from './tags.ts';
import { ASK_TAGS, scored, type Rule } from './rules.ts';

const re = (src: string): RegExp => new RegExp(src, 'g');
/** A quoted line as mail clients write it: up to six ">" at the start of the line. */
const QUOTE = '[ \\t]{0,4}>';

export const CONVERSATION_RULES: readonly Rule[] = scored([
  {
    id: 'quoted_reply',
    text: 'Replies to an earlier message and quotes it, as ongoing conversations do',
    patterns: [
      // Two quoted lines in a row ("> ..."), the usual inline or bottom quote.
      re(`(^|\\n)${QUOTE}[^\\n]{0,300}\\n${QUOTE}`),
      // The attribution line ("On Tue, 4 Mar 2025, Priya <...> wrote:") and Outlook's quoted block.
      re(`\\bwrote:[ \\t]{0,3}\\n|-{3,}[ \\t]{0,3}original message[ \\t]{0,3}-{3,}`),
      // A "Re:" subject over a quoted line (a short quote of one line).
      re(`\\bsubject:[ \\t]{0,3}re:[^\\n]{0,200}\\n(?:[^\\n]{0,300}\\n){0,20}?${QUOTE}`),
    ],
    tags: ['conversation'],
  },
]);

/** Tags of a request that a quoted thread must not reassure about. */
export const REQUEST_TAGS: ReadonlySet<RuleTag> = new Set<RuleTag>([...ASK_TAGS, 'account', 'threat']);
