/** The engine's name, version and options: what a caller of analyze() may pass. */
import type { CombinerParams } from './model/combiner-params.ts';
import type { EmailContext } from './email/email.ts';
import type { LlmReviewer } from './llm/reviewer.ts';
import type { TextModel } from './model/model.ts';
import type { NanpData } from './phone/nanp.ts';

export const ENGINE_NAME = 'RedFlag Engine';
export const ENGINE_VERSION = '4.1.0';

export interface AnalyzeOptions {
  /** The text model; default: the shipped model file (null runs the detectors alone). */
  model?: TextModel | null;
  /** How model and signals combine; default: the parameters learned with the model (or the priors). */
  combiner?: CombinerParams;
  /** US/Canada numbering table; default: the generated file when present. */
  nanp?: NanpData | null;
  /** MX lookup for the sender's e-mail domain, off unless given. */
  mx?: EmailContext['mx'];
  /** Optional LLM reviewer on an OpenAI-compatible endpoint (the app's one: ctx.llmReviewer). */
  llm?: LlmReviewer | null;
  /**
   * Tell the message's language (default true). Off for a conversation's single turns: the language is shown
   * only for the whole, it never moves a score, and detecting it was the largest cost of a turn.
   */
  detectLanguage?: boolean;
  /** Told when an optional step fails (never with the message): the caller logs it. */
  onWarning?: (step: 'mx_lookup' | 'llm_review', err: unknown) => void;
}
