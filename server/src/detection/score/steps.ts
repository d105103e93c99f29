/**
 * Every adjustment the engine makes to a score besides the learned combination, as one ordered list (the
 * score's pipeline, in the order it runs): where the wording starts it, the weight steps and the gates that
 * change what a finding counts, the score policy's caps and floors (policy.ts), a known-bad listing and the LLM
 * reviewer's blend. Each row names its id, when it applies, what it does and, for those the result records, the
 * words it shows, rendered from the constants it uses (limits.ts, weights.ts). A leaf module: the pipeline
 * records the steps with `step`, the reviewer (llm/reviewer.ts) its blend; score/steps.test.ts holds every
 * result's recorded steps to this order.
 */
import type { PolicyStep } from '@redflag/contracts/scan';
import { KNOWN_BAD_FLOOR, MODEL_ONLY_CAP, OFFICIAL_DESTINATION_CAP, OPENER_FLOOR, WARNING_FLOOR } from './limits.ts';
import {
  BRAND_MISMATCH_WEIGHT,
  LONG_TEXT_BRAND_MISMATCH_WEIGHT,
  shareInWords,
  VOIP_ALONE_BELOW,
  VOIP_ALONE_SCALE,
} from './weights.ts';

export type PolicyStepId = PolicyStep['id'];

/** What an adjustment is: the start, a change to a finding's weight, a gate that sets a finding aside, a bound. */
export type AdjustmentKind = 'start' | 'weight' | 'gate' | 'cap' | 'floor' | 'blend';

export interface Adjustment {
  id: PolicyStepId | 'intent_duplicate' | 'conversation_beside_request' | 'pickup_beside_mover' | 'notice_with_link';
  kind: AdjustmentKind;
  /** When it applies. */
  when: string;
  /** What it does. */
  does: string;
  /** The words the result shows when the step moves the score (gates set a finding aside and show nothing). */
  text?: string;
}

/** The adjustments, in the order the engine applies them and the result records them. */
export const ADJUSTMENTS: readonly Adjustment[] = [
  {
    id: 'wording_start',
    kind: 'start',
    when: "always: the text model's score of the wording (the prior without a model)",
    does: 'the score before any finding; recorded when no text_model reason shows it',
    text: 'Where the wording alone puts it, before any finding (compared with labelled scam and genuine messages)',
  },
  {
    id: 'marketplace_weights',
    kind: 'weight',
    when: 'on a marketplace, a rule with a marketplace multiplier (rules.ts `marketplace`)',
    does: "the rule's weight times its multiplier (0: the rule does not fire there)",
    text: 'On a marketplace some findings count more, or less, than elsewhere (a code request or an overpayment matters most there)',
  },
  {
    id: 'elsewhere_weights',
    kind: 'weight',
    when: 'a platform that is not a marketplace, a rule with an `elsewhere` multiplier (rules.ts)',
    does: "the rule's weight times its multiplier",
    text: 'Off the marketplaces some findings count less than on them',
  },
  {
    id: 'long_text_brand_mismatch',
    kind: 'weight',
    when: "long (e-mail-like) text whose link is not the named brand's (link_brand_mismatch)",
    does: `weight ${LONG_TEXT_BRAND_MISMATCH_WEIGHT} instead of ${BRAND_MISMATCH_WEIGHT}`,
    text: "E-mails and newsletters name many companies and link to others, so a link that is not the named company's counts less",
  },
  {
    id: 'voip_alone',
    kind: 'weight',
    when: `the sender's number is VoIP (phone_voip*) and no other finding weighs ${VOIP_ALONE_BELOW} or more`,
    does: `${shareInWords(VOIP_ALONE_SCALE)} the weight`,
    text: `An internet (VoIP) number is normal for many people, so with nothing else asked it counts ${shareInWords(VOIP_ALONE_SCALE)}`,
  },
  {
    id: 'intent_duplicate',
    kind: 'gate',
    when: 'a multilingual intent (intents.ts) whose tags an English rule already fired',
    does: 'not counted: one finding is not counted twice',
  },
  {
    id: 'conversation_beside_request',
    kind: 'gate',
    when: 'the message asks for something (REQUEST_TAGS)',
    does: 'the signs of an ongoing conversation (a quoted reply) are not read',
  },
  {
    id: 'pickup_beside_mover',
    kind: 'gate',
    when: 'an overpayment or a shipping agent was found',
    does: 'local_cash_pickup (meeting in person) is not counted',
  },
  {
    id: 'notice_with_link',
    kind: 'gate',
    when: "a link that is not only the company's own website",
    does: 'service_notice (a routine notice) is not counted',
  },
  {
    id: 'marketplace_model_cap',
    kind: 'cap',
    when: 'a marketplace chat with no link and no finding above 0, and the model above its logit cap',
    does: `the model's logit capped; the combined score at most ${MODEL_ONLY_CAP}`,
    text: `On a marketplace, a chat with no link and no warning sign is not raised by its wording alone (at most ${MODEL_ONLY_CAP})`,
  },
  {
    id: 'warning_floor',
    kind: 'floor',
    when: 'a finding weighs WARNING_WEIGHT or more after its learned coefficient',
    does: `at least ${WARNING_FLOOR}`,
    text: `A warning sign was found, so the verdict is not green (at least ${WARNING_FLOOR})`,
  },
  {
    id: 'opener_floor',
    kind: 'floor',
    when: 'an opener, a family or a romance finding (their tags)',
    does: `at least ${OPENER_FLOOR}`,
    text: `Scams often open like this with no request yet, so it is marked Suspicious (at least ${OPENER_FLOOR})`,
  },
  {
    id: 'known_sender_cap',
    kind: 'cap',
    when: 'the person knows the sender, no link, nothing asked, no warning but the opener',
    does: `at most ${MODEL_ONLY_CAP}`,
    text: `You said you know the sender, and the message asks for nothing yet, so its opening alone does not raise it (at most ${MODEL_ONLY_CAP})`,
  },
  {
    id: 'model_only_cap',
    kind: 'cap',
    when: 'no finding but topics, and the model below MODEL_ONLY_MIN_P (policy.ts)',
    does: `at most ${MODEL_ONLY_CAP}`,
    text: `Only the wording resembles scams; nothing in the message asks for anything or leads anywhere yet (at most ${MODEL_ONLY_CAP})`,
  },
  {
    id: 'sender_notice_cap',
    kind: 'cap',
    when: "a recognised alert or notice whose every way back is its sender's kind (alert.ts, notices.ts)",
    does: `at most ${MODEL_ONLY_CAP}`,
    text: `It reads like the sender's own alert or notice, and the only way back it gives is the kind such senders use (a toll-free helpline, a short code, their own website), so its wording alone does not raise it (at most ${MODEL_ONLY_CAP})`,
  },
  {
    id: 'platform_link_cap',
    kind: 'cap',
    when: "every link is a well-known platform's own host, and nothing else asks",
    does: `at most ${MODEL_ONLY_CAP}`,
    text: `Its only links go to a well-known platform's own site (a photo, an article, an invite), and nothing else in it asks for anything, so its wording alone does not raise it (at most ${MODEL_ONLY_CAP})`,
  },
  {
    id: 'destination_cap',
    kind: 'cap',
    when: "the only way to act is the company's own website (notices.ts officialDestination)",
    does: `at most ${OFFICIAL_DESTINATION_CAP}; the reasons become context`,
    text: `Its only way to act is the company's own website, so it is at most a low risk (at most ${OFFICIAL_DESTINATION_CAP})`,
  },
  {
    id: 'no_way_to_act_cap',
    kind: 'cap',
    when: 'a routine notice that gives no way to act (notices.ts givesNoWayToAct)',
    does: `at most ${OFFICIAL_DESTINATION_CAP}; the reasons become context`,
    text: `It is a routine notice that gives no way to act, so it is at most a low risk (at most ${OFFICIAL_DESTINATION_CAP})`,
  },
  {
    id: 'known_bad_link',
    kind: 'floor',
    when: 'a link in the message is on a known-bad list (policy.ts applyKnownBad)',
    does: `at least ${KNOWN_BAD_FLOOR}`,
    text: `A link in the message is on a public list of known phishing or malware links, so it is marked Scam (at least ${KNOWN_BAD_FLOOR})`,
  },
  {
    id: 'reviewer_blend',
    kind: 'blend',
    when: 'an LLM reviewer is configured, and the scan is neither a conversation nor listed',
    does: "the score moved part of the way toward the reviewer's (llm/reviewer.ts)",
    text: 'An AI reviewer read the message and moved the score part of the way toward its own',
  },
];

/** What each recorded step is, in the words the result shows (the rows of ADJUSTMENTS that have words). */
export const POLICY_STEPS = Object.fromEntries(
  ADJUSTMENTS.flatMap((a) => (a.text === undefined ? [] : [[a.id, a.text]])),
) as Record<PolicyStepId, string>;

export const step = (id: PolicyStepId, from: number, to: number): PolicyStep => ({
  id,
  from,
  to,
  text: POLICY_STEPS[id],
});

/** The steps that change a finding's weight before the combination (recorded with the score they moved). */
export type WeightStepId = 'marketplace_weights' | 'elsewhere_weights' | 'long_text_brand_mismatch' | 'voip_alone';

/**
 * The weight steps and the gates (docs/decisions/121-score-on-the-record.md): the `weight` rows are recorded in
 * the result as steps (the score before and after the change), before the score policy's caps and floors; the
 * `gate` rows decide which finding speaks at all, so a finding they set aside is not a reason and adds no points.
 */
export const WEIGHT_STEPS = ADJUSTMENTS.filter((a) => a.kind === 'weight' || a.kind === 'gate');

/** The order in which the weight steps are recorded: the `weight` rows, as listed. */
export const WEIGHT_STEP_ORDER: readonly WeightStepId[] = ADJUSTMENTS.flatMap((a) =>
  a.kind === 'weight' ? [a.id as WeightStepId] : [],
);
