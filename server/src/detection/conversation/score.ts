/**
 * Scores a conversation (docs/engine.md, "Conversations"): each turn through the same engine as a single
 * message, the other side's turns together for the verdict of the whole, and the trajectory (friendly chat,
 * then a platform, then a deposit) as evidence of its own. The user's own turns are never evidence against
 * them: they are scored only to tell the sides apart, and never read for the verdict.
 *
 * Which side is the user: the speaker the thread labels "Me" / "You" (and their translations); otherwise
 * the speaker whose riskiest turn is the least risky (on a tie, the one who did not write first), since a
 * chat export does not say whose phone it came from.
 */
import type { Conversation, ConversationTurn } from '@redflag/contracts/conversation';
import type { Evidence, ScanResult } from '@redflag/contracts/scan';
import { RISK_BAND_SUSPICIOUS } from '@redflag/contracts/constants';
import type { Signal } from '../signal.ts';
import type { EngineInput } from '../engine-input.ts';
import type { AnalyzeOptions } from '../options.ts';
import { ASK_TAGS } from '../rules/rules.ts';
import type { RuleTag } from '../rules/tags.ts';
import { weightOf } from '../score/symbols.ts';
import { isMeLabel, splitConversation, type SplitTurn } from './split.ts';

/**
 * The single-message analysis, handed in by the pipeline (analyze.ts, its only orchestrator): this scorer
 * runs its stages on the turns and on the other side's words, and never calls them itself.
 */
export interface MessageAnalysis {
  /** One text as a message of its own (gather, then decide; no context, no listings): its score and findings. */
  score(input: EngineInput, opts: AnalyzeOptions): { riskScore: number; signals: readonly Signal[] };
  /**
   * The whole: `input` gathered, `extra` findings added, the person's answers (input.context) and listings
   * (input.knownBad) weighed, then decided; with the findings the decision weighed.
   */
  decideWith(input: EngineInput, extra: readonly Signal[]): { result: ScanResult; signals: readonly Signal[] };
}

/** How much of the other side's text the verdict of the whole reads: their red turns, then the latest. */
const WHOLE_TEXT_BUDGET = 8000;
/** Friendly turns before the first ask that make "it turned" a finding of its own. */
const RAPPORT_TURNS = 2;
/**
 * The most different turns one chat scores one by one (decision 130): a turn costs about a third of a
 * millisecond, so this bounds a chat's per-turn work near 100 ms. Identical turns are scored once. A chat with
 * more is read as a whole instead (readWhole), which a real chat of 10,000 characters almost never needs.
 */
export const TURN_BUDGET = 300;
/** A chat read whole tells its sides apart by each speaker's text; past this many speakers, by order. */
const MAX_SPEAKERS_READ = 8;

interface ScoredTurn {
  turn: SplitTurn;
  riskScore: number;
  tags: Set<RuleTag>;
  /** It asks for something (money, a code, an app, an investment ...) or carries a warning link. */
  moves: boolean;
}

type TurnScore = Omit<ScoredTurn, 'turn'>;

/** A text's score as a turn; the same text in the same chat scores the same, so `seen` keeps each once. */
function scoreTurn(
  turn: SplitTurn,
  input: EngineInput,
  opts: AnalyzeOptions,
  message: MessageAnalysis,
  seen: Map<string, TurnScore>,
): ScoredTurn {
  let score = seen.get(turn.text);
  if (!score) {
    const one = message.score({ message: turn.text, platform: input.platform }, opts);
    score = { riskScore: one.riskScore, ...movesOf(one.signals) };
    seen.set(turn.text, score);
  }
  return { turn, ...score };
}

/** What a text's findings ask for: the tags of its positive signals, and whether any of them makes a move. */
function movesOf(signals: readonly Signal[]): { tags: Set<RuleTag>; moves: boolean } {
  const positive = signals.filter((s) => s.weight > 0);
  const tags = new Set(positive.flatMap((s) => s.tags ?? []));
  const moves =
    [...tags].some((t) => ASK_TAGS.has(t)) || positive.some((s) => s.tags?.includes('link') && s.weight >= 1);
  return { tags, moves };
}

/** The user's speaker names: labelled, or the side whose riskiest turn is the least risky. */
function mySpeakers(scored: readonly ScoredTurn[]): Set<string> {
  const names = [...new Set(scored.map((s) => s.turn.speaker))];
  const labelled = names.filter(isMeLabel);
  if (labelled.length) return new Set(labelled);
  const peak = new Map(
    names.map((n) => [n, Math.max(...scored.filter((s) => s.turn.speaker === n).map((s) => s.riskScore))]),
  );
  const first = scored[0]?.turn.speaker;
  const sorted = [...names].sort(
    (a, b) => (peak.get(a) ?? 0) - (peak.get(b) ?? 0) || (a === first ? 1 : b === first ? -1 : 0),
  );
  return new Set(sorted.slice(0, 1));
}

/**
 * The user's speaker names in a chat read whole: labelled, or the speaker whose words, read together, are the
 * least risky (on a tie, the one who did not write first): one analysis a speaker instead of one a turn.
 */
function sidesByText(
  turns: readonly SplitTurn[],
  labelled: boolean,
  input: EngineInput,
  opts: AnalyzeOptions,
  message: MessageAnalysis,
): Set<string> {
  const names = [...new Set(turns.map((t) => t.speaker))];
  if (labelled) return new Set(names.filter(isMeLabel));
  const first = turns[0]?.speaker;
  const risk = new Map(
    names.slice(0, MAX_SPEAKERS_READ).map((n) => {
      const words = turns
        .filter((t) => t.speaker === n)
        .map((t) => t.text)
        .join('\n')
        .slice(-WHOLE_TEXT_BUDGET);
      return [n, message.score({ message: words, platform: input.platform }, opts).riskScore];
    }),
  );
  const sorted = [...risk.keys()].sort(
    (a, b) => (risk.get(a) ?? 0) - (risk.get(b) ?? 0) || (a === first ? 1 : b === first ? -1 : 0),
  );
  return new Set(sorted.slice(0, 1));
}

/** Their red turns and then their latest turns, in order, within the budget; with where each piece came from. */
function wholeText(
  theirs: readonly ScoredTurn[],
  isRed: (s: ScoredTurn) => boolean,
): { text: string; pieces: Array<{ at: number; start: number; length: number }> } {
  const chosen = new Set<ScoredTurn>();
  let used = 0;
  for (const s of theirs) {
    if (!isRed(s) || used + s.turn.text.length > WHOLE_TEXT_BUDGET) continue;
    chosen.add(s);
    used += s.turn.text.length + 1;
  }
  for (let i = theirs.length - 1; i >= 0; i--) {
    const s = theirs[i] as ScoredTurn;
    if (chosen.has(s)) continue;
    if (used + s.turn.text.length > WHOLE_TEXT_BUDGET) break;
    chosen.add(s);
    used += s.turn.text.length + 1;
  }
  const pieces: Array<{ at: number; start: number; length: number }> = [];
  let text = '';
  for (const s of theirs) {
    if (!chosen.has(s)) continue;
    if (text) text += '\n';
    pieces.push({ at: text.length, start: s.turn.start, length: s.turn.text.length });
    text += s.turn.text;
  }
  return { text, pieces };
}

/** An offset in the assembled text, back in the message the user pasted. */
function remap(offset: number, pieces: ReadonlyArray<{ at: number; start: number; length: number }>): number {
  for (const p of pieces) if (offset >= p.at && offset <= p.at + p.length) return p.start + (offset - p.at);
  return 0;
}

function remapEvidence(e: Evidence, pieces: ReadonlyArray<{ at: number; start: number; length: number }>): Evidence {
  if (e.kind === 'span') return { ...e, start: remap(e.start, pieces), end: remap(e.end, pieces) };
  if (e.kind === 'url' && e.start !== undefined && e.end !== undefined)
    return { ...e, start: remap(e.start, pieces), end: remap(e.end, pieces) };
  return e;
}

const quote = (text: string): string => {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 120 ? `${one.slice(0, 117)}...` : one;
};

/** The trajectory as evidence: friendly turns that asked for nothing, then the move. */
function trajectorySignals(theirs: readonly ScoredTurn[], turnedAt: ScoredTurn | undefined, index: number): Signal[] {
  if (!turnedAt) return [];
  const before = theirs.slice(0, theirs.indexOf(turnedAt));
  if (before.length < RAPPORT_TURNS || before.some((s) => s.moves)) return [];
  const investment = theirs.some((s) => s.tags.has('investment'));
  const asksMoney = theirs.some(
    (s) => s.tags.has('money') || s.tags.has('advance_fee') || s.tags.has('payment_method'),
  );
  const evidence: Evidence[] = [
    { kind: 'span', start: turnedAt.turn.start, end: turnedAt.turn.end, text: quote(turnedAt.turn.text) },
  ];
  const where = `message ${index + 1}${turnedAt.turn.time ? ` (${turnedAt.turn.time})` : ''}`;
  if (investment && asksMoney) {
    return [
      {
        id: 'conversation_investment_turn',
        text: `After ${before.length} friendly messages that asked for nothing, the chat turned to a trading platform and a deposit at ${where}: "${quote(turnedAt.turn.text)}"`,
        weight: weightOf('conversation_investment_turn'),
        severity: 'high',
        evidence,
        types: { crypto_investment: 2.5 },
        tags: ['investment', 'money'],
      },
    ];
  }
  return [
    {
      id: 'conversation_turned',
      text: `After ${before.length} messages that asked for nothing, it turned at ${where}: "${quote(turnedAt.turn.text)}"`,
      weight: weightOf('conversation_turned'),
      severity: 'medium',
      evidence,
      tags: [...turnedAt.tags].filter((t) => ASK_TAGS.has(t)),
    },
  ];
}

/** Where the user stands now, from the furthest the other side has gone. */
function standing(theirs: readonly ScoredTurn[], riskScore: number): string | null {
  if (riskScore < RISK_BAND_SUSPICIOUS) return null;
  const has = (t: RuleTag) => theirs.some((s) => s.tags.has(t));
  const afterPaying =
    "If you already paid: call your bank's fraud line now, report it, and beware of anyone offering to recover the money for a fee.";
  if (has('code') || has('credentials'))
    return 'They have asked for a code or a login: do not share it. If you already did, change the password now, turn on two-step verification, and tell the service your account may be taken over.';
  if (has('investment') && (has('money') || has('advance_fee') || has('payment_method')))
    return `They have asked for a deposit: do not send it, and do not install the app they suggest. ${afterPaying}`;
  if (has('money') || has('advance_fee') || has('payment_method') || has('payment_trick'))
    return `They have asked for money: do not send it until you have checked who they are on a number you already have. ${afterPaying}`;
  if (has('install'))
    return 'They have asked you to install an app or allow remote access: do not. If you already did, disconnect from the internet and have the device checked.';
  if (has('investment'))
    return 'They have brought up investing: do not download any app or open any account they suggest; this is how the deposit request begins.';
  if (has('off_platform'))
    return 'They have asked you to move to another app: stay where you are; scams move you where they are harder to trace.';
  return 'Nothing has been asked yet: be wary if money, codes, links, apps or investing come up next.';
}

/**
 * A conversation's result, or null when the message is not a conversation (it is then scanned as one
 * message, exactly as before). The result is the engine's for the other side's words, with the trajectory
 * and the user's answers as evidence, plus `conversation`: each turn, the one where it turned, where the
 * user stands.
 */
export function scoreConversation(
  input: EngineInput,
  message: MessageAnalysis,
  opts: AnalyzeOptions = {},
): ScanResult | null {
  const thread = splitConversation(input.message);
  if (!thread) return null;
  // A turn's language is never shown and never moves its score: each turn skips detecting it (the whole does not).
  const turnOpts: AnalyzeOptions = { ...opts, detectLanguage: false };
  // The user's turns are read only to tell the sides apart: when the thread labels them, not at all.
  const labelled = thread.turns.some((t) => isMeLabel(t.speaker));
  const toScore = new Set(thread.turns.filter((t) => !(labelled && isMeLabel(t.speaker))).map((t) => t.text));
  const readWhole = toScore.size > TURN_BUDGET;
  const seen = new Map<string, TurnScore>();
  const unscored = (turn: SplitTurn): ScoredTurn => ({ turn, riskScore: 0, tags: new Set<RuleTag>(), moves: false });
  const scored = thread.turns.map((turn) =>
    readWhole || (labelled && isMeLabel(turn.speaker))
      ? unscored(turn)
      : scoreTurn(turn, input, turnOpts, message, seen),
  );
  const mine = readWhole ? sidesByText(thread.turns, labelled, input, turnOpts, message) : mySpeakers(scored);
  const theirs = scored.filter((s) => !mine.has(s.turn.speaker));
  // Where it turned: their first turn that makes a move and is flagged on its own; failing that, their first
  // move at all, which stands only if the whole is flagged (a "relative" asking for money reads mildly alone).
  // A chat read whole has no turn scores: no turn is red, and none is named.
  const isRed = (s: ScoredTurn) => s.riskScore >= RISK_BAND_SUSPICIOUS && s.moves;
  const candidate = readWhole ? undefined : (theirs.find(isRed) ?? theirs.find((s) => s.moves));

  const { text, pieces } = wholeText(theirs, isRed);
  const whole = message.decideWith(
    {
      message: text,
      platform: input.platform,
      phoneNumber: input.phoneNumber,
      email: input.email,
      qrLinks: input.qrLinks,
      context: input.context,
      knownBad: input.knownBad,
    },
    trajectorySignals(theirs, candidate, candidate ? scored.indexOf(candidate) : 0),
  );
  const decided = whole.result;
  const firstRed = candidate && (isRed(candidate) || decided.riskScore >= RISK_BAND_SUSPICIOUS) ? candidate : undefined;
  // A chat read whole: where the user stands comes from what the other side's text asks for as a whole.
  const reach = readWhole ? [{ ...unscored(thread.turns[0] as SplitTurn), ...movesOf(whole.signals) }] : theirs;

  const turns: ConversationTurn[] = scored.map((s) => ({
    speaker: s.turn.speaker,
    role: mine.has(s.turn.speaker) ? 'me' : 'them',
    time: s.turn.time,
    start: s.turn.start,
    end: s.turn.end,
    riskScore: mine.has(s.turn.speaker) || readWhole ? null : s.riskScore,
  }));
  const conversation: Conversation = {
    format: thread.format,
    turns,
    turnedAt: firstRed ? scored.indexOf(firstRed) : null,
    standing: standing(reach, decided.riskScore),
    ...(readWhole ? { readWhole: true } : {}),
  };
  const reasonDetails = decided.reasonDetails.map((r) =>
    r.id.startsWith('conversation_') ? r : { ...r, evidence: r.evidence.map((e) => remapEvidence(e, pieces)) },
  );
  return {
    ...decided,
    reasonDetails,
    reasons: reasonDetails.map((r) => r.text),
    links: decided.links.map((l) => ({ ...l, start: remap(l.start, pieces), end: remap(l.end, pieces) })),
    conversation,
  };
}
