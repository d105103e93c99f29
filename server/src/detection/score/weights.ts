/**
 * What the weight steps and the explanation change in a finding's weight, each number written once: the code
 * that applies a step (evidence.ts, explain.ts) and the words that describe it (steps.ts ADJUSTMENTS,
 * POLICY_STEPS) both read them here, so the table cannot say one number while the engine uses another
 * (score/weights.test.ts). A leaf: it imports no engine file.
 */

/** A link that is not the named company's (link-signals.ts `brand_mismatch`): a strong sign in a short text. */
export const BRAND_MISMATCH_WEIGHT = 2.3;
/** The same finding in long, e-mail-like text, which names many companies and links to others. */
export const LONG_TEXT_BRAND_MISMATCH_WEIGHT = 0.6;
/** A VoIP sender's number counts this share of its weight when nothing else in the message weighs... */
export const VOIP_ALONE_SCALE = 0.5;
/** ...this much or more. */
export const VOIP_ALONE_BELOW = 1;
/**
 * The weight a reason keeps when a cap says the message's only way to act is the company's own website (or
 * there is none): what it says is context, not a warning.
 */
export const CONTEXT_WEIGHT = 0.5;

/** A share in the words a result uses ("counts half"), or the number itself. */
export function shareInWords(share: number): string {
  if (share === 0.5) return 'half';
  if (share === 0.25) return 'a quarter';
  return `${share} of its weight`;
}
