/**
 * The named steps of the score policy (policy.ts), in the words the result shows. A leaf module: the policy
 * records them, and the LLM reviewer (llm/reviewer.ts) records its blend with the same table.
 */
import type { PolicyStep } from '@redflag/contracts/scan';

export type PolicyStepId = PolicyStep['id'];

/** What each step is, in the words the result shows. */
export const POLICY_STEPS: Record<PolicyStepId, string> = {
  marketplace_model_cap:
    'On a marketplace, a chat with no link and no warning sign is not raised by its wording alone (at most 35)',
  warning_floor: 'A warning sign was found, so the verdict is not green (at least 40)',
  opener_floor: 'Scams often open like this with no request yet, so it is marked Suspicious (at least 45)',
  known_sender_cap:
    'You said you know the sender, and the message asks for nothing yet, so its opening alone does not raise it (at most 35)',
  model_only_cap:
    'Only the wording resembles scams; nothing in the message asks for anything or leads anywhere yet (at most 35)',
  sender_notice_cap:
    "It reads like the sender's own alert or notice, and the only way back it gives is the kind such senders use (a toll-free helpline, a short code, their own website), so its wording alone does not raise it (at most 35)",
  destination_cap: "Its only way to act is the company's own website, so it is at most a low risk (at most 30)",
  no_way_to_act_cap: 'It is a routine notice that gives no way to act, so it is at most a low risk (at most 30)',
  reviewer_blend: 'An AI reviewer read the message and moved the score part of the way toward its own',
  known_bad_link:
    'A link in the message is on a public list of known phishing or malware links, so it is marked Scam (at least 90)',
};

export const step = (id: PolicyStepId, from: number, to: number): PolicyStep => ({
  id,
  from,
  to,
  text: POLICY_STEPS[id],
});
