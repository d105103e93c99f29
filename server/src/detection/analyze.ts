/**
 * The detection engine's one entry point, and its only orchestrator: no other file runs its stages.
 *
 *   analyze({ message, phoneNumber?, email?, platform? }, options?) -> Promise<ScanResult>
 *
 * One path through the engine, in four stages (docs/engine.md): features (evidence.ts `gather`: text model,
 * detectors in six languages, link / phone / e-mail intelligence), the learned combination (score/combine.ts),
 * the score policy (policy.ts: every cap, floor and blend, recorded) and the explanation (explain.ts
 * `decide`: reasons, type, advice). The optional network steps add their evidence before the decision. `analyzeLocal` is the
 * synchronous, offline form of the same path. The optional network steps (MX lookup, LLM review) never
 * fail a scan: their errors are reported through `onWarning` and the local result stands.
 * An error in the engine itself is thrown, for the caller to log and answer (never a silent 50).
 * The engine never reads process.env; the server's config passes settings in.
 */
import type { ScanResult } from '@redflag/contracts/scan';
import { PRIOR_COMBINER, type CombinerParams } from './score/combine.ts';
import { analyzeEmail } from './email/email.ts';
import type { EngineInput } from './engine-input.ts';
import { loadDefaultModel } from './model/model.ts';
import { gather, type Gathered } from './evidence.ts';
import { severityOf } from './signal.ts';
import { addContext, withQuestions } from './context.ts';
import { scoreConversation, type MessageAnalysis } from './conversation/score.ts';
import { decide } from './explain.ts';
import type { AnalyzeOptions } from './options.ts';

export { ENGINE_NAME, ENGINE_VERSION, type AnalyzeOptions } from './options.ts';
export { gather, type Gathered } from './evidence.ts';
export { decide } from './explain.ts';

function paramsFor(opts: AnalyzeOptions): CombinerParams {
  if (opts.combiner) return opts.combiner;
  const model = opts.model === undefined ? loadDefaultModel() : opts.model;
  return model?.combiner ?? PRIOR_COMBINER;
}

// The stages, in the order the pipeline runs them: gather (evidence.ts), mx, context (context.ts), decide
// (explain.ts: the learned combination, the score policy with the listings as evidence, the explanation),
// review (the LLM, below). A conversation runs the same stages on its turns and on the other side's words.

/** mx: the sender address's domain has no mail server (EMAIL_MX_LOOKUP on): a finding of its own. */
async function mx(g: Gathered, input: EngineInput, opts: AnalyzeOptions): Promise<void> {
  if (!opts.mx || !input.email || !g.emailAnalysis?.valid) return;
  try {
    const e = await analyzeEmail(input.email, { claimedBrands: g.mentions.map((m) => m.brand), mx: opts.mx });
    g.emailAnalysis = { ...g.emailAnalysis, hasMx: e.analysis.hasMx, notes: e.analysis.notes };
    for (const s of e.signals)
      if (s.id === 'email_no_mx')
        g.signals.push({
          id: s.id,
          text: s.text,
          weight: s.weight,
          severity: severityOf(s.weight),
          evidence: [{ kind: 'email', detail: s.detail }],
          tags: ['email'],
        });
  } catch (err) {
    (opts.onWarning ?? (() => undefined))('mx_lookup', err);
  }
}

/** context, then decide. */
function contextAndDecide(g: Gathered, input: EngineInput, params: CombinerParams): ScanResult {
  const questions = addContext(g, input.context);
  return withQuestions(decide(g, params, input.knownBad), questions);
}

/** The single-message stages as the conversation scorer is handed them, with these settings. */
function messageAnalysis(opts: AnalyzeOptions, params: CombinerParams): MessageAnalysis {
  return {
    score(input, turnOpts) {
      const g = gather(input, turnOpts);
      return { riskScore: decide(g, params).riskScore, signals: g.signals };
    },
    decideWith(input, extra) {
      const g = gather(input, opts);
      g.signals.push(...extra);
      return { result: contextAndDecide(g, input, params), signals: g.signals };
    },
  };
}

/** Synchronous, offline analysis: the pipeline without its network steps. Deterministic; throws only if the engine itself is broken. */
export function analyzeLocal(input: EngineInput, opts: AnalyzeOptions = {}): ScanResult {
  const params = paramsFor(opts);
  return (
    scoreConversation(input, messageAnalysis(opts, params), opts) ??
    contextAndDecide(gather(input, opts), input, params)
  );
}

/**
 * The entry point the scan API calls: the local analysis plus, when configured, the MX lookup and the
 * LLM review, each of which may fail without failing the scan.
 */
export async function analyze(input: EngineInput, opts: AnalyzeOptions = {}): Promise<ScanResult> {
  return review(input, await analyzeBeforeReview(input, opts), opts);
}

/**
 * Everything but the LLM review: the local analysis and, when configured, the MX lookup. The server runs this
 * part on its engine threads (server/src/engine/) and the review, a network call, on the main thread.
 */
export async function analyzeBeforeReview(input: EngineInput, opts: AnalyzeOptions = {}): Promise<ScanResult> {
  const params = paramsFor(opts);
  // A whole conversation is read turn by turn (conversation/score.ts); anything else, as one message.
  const thread = scoreConversation(input, messageAnalysis(opts, params), opts);
  if (thread) return thread;
  const g = gather(input, opts);
  await mx(g, input, opts);
  return contextAndDecide(g, input, params);
}

/**
 * The LLM reviewer's second opinion on a local result, when one is configured. A conversation is not
 * reviewed (its verdict is the turns'), and a listed link is proof enough: the reviewer's blend would only
 * pull the Scam verdict back (decision 121).
 */
export async function review(input: EngineInput, result: ScanResult, opts: AnalyzeOptions = {}): Promise<ScanResult> {
  if (!opts.llm || result.conversation || result.policy?.some((s) => s.id === 'known_bad_link')) return result;
  const warn = opts.onWarning ?? (() => undefined);
  return opts.llm.review(input, result, (err) => warn('llm_review', err));
}
