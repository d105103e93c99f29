/**
 * The score policy's bounds (policy.ts), each written once: the policy applies them and the steps' words
 * (steps.ts) are rendered from them, so what a result says ("at most 35") is what the policy did
 * (score/limits.test.ts holds the two together on the written messages). A leaf: it imports no engine file.
 */
import { RISK_BAND_SUSPICIOUS } from '@redflag/contracts/constants';

/** A warning sign that is shown keeps the verdict out of green: the Suspicious band's floor. */
export const WARNING_FLOOR = RISK_BAND_SUSPICIOUS;
/** Where an opener with no ask lands: inside the Suspicious band. */
export const OPENER_FLOOR = 45;
/**
 * Where the wording alone may put a message that asks for nothing and leads nowhere: a quiet marketplace chat
 * (through the text model's logit, policy.ts), a sender the person knows, a model-only alarm below the model's
 * certainty, a sender's own notice, a platform's own links.
 */
export const MODEL_ONLY_CAP = 35;
/** The highest score of a message whose only destination is the company's own website, or that gives no way to act. */
export const OFFICIAL_DESTINATION_CAP = 30;
/** Where a message with a listed link lands at least: well inside Scam. */
export const KNOWN_BAD_FLOOR = 90;
