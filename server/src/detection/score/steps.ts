/**
 * The named steps of the score policy (policy.ts), in the words the result shows. A leaf module: the policy
 * records them, and the LLM reviewer (llm/reviewer.ts) records its blend with the same table.
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

/** What each step is, in the words the result shows. */
export const POLICY_STEPS: Record<PolicyStepId, string> = {
  wording_start:
    'Where the wording alone puts it, before any finding (compared with labelled scam and genuine messages)',
  marketplace_weights:
    'On a marketplace some findings count more, or less, than elsewhere (a code request or an overpayment matters most there)',
  elsewhere_weights: 'Off the marketplaces some findings count less than on them',
  long_text_brand_mismatch:
    "E-mails and newsletters name many companies and link to others, so a link that is not the named company's counts less",
  voip_alone: `An internet (VoIP) number is normal for many people, so with nothing else asked it counts ${shareInWords(VOIP_ALONE_SCALE)}`,
  marketplace_model_cap: `On a marketplace, a chat with no link and no warning sign is not raised by its wording alone (at most ${MODEL_ONLY_CAP})`,
  warning_floor: `A warning sign was found, so the verdict is not green (at least ${WARNING_FLOOR})`,
  opener_floor: `Scams often open like this with no request yet, so it is marked Suspicious (at least ${OPENER_FLOOR})`,
  known_sender_cap: `You said you know the sender, and the message asks for nothing yet, so its opening alone does not raise it (at most ${MODEL_ONLY_CAP})`,
  model_only_cap: `Only the wording resembles scams; nothing in the message asks for anything or leads anywhere yet (at most ${MODEL_ONLY_CAP})`,
  sender_notice_cap: `It reads like the sender's own alert or notice, and the only way back it gives is the kind such senders use (a toll-free helpline, a short code, their own website), so its wording alone does not raise it (at most ${MODEL_ONLY_CAP})`,
  platform_link_cap: `Its only links go to a well-known platform's own site (a photo, an article, an invite), and nothing else in it asks for anything, so its wording alone does not raise it (at most ${MODEL_ONLY_CAP})`,
  destination_cap: `Its only way to act is the company's own website, so it is at most a low risk (at most ${OFFICIAL_DESTINATION_CAP})`,
  no_way_to_act_cap: `It is a routine notice that gives no way to act, so it is at most a low risk (at most ${OFFICIAL_DESTINATION_CAP})`,
  reviewer_blend: 'An AI reviewer read the message and moved the score part of the way toward its own',
  known_bad_link: `A link in the message is on a public list of known phishing or malware links, so it is marked Scam (at least ${KNOWN_BAD_FLOOR})`,
};

export const step = (id: PolicyStepId, from: number, to: number): PolicyStep => ({
  id,
  from,
  to,
  text: POLICY_STEPS[id],
});

/** The steps that change a finding's weight before the combination (recorded with the score they moved). */
export type WeightStepId = 'marketplace_weights' | 'elsewhere_weights' | 'long_text_brand_mismatch' | 'voip_alone';

/**
 * Every change the engine makes to what a finding counts, besides the learned combination, as one table: id,
 * condition, effect. The `weight` rows are recorded in the result as steps (the score before and after the
 * change) in this order, before the score policy's caps and floors; the `gate` rows decide which finding speaks
 * at all, so a finding they set aside is not a reason and adds no points (docs/decisions/121-score-on-the-record.md).
 */
export const WEIGHT_STEPS: readonly {
  id: WeightStepId | 'intent_duplicate' | 'conversation_beside_request' | 'pickup_beside_mover' | 'notice_with_link';
  kind: 'weight' | 'gate';
  condition: string;
  effect: string;
}[] = [
  {
    id: 'marketplace_weights',
    kind: 'weight',
    condition: 'on a marketplace, a rule with a marketplace multiplier (rules.ts `marketplace`)',
    effect: "the rule's weight times its multiplier (0: the rule does not fire there)",
  },
  {
    id: 'elsewhere_weights',
    kind: 'weight',
    condition: 'a platform that is not a marketplace, a rule with an `elsewhere` multiplier (rules.ts)',
    effect: "the rule's weight times its multiplier",
  },
  {
    id: 'long_text_brand_mismatch',
    kind: 'weight',
    condition: "long (e-mail-like) text whose link is not the named brand's (link_brand_mismatch)",
    effect: `weight ${LONG_TEXT_BRAND_MISMATCH_WEIGHT} instead of ${BRAND_MISMATCH_WEIGHT}`,
  },
  {
    id: 'voip_alone',
    kind: 'weight',
    condition: `the sender's number is VoIP (phone_voip*) and no other finding weighs ${VOIP_ALONE_BELOW} or more`,
    effect: `${shareInWords(VOIP_ALONE_SCALE)} the weight`,
  },
  {
    id: 'intent_duplicate',
    kind: 'gate',
    condition: 'a multilingual intent (intents.ts) whose tags an English rule already fired',
    effect: 'not counted: one finding is not counted twice',
  },
  {
    id: 'conversation_beside_request',
    kind: 'gate',
    condition: 'the message asks for something (REQUEST_TAGS)',
    effect: 'the signs of an ongoing conversation (a quoted reply) are not read',
  },
  {
    id: 'pickup_beside_mover',
    kind: 'gate',
    condition: 'an overpayment or a shipping agent was found',
    effect: 'local_cash_pickup (meeting in person) is not counted',
  },
  {
    id: 'notice_with_link',
    kind: 'gate',
    condition: "a link that is not only the company's own website",
    effect: 'service_notice (a routine notice) is not counted',
  },
];

/** The order in which the weight steps are recorded: the table's `weight` rows, as listed. */
export const WEIGHT_STEP_ORDER: readonly WeightStepId[] = WEIGHT_STEPS.flatMap((s) =>
  s.kind === 'weight' ? [s.id as WeightStepId] : [],
);
