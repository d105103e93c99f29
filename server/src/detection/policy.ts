/**
 * The score policy: every cap, floor and blend the engine applies to the learned combination, as ONE ordered
 * list of named steps (docs/engine.md, "Score policy"). Each step that changes the score is recorded in the
 * result (`policy`, shown under Details), so a user and a reviewer can see why a score is not the model's.
 *
 *   1. marketplace_model_cap   on a marketplace, a chat with no link and no detector firing is judged by the
 *                              text model alone, which saw little marketplace chat: it may not pass 35.
 *   2. warning_floor           a warning sign that is shown keeps the verdict out of green (at least 40).
 *   3. opener_floor            an opener with no ask yet is Suspicious (at least 45).
 *   3b. known_sender_cap       the user said they know the sender, and the message asks for nothing, links
 *                              nowhere and shows no warning sign but the opener: at most 35 (context.ts).
 *   4. model_only_cap          an alarm raised by the text model alone, with nothing in the message to act on
 *                              or check, stands only when the model is very sure (MODEL_ONLY_MIN_P); below
 *                              that the message is at most 35 and the result says what to watch for
 *                              (decision 101; the trade-off per source is in docs/engine-evaluation.md).
 *   4b. sender_notice_cap      a recognised transaction alert or notice whose every way back is the kind its sender
 *                              uses (toll-free helpline, short code, own website) and whose only alarm is the
 *                              text model: at most 35, however sure the model is (decision 109).
 *   4c. platform_link_cap      every link is a well-known platform's own host (a Discord photo or invite, a
 *                              Telegraph article) and only the text model raised it: at most 35 (decision 131).
 *   5. destination_cap         the only way to act is the company's own website: at most 30 (decision 097).
 *   6. no_way_to_act_cap       a recognised notice that gives no way to act: at most 30 (decision 098).
 *   7. reviewer_blend          the optional LLM reviewer moves the score part of the way (llm/reviewer.ts).
 *   8. known_bad_link          a link of the message is on a public known-bad list: Scam (at least 90), with a
 *                              reason naming the list and when the link was listed (decision 103).
 *
 * Steps 1-6 run in `applyScorePolicy`, in this order; step 7 runs after the local result, when configured;
 * step 8 (`knownBadOutcome`) runs in `decide`, with the listings the scan service looked up passed in as evidence.
 * Before step 1, the result records where the wording alone puts it (`wording_start`) and the weight steps
 * (score/steps.ts WEIGHT_STEPS: marketplace_weights, elsewhere_weights, long_text_brand_mismatch, voip_alone), made
 * in explain.ts; the reasons' points plus every recorded step are the score (decision 121).
 */
import type { Platform, PolicyStep, ScanResult } from '@redflag/contracts/scan';
import { listingText, type Listing } from '@redflag/contracts/reputation';
import { RISK_BAND_SUSPICIOUS } from '@redflag/contracts/constants';
import { combine, effectiveWeight, sigmoid, WARNING_WEIGHT, type CombinerParams } from './score/combine.ts';
import type { Signal } from './signal.ts';
import { step, type PolicyStepId } from './score/steps.ts';
import type { TextDomain } from './model/features.ts';
import { ASK_TAGS, MARKETPLACES } from './rules/rules.ts';
import { USER_KNOWS_SENDER } from './context.ts';

// The bounds are written once (score/limits.ts); the steps' words are rendered from them.
import {
  KNOWN_BAD_FLOOR,
  MODEL_ONLY_CAP,
  OFFICIAL_DESTINATION_CAP,
  OPENER_FLOOR,
  WARNING_FLOOR,
} from './score/limits.ts';

export { POLICY_STEPS, type PolicyStepId } from './score/steps.ts';
export { KNOWN_BAD_FLOOR, MODEL_ONLY_CAP, OFFICIAL_DESTINATION_CAP } from './score/limits.ts';

/** The model logit the marketplace cap leaves at most (about 35-39 with the shipped combiner; the score is then held at MODEL_ONLY_CAP). */
const MARKETPLACE_MODEL_LOGIT_CAP = -0.62;
/**
 * How sure the text model must be for its alarm to stand alone (no detector, link, number or sender finding
 * raised the score). Chosen from the leave-one-source-out trade-off (decision 101).
 */
export const MODEL_ONLY_MIN_P = 0.5;
/** A floored or capped score is a judgement call, not a measurement: its confidence is at most this. */
const JUDGEMENT_CONFIDENCE = 0.6;

export interface PolicyInput {
  modelLogit: number | null;
  domain: TextDomain;
  tokenCount: number;
  platform: Platform | undefined;
  linkCount: number;
  signals: readonly Signal[];
  /** The company whose own website is the only way to act (notices.ts officialDestination), or null. */
  officialDestination: string | null;
  /** Every link is a well-known platform's own host, with no warning flag (evidence.ts platformLinksOnly). */
  platformLinksOnly?: boolean;
  /** A recognised notice that gives no way to act (notices.ts givesNoWayToAct). */
  noWayToAct: boolean;
  /** A recognised alert or notice whose every way back is its sender's kind (evidence.ts senderNotice). */
  senderNotice?: boolean;
  params: CombinerParams;
}

export interface PolicyOutcome {
  riskScore: number;
  confidence: number;
  /** The steps that changed the score, in order. */
  steps: PolicyStep[];
  /** A cap made the message's warnings context (destination_cap or no_way_to_act_cap applied). */
  excused: boolean;
  /** The model alone raised it, below the certainty it needs (model_only_cap applied). */
  modelOnlyCapped: boolean;
}

/** Steps 1-6 (with 3b and 4b), in order, from the gathered evidence to the local score and confidence. */
export function applyScorePolicy(input: PolicyInput): PolicyOutcome {
  const steps: PolicyStep[] = [];
  const base = { domain: input.domain, signals: input.signals, params: input.params, tokenCount: input.tokenCount };

  // 1. marketplace_model_cap (on the model's logit, before the combination).
  let modelLogit = input.modelLogit;
  let combined: number | null = null;
  const quietMarketplaceChat =
    modelLogit !== null &&
    input.platform !== undefined &&
    MARKETPLACES.has(input.platform) &&
    input.linkCount === 0 &&
    !input.signals.some((s) => s.weight > 0);
  if (quietMarketplaceChat && modelLogit !== null && modelLogit > MARKETPLACE_MODEL_LOGIT_CAP) {
    const uncapped = combine({ ...base, modelLogit }).riskScore;
    modelLogit = MARKETPLACE_MODEL_LOGIT_CAP;
    // The logit's cap lands near the bound with the shipped combiner, not on it: the bound is what the step says.
    combined = Math.min(combine({ ...base, modelLogit }).riskScore, MODEL_ONLY_CAP);
    if (combined !== uncapped) steps.push(step('marketplace_model_cap', uncapped, combined));
  }

  let riskScore = combined ?? combine({ ...base, modelLogit }).riskScore;
  let floored = false;

  // 2. warning_floor.
  const warnings = input.signals.filter((s) => effectiveWeight(s, input.params) >= WARNING_WEIGHT);
  if (riskScore < WARNING_FLOOR && warnings.length) {
    steps.push(step('warning_floor', riskScore, WARNING_FLOOR));
    riskScore = WARNING_FLOOR;
    floored = true;
  }
  // 3. opener_floor.
  const opener = input.signals.some(
    (s) => s.tags?.includes('opener') || s.tags?.includes('family') || s.tags?.includes('romance'),
  );
  if (opener && riskScore < OPENER_FLOOR) {
    steps.push(step('opener_floor', riskScore, OPENER_FLOOR));
    riskScore = OPENER_FLOOR;
    floored = true;
  }

  // 3b. known_sender_cap: what made it an opener is the sender being a stranger, and the user says otherwise.
  const openerTag = (s: Signal) => (s.tags ?? []).some((t) => t === 'opener' || t === 'family' || t === 'romance');
  if (
    input.signals.some((s) => s.id === USER_KNOWS_SENDER) &&
    riskScore > MODEL_ONLY_CAP &&
    input.linkCount === 0 &&
    !input.signals.some((s) => effectiveWeight(s, input.params) > 0 && (s.tags ?? []).some((t) => ASK_TAGS.has(t))) &&
    !warnings.some((s) => !openerTag(s))
  ) {
    steps.push(step('known_sender_cap', riskScore, MODEL_ONLY_CAP));
    riskScore = MODEL_ONLY_CAP;
    floored = true;
  }

  let confidence = confidenceOf(riskScore, input, modelLogit);
  if (floored) confidence = Math.min(confidence, JUDGEMENT_CONFIDENCE);

  // 4. model_only_cap.
  // A topic alone (tags.ts 'topic': "mentions crypto") is not evidence: it does not hold a model-only alarm up.
  // A number it asks you to call is a way to act, though it raises nothing by itself (evidence.ts).
  const evidence = input.signals.some(
    (s) =>
      (effectiveWeight(s, input.params) > 0 && !(s.tags ?? []).every((t) => t === 'topic')) ||
      s.id === 'call_number_in_text',
  );
  const modelOnly = modelLogit !== null && !evidence;
  if (modelOnly && modelLogit !== null && riskScore >= RISK_BAND_SUSPICIOUS && sigmoid(modelLogit) < MODEL_ONLY_MIN_P) {
    steps.push(step('model_only_cap', riskScore, MODEL_ONLY_CAP));
    riskScore = MODEL_ONLY_CAP;
    confidence = Math.min(confidence, JUDGEMENT_CONFIDENCE);
  }

  // 4b. sender_notice_cap: nothing but the model raised it, and its way back is the sender's own kind.
  if (input.senderNotice && !evidenceBesidesContact(input) && riskScore > MODEL_ONLY_CAP) {
    steps.push(step('sender_notice_cap', riskScore, MODEL_ONLY_CAP));
    riskScore = MODEL_ONLY_CAP;
    confidence = Math.min(confidence, JUDGEMENT_CONFIDENCE);
  }

  // 4c. platform_link_cap: nothing but the model raised it, and its links are a platform's own hosts (a
  // Discord photo, a Telegraph article, an invite): the model reads any bare link as spam-like.
  if (input.platformLinksOnly && !evidenceBesidesContact(input) && riskScore > MODEL_ONLY_CAP) {
    steps.push(step('platform_link_cap', riskScore, MODEL_ONLY_CAP));
    riskScore = MODEL_ONLY_CAP;
    confidence = Math.min(confidence, JUDGEMENT_CONFIDENCE);
  }

  // 5. destination_cap, 6. no_way_to_act_cap: whatever its wording, at most a low risk.
  let excused = false;
  const cap: PolicyStepId | null =
    input.officialDestination !== null ? 'destination_cap' : input.noWayToAct ? 'no_way_to_act_cap' : null;
  if (cap && riskScore > OFFICIAL_DESTINATION_CAP) {
    steps.push(step(cap, riskScore, OFFICIAL_DESTINATION_CAP));
    riskScore = OFFICIAL_DESTINATION_CAP;
    confidence = Math.min(confidence, JUDGEMENT_CONFIDENCE);
    excused = true;
  }
  return {
    riskScore,
    confidence: Math.round(confidence * 100) / 100,
    steps,
    excused,
    modelOnlyCapped: steps.some((x) => x.id === 'model_only_cap'),
  };
}

/**
 * A detector that fired, other than a topic alone and the number to call (a sender's helpline here). Its
 * prior weight counts, not the combiner's rescaled one: a detector the combiner weighs at 0 (it fires on
 * genuine mail too) still found something the alert asks, so the alert is not "only the wording".
 */
function evidenceBesidesContact(input: PolicyInput): boolean {
  return input.signals.some((s) => s.weight > 0 && !(s.tags ?? []).every((t) => t === 'topic'));
}

/**
 * Confidence grows with distance from the 50% line and with how much there was to go on: a three-word
 * message with no detector firing is "probably fine, but we cannot say much".
 */
function confidenceOf(riskScore: number, input: PolicyInput, modelLogit: number | null): number {
  const p = riskScore / 100;
  const positives = input.signals.filter((s) => s.weight > 0).length;
  const decisiveness = Math.abs(2 * p - 1);
  const amount = Math.min(1, 0.25 + input.tokenCount / 40 + 0.2 * positives + (modelLogit === null ? -0.2 : 0.1));
  return Math.max(0.2, Math.min(0.98, 0.3 + 0.68 * decisiveness * Math.max(0, amount)));
}

/** How sure a listed link makes the verdict. */
const KNOWN_BAD_CONFIDENCE = 0.95;
/** The listing reason's weight: above any single detector's, so it is read first. */
const KNOWN_BAD_WEIGHT = 4;

/**
 * 8. known_bad_link: the message's links found on known-bad lists (the scan service's lookup, passed in as
 * evidence: EngineInput.knownBad) make the result Scam. One reason per listed link, first, naming the list and
 * the date; no reassurance is left beside it. The type and the advice are the decision's (explain.ts `decide`).
 */
export function knownBadOutcome(
  listings: readonly Listing[],
  local: Pick<ScanResult, 'riskScore' | 'confidence' | 'reasonDetails' | 'policy'>,
): Pick<ScanResult, 'riskScore' | 'confidence' | 'reasonDetails' | 'policy'> {
  const byLink = new Map<string, Listing>();
  for (const l of listings) {
    const seen = byLink.get(l.url);
    // A whole-link match says more than a site match; then the earliest listing.
    const better =
      !seen ||
      (l.match === 'url' && seen.match === 'host') ||
      (l.match === seen.match && (l.listedAt ?? '9') < (seen.listedAt ?? '9'));
    if (better) byLink.set(l.url, l);
  }
  const reasons = [...byLink.values()].map((l) => ({
    id: 'known_bad_list',
    text: listingText(l),
    weight: KNOWN_BAD_WEIGHT,
    severity: 'high' as const,
    // What the listing's floor moved is the recorded step known_bad_link.
    points: 0,
    evidence: [{ kind: 'url' as const, url: l.url }],
  }));
  const from = local.riskScore;
  const riskScore = Math.max(from, KNOWN_BAD_FLOOR);
  const steps = [...(local.policy ?? [])];
  if (riskScore !== from) steps.push(step('known_bad_link', from, riskScore));
  // The listing takes the place of the reasons it sets aside, and of their points (the first listing reason carries
  // them), so the reasons' points and the steps still add up to the score.
  const kept = local.reasonDetails.filter((r) => r.id !== 'no_signals' && r.weight >= 0);
  const points = (rs: readonly { points?: number | undefined }[]) => rs.reduce((sum, r) => sum + (r.points ?? 0), 0);
  const [first, ...others] = reasons;
  const listed = first ? [{ ...first, points: points(local.reasonDetails) - points(kept) }, ...others] : [];
  return {
    riskScore,
    confidence: Math.max(local.confidence, KNOWN_BAD_CONFIDENCE),
    reasonDetails: [...listed, ...kept],
    policy: steps,
  };
}
