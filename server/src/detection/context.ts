/**
 * What the user told us about a message, as evidence (docs/engine.md, "What the user knows"). A single text
 * cannot show whether its sender is a stranger or a friend, or whether the chat has since moved to another
 * app or to money; the person holding the phone can. Each answer becomes a signal in the user's own words
 * ("You said you don't know the sender"), appended to the gathered evidence before the decision, so it is
 * weighed, shown and explained like any other finding. Also here: which questions a result asks, chosen from
 * what the message alone leaves open.
 *
 * Nothing here runs when no answer is given: a scan without context scores exactly as before.
 */
import { MAX_CONTEXT_QUESTIONS, type ContextKey, type ScanContext } from '@redflag/contracts/scan-context';
import type { ScanResult } from '@redflag/contracts/scan';
import type { SignalId } from './rules/signal-ids.ts';
import type { Signal } from './signal.ts';
import type { Gathered } from './evidence.ts';
import { MARKETPLACES } from './rules/rules.ts';
import { weightOf, type ScoredFindingId } from './score/symbols.ts';

/** The id every answer's signal starts with: the score policy reads `user_knows_sender` (policy.ts). */
export const USER_CONTEXT_PREFIX = 'user_';
export const USER_KNOWS_SENDER = 'user_knows_sender' satisfies SignalId;

/** An answer's finding, at its weight in score/symbols.ts (or the degree given). */
const answer = (
  id: ScoredFindingId,
  text: string,
  extra: Partial<Signal> = {},
  weight: number = weightOf(id),
): Signal => ({
  id,
  text,
  weight,
  severity: weight >= 2 ? 'high' : weight >= 1 ? 'medium' : weight > 0 ? 'low' : 'info',
  evidence: [],
  ...extra,
});

/**
 * The answers as signals. Weights (score/symbols.ts) are hand-set priors in the detectors' scale (score/combine.ts): an answer that
 * says the chat has made its move (another app, an investment, money) is a warning sign (>= 1.5, so the
 * verdict leaves green); knowing the sender lowers the score, and with nothing asked it keeps a bare opener
 * below Suspicious (policy.ts known_sender_cap). A "no" to a move is shown but weighs nothing: that it has
 * not happened yet says little.
 */
export function contextSignals(context: ScanContext | undefined): Signal[] {
  if (!context) return [];
  const out: Signal[] = [];
  const knows = context.knowsSender;
  if (knows === true) out.push(answer(USER_KNOWS_SENDER, 'You said you know the sender outside this chat'));
  if (knows === false)
    out.push(
      answer('user_unknown_sender', "You said you don't know the sender", {
        types: { other: 0.3 },
      }),
    );
  if (context.contactedFirst === true)
    out.push(answer('user_contacted_first', 'You said you reached out to them first'));
  if (context.contactedFirst === false)
    out.push(answer('user_they_contacted_first', 'You said they reached out to you first'));
  if (context.movedApps === true)
    out.push(
      answer('user_moved_apps', 'You said they asked you to move to another app', {
        tags: ['off_platform'],
        types: { crypto_investment: 0.3, romance: 0.3 },
      }),
    );
  if (context.movedApps === false)
    out.push(answer('user_not_moved_apps', 'You said they have not asked you to move to another app'));
  if (context.mentionedInvestment === true) {
    out.push(
      answer('user_mentioned_investment', 'You said they mentioned an investment, a trading platform or crypto', {
        tags: ['investment'],
        types: { crypto_investment: 2 },
      }),
    );
  }
  if (context.mentionedInvestment === false)
    out.push(
      answer('user_no_investment', 'You said they have not mentioned an investment, a trading platform or crypto'),
    );
  if (context.askedForMoney === true) {
    // Someone you know asking for money is ordinary; the same from a stranger (or a "relative" on a new number) is the move.
    out.push(
      knows === true
        ? answer(
            'user_asked_for_money',
            'You said they asked you for money, gift cards, a code or remote access: check it is really them on a number you already have',
            { tags: ['money'] },
            weightOf('user_asked_for_money', 'known_sender'),
          )
        : answer('user_asked_for_money', 'You said they asked you for money, gift cards, a code or remote access', {
            tags: ['money'],
            types: { advance_fee: 0.3 },
          }),
    );
  }
  if (context.askedForMoney === false)
    out.push(
      answer(
        'user_not_asked_for_money',
        'You said they have not asked you for money, gift cards, a code or remote access',
      ),
    );
  return out;
}

/**
 * The questions worth asking, from the evidence of the message alone: those whose answer could move the
 * verdict because the text cannot tell (a first message from a stranger, friendship or romance, a relative
 * asking for money, a job offer, a boss or supplier changing payment details, a marketplace buyer). At most
 * MAX_CONTEXT_QUESTIONS, most decisive first; none for a message the evidence already settles (a listed link,
 * a Scam verdict with a link or a code) or for a recognised notice.
 */
export function questionsFor(
  g: Pick<Gathered, 'signals' | 'links' | 'platform' | 'senderNotice' | 'noWayToAct' | 'officialDestination'>,
): ContextKey[] {
  if (g.senderNotice || g.noWayToAct || g.officialDestination) return [];
  const signals = g.signals.filter((s) => !s.id.startsWith(USER_CONTEXT_PREFIX));
  const tags = new Set(signals.flatMap((s) => s.tags ?? []));
  const ids = new Set(signals.map((s) => s.id));
  const picked: ContextKey[] = [];
  const ask = (...keys: ContextKey[]) => {
    for (const k of keys) if (!picked.includes(k)) picked.push(k);
  };
  if (tags.has('opener') || tags.has('romance')) ask('knowsSender', 'mentionedInvestment', 'movedApps');
  if (tags.has('family')) ask('knowsSender', 'askedForMoney');
  if (tags.has('job')) ask('contactedFirst', 'askedForMoney', 'movedApps');
  if (tags.has('investment')) ask('knowsSender', 'contactedFirst', 'askedForMoney');
  if (ids.has('payment_details_change') || ids.has('boss_request')) ask('knowsSender', 'askedForMoney');
  if (g.platform && MARKETPLACES.has(g.platform) && !tags.has('code')) ask('movedApps', 'askedForMoney');
  if (tags.has('off_platform') && !picked.length) ask('knowsSender', 'mentionedInvestment', 'askedForMoney');
  return picked.slice(0, MAX_CONTEXT_QUESTIONS);
}

/**
 * The one hook analyze.ts calls between gathering and deciding: the questions (from the message alone), then
 * the answers appended to the evidence. Returns the questions for `withQuestions`.
 */
export function addContext(g: Gathered, context: ScanContext | undefined): ContextKey[] {
  const questions = questionsFor(g);
  g.signals.push(...contextSignals(context));
  return questions;
}

/** The result with the questions it asks (absent when it asks none, as before questions existed). */
export function withQuestions(result: ScanResult, questions: readonly ContextKey[]): ScanResult {
  return questions.length ? { ...result, questions: [...questions] } : result;
}
