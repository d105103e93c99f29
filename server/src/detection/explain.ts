/**
 * The engine's last stage: the gathered evidence and the score policy's outcome become the result the user
 * reads (docs/engine.md): reasons ordered by what they did to the score, the scam type voted by the reasons
 * that raised it, and advice that follows the evidence.
 */
import type { Listing } from '@redflag/contracts/reputation';
import type { Evidence, PolicyStep, ScanResult, ScamType } from '@redflag/contracts/scan';
import { RISK_BAND_SUSPICIOUS } from '@redflag/contracts/constants';
import { adviceFor } from './advice.ts';
import {
  combine,
  effectiveWeight,
  MODEL_CLIP,
  sigmoid,
  tally,
  WARNING_WEIGHT,
  type CombinerParams,
} from './score/combine.ts';
import { step, WEIGHT_STEP_ORDER } from './score/steps.ts';
import { CONTEXT_WEIGHT } from './score/weights.ts';
import { applyScorePolicy, knownBadOutcome } from './policy.ts';
import { ASK_TAGS } from './rules/rules.ts';
import { ENGINE_VERSION } from './options.ts';
import { CATEGORY_TYPE } from './brand-types.ts';
import type { Gathered } from './evidence.ts';
import { round2, severityOf, type Signal } from './signal.ts';

/** The type when only the model (or untyped signals) raised the score: the impersonated brand, then the ask. */
function fallbackType(g: Gathered): ScamType {
  const brand = g.mentions[0]?.brand;
  if (brand) return CATEGORY_TYPE[brand.category];
  if (g.links.some((l) => !l.officialBrand)) return 'phishing';
  const tags = new Set(g.signals.flatMap((s) => s.tags ?? []));
  if (tags.has('code') || tags.has('credentials')) return 'phishing';
  if (tags.has('prize')) return 'prize_lottery';
  if (tags.has('money')) return 'advance_fee';
  return 'other';
}

function pickScamType(
  g: Gathered,
  signals: readonly Signal[],
  riskScore: number,
  params: CombinerParams,
): ScamType | null {
  if (riskScore < RISK_BAND_SUSPICIOUS) return null;
  const votes = new Map<ScamType, number>();
  for (const s of signals) {
    // The kind of scam is voted with the detector's own weight: the combiner rescales how much a finding adds to
    // the risk (and may weigh a detector at 0 where it also fires on genuine mail), not what kind of scam it names.
    const w = Math.max(s.weight, effectiveWeight(s, params));
    if (w <= 0 || !s.types) continue;
    for (const [type, v] of Object.entries(s.types) as [ScamType, number][])
      votes.set(type, (votes.get(type) ?? 0) + v * w);
  }
  let best: ScamType | null = null;
  let bestVotes = 0;
  for (const [type, v] of votes) {
    if (v > bestVotes) {
      best = type;
      bestVotes = v;
    }
  }
  return best ?? fallbackType(g);
}

const MODEL_EVIDENCE: Evidence = {
  kind: 'model',
  detail: 'Compared with thousands of labelled scam and genuine messages',
};

/**
 * How the learned combination's score is made (docs/engine.md, "How a score is made"): the findings at the weight
 * their detectors gave them, each with the points it added after decay, then each weight step (score/steps.ts
 * WEIGHT_STEPS) with the score before and after it. The last score is the combination's, where the score
 * policy starts; so the points, these steps and the policy's steps add up to the result's score.
 */
function scoreRecord(g: Gathered, params: CombinerParams): { start: number; points: number[]; steps: PolicyStep[] } {
  const at = (done: number) =>
    g.signals.map((s) => {
      const r = g.reweighted.get(s);
      return r && WEIGHT_STEP_ORDER.indexOf(r.step) >= done ? { ...s, weight: r.from } : s;
    });
  const base = { modelLogit: g.modelLogit, domain: g.domain, params, tokenCount: g.tokenCount };
  const first = tally({ ...base, signals: g.reweighted.size ? at(0) : g.signals });
  const steps: PolicyStep[] = [];
  if (!g.reweighted.size) return { start: first.start, points: first.points, steps };
  let before = first.riskScore;
  WEIGHT_STEP_ORDER.forEach((id, k) => {
    if (![...g.reweighted.values()].some((r) => r.step === id)) return;
    const after = combine({ ...base, signals: at(k + 1) }).riskScore;
    if (after !== before) steps.push(step(id, before, after));
    before = after;
  });
  return { start: first.start, points: first.points, steps };
}

/** Turns gathered evidence into the result: the one place where score, reasons, type and advice are assembled. */
export function decide(g: Gathered, params: CombinerParams, knownBad: readonly Listing[] = []): ScanResult {
  const policy = applyScorePolicy({
    modelLogit: g.modelLogit,
    domain: g.domain,
    tokenCount: g.tokenCount,
    platform: g.platform,
    linkCount: g.links.length,
    signals: g.signals,
    officialDestination: g.officialDestination,
    platformLinksOnly: g.platformLinksOnly,
    noWayToAct: g.noWayToAct,
    senderNotice: g.senderNotice,
    params,
  });
  // When a cap applied, acting on the message can only take you to the company's own website, or it gives no
  // way to act at all: whatever its wording, what it says is context, not a warning.
  const { riskScore, confidence, excused } = policy;
  const risky = riskScore >= RISK_BAND_SUSPICIOUS;
  const made = scoreRecord(g, params);
  const reasons: Signal[] = g.signals.map((s, i) => {
    const w = round2(effectiveWeight(s, params));
    const points = made.points[i] ?? 0;
    if (excused && w > CONTEXT_WEIGHT) return { ...s, weight: CONTEXT_WEIGHT, severity: 'low', points };
    return { ...s, weight: w, severity: w < 0 ? 'info' : severityOf(w), points };
  });
  // The text model speaks only when it matters and only in plain words.
  if (g.modelLogit !== null) {
    const p = sigmoid(g.modelLogit);
    const contribution = round2(params.modelCoef[g.domain] * Math.max(-MODEL_CLIP, Math.min(MODEL_CLIP, g.modelLogit)));
    const noWarnings = reasons.every((r) => r.weight < WARNING_WEIGHT);
    if (risky && (p >= 0.6 || reasons.every((r) => r.weight <= 0))) {
      reasons.push({
        id: 'text_model',
        text: 'The wording is very similar to scam and spam messages we have seen',
        weight: Math.max(contribution, 0.1),
        severity: severityOf(Math.max(contribution, 0.1)),
        evidence: [MODEL_EVIDENCE],
        points: made.start,
      });
    } else if (!risky && p <= 0.15 && noWarnings) {
      reasons.push({
        id: 'text_model',
        text: 'The wording reads like an ordinary personal or business message',
        weight: Math.min(contribution, -0.1),
        severity: 'info',
        evidence: [MODEL_EVIDENCE],
        points: made.start,
      });
    }
  }
  if (policy.modelOnlyCapped) {
    reasons.push({
      id: 'model_only_watch',
      text: 'The wording resembles scam messages, but nothing in it asks for anything yet: be wary if it later asks for money, codes, personal details, a link or another app',
      weight: 0,
      severity: 'medium',
      evidence: [MODEL_EVIDENCE],
      points: 0,
    });
  }
  if (isBareOpener(g)) {
    reasons.push({
      id: 'opener_watch',
      text: 'No request yet, but scams often open exactly like this: be wary if money, codes, links, apps or investing come up next',
      weight: 0,
      severity: 'medium',
      evidence: [],
      points: 0,
    });
  }
  // Warnings first when the verdict is a warning; reassurance first when it is green.
  const ordered = reasons.sort((a, b) => (risky ? b.weight - a.weight : a.weight - b.weight));
  if (!ordered.length) {
    ordered.push({
      id: 'no_signals',
      text: 'No warning signs found, but there is little to go on: stay careful with unexpected requests',
      weight: 0,
      severity: 'info',
      evidence: [],
      points: 0,
    });
  }
  const scamType = pickScamType(g, g.signals, riskScore, params);
  const reasonDetails = ordered.map(({ id, text, weight, severity, evidence, points }) => ({
    id,
    text,
    weight,
    severity,
    evidence,
    points: points ?? 0,
  }));
  // The wording's share is the text model's reason when one is shown, else the first recorded step.
  const shownStart = ordered.some((r) => r.id === 'text_model');
  const start = !shownStart && made.start !== 0 ? [step('wording_start', 0, made.start)] : [];
  const local = { riskScore, confidence, reasonDetails, policy: [...start, ...made.steps, ...policy.steps] };
  // 8. known_bad_link: a listed link of the message is evidence of this decision (policy.ts knownBadOutcome).
  const listings = knownBad.filter((l) => g.links.some((x) => x.url === l.url));
  const decided = listings.length ? knownBadOutcome(listings, local) : local;
  // A listed link types the message as phishing when nothing else typed it, and a green or untyped message
  // gets the advice of its new verdict.
  const type = listings.length ? (scamType ?? 'phishing') : scamType;
  const advice =
    listings.length && (riskScore < RISK_BAND_SUSPICIOUS || !scamType)
      ? adviceFor(type, decided.riskScore, undefined, { hasLink: true, callsNumber: false })
      : isBareOpener(g)
        ? OPENER_ADVICE
        : adviceFor(scamType, riskScore, g.platform, {
            hasLink: g.links.length > 0,
            callsNumber: g.signals.some((s) => s.id === 'call_number_in_text'),
            transactionAlert: g.signals.some((s) => s.id === 'transaction_alert'),
          });
  return {
    riskScore: decided.riskScore,
    confidence: decided.confidence,
    scamType: type,
    reasons: decided.reasonDetails.map((r) => r.text),
    reasonDetails: decided.reasonDetails,
    phoneAnalysis: g.phoneAnalysis,
    emailAnalysis: g.emailAnalysis,
    links: g.links.map(({ url, host, domain, start, end, flags }) => ({ url, host, domain, start, end, flags })),
    advice,
    engineVersion: g.modelVersion ? `${ENGINE_VERSION}+${g.modelVersion}` : `${ENGINE_VERSION}+rules-only`,
    language: g.language,
    policy: decided.policy,
  };
}

function isBareOpener(g: Gathered): boolean {
  const tags = new Set(g.signals.flatMap((s) => s.tags ?? []));
  const opener = tags.has('opener') || tags.has('family') || tags.has('romance');
  return opener && ![...tags].some((t) => ASK_TAGS.has(t)) && g.links.length === 0;
}

const OPENER_ADVICE =
  "Don't share personal details, codes or money, and don't move to another app or an investment site. If they say they know you, check on a number you already have for them.";
