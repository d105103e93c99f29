/**
 * The score of every finding, in one table (Rspamd's symbols, in our words): what a finding's id weighs in
 * log-odds, before the learned combination rescales it, and the multiplier a platform puts on it. The detectors
 * (rules/, conversation/, evidence.ts) decide only whether a finding is there and what it points at; what it
 * counts for is read here, so a weight is changed in one place and score/symbols.test.ts holds every finding the
 * engine makes to this table. A leaf: it imports only the finding ids and weights.ts.
 *
 * `marketplace`: the multiplier on the marketplaces (Facebook, Craigslist, OfferUp, eBay, Etsy; 0: the finding is
 * not made there); `elsewhere`: the multiplier on the platforms that are not marketplaces. Each is a recorded
 * weight step (score/steps.ts: marketplace_weights, elsewhere_weights).
 */
import type { SignalId } from '../rules/signal-ids.ts';
import { BRAND_MISMATCH_WEIGHT } from './weights.ts';

export interface FindingScore {
  /** Log-odds before the learned coefficient: positive points at a scam, negative away from one. */
  readonly weight: number;
  readonly marketplace?: number;
  readonly elsewhere?: number;
  /** A finding made in degrees: the weight of each named degree, beside `weight`, the usual one. */
  readonly grades?: Readonly<Record<string, number>>;
}

export const FINDING_SCORES = {
  // Detectors in English (rules/rules.ts).
  urgency: { weight: 0.7 },
  threat: { weight: 1.0 },
  gift_card_payment: { weight: 3.2 },
  wire_transfer: { weight: 1.4 },
  crypto_payment: { weight: 2.4 },
  crypto_mention: { weight: 0.6 },
  p2p_business_upgrade: { weight: 3.6, marketplace: 1.2 },
  friends_and_family: { weight: 1.4, marketplace: 1.3 },
  payment_on_hold: { weight: 3.0, marketplace: 1.2 },
  fake_payment_confirmation: { weight: 2.2, marketplace: 1.3 },
  verification_code_request: { weight: 2.6, marketplace: 1.6, elsewhere: 0.85 },
  google_voice_code: { weight: 3.2, marketplace: 1.2 },
  prove_you_are_real: { weight: 1.8, marketplace: 1.5 },
  sensitive_info_request: { weight: 2.0 },
  bank_staff_claim: { weight: 1.2 },
  account_alert: { weight: 1.7 },
  off_platform: { weight: 1.1, marketplace: 1.5 },
  overpayment: { weight: 3.2, marketplace: 1.2 },
  check_payment: { weight: 1.7, marketplace: 1.3 },
  shipping_agent: { weight: 2.6, marketplace: 1.3 },
  away_buyer: { weight: 0.9, marketplace: 1.3 },
  rental_pay_unseen: { weight: 2.4 },
  accidental_payment: { weight: 2.6 },
  refund_lure: { weight: 1.6 },
  delivery_problem: { weight: 2.3 },
  unpaid_toll: { weight: 3.0 },
  government_claim: { weight: 2.1 },
  benefit_lure: { weight: 1.6 },
  loan_offer: { weight: 1.3 },
  adult_lure: { weight: 1.2 },
  tech_support: { weight: 2.3 },
  platform_impersonation: { weight: 2.0 },
  prize: { weight: 1.9 },
  premium_sms: { weight: 1.4 },
  job_task: { weight: 2.4 },
  task_deposit: { weight: 2.8 },
  investment_pitch: { weight: 1.9 },
  wrong_number_opener: { weight: 1.3 },
  money_received_opener: { weight: 1.3 },
  property_cash_offer: { weight: 1.3, marketplace: 0.0 },
  romance: { weight: 1.5 },
  new_number: { weight: 1.6 },
  lost_phone: { weight: 0.7 },
  family_address: { weight: 0.9 },
  emergency_plea: { weight: 1.5 },
  secrecy: { weight: 1.5 },
  money_request: { weight: 1.2 },
  upfront_fee: { weight: 2.0 },
  advance_fee_story: { weight: 1.8 },
  extortion: { weight: 2.6 },
  renewal_callback: { weight: 2.0 },
  invoice_payment_due: { weight: 0.6 },
  recovery_offer: { weight: 2.4 },
  payment_details_change: { weight: 2.0 },
  boss_request: { weight: 1.4 },
  fake_shop_offer: { weight: 1.6 },
  guided_investment: { weight: 2.2 },
  investment_testimonial: { weight: 2.2 },
  click_link_action: { weight: 0.5 },
  local_cash_pickup: { weight: -0.9, marketplace: 1.0 },
  service_notice: { weight: -1.0 },
  otp_notice: { weight: -1.2 },
  // The same intents in six languages (rules/intents.ts).
  intent_code: { weight: 2.4 },
  intent_otp_notice: { weight: -1.2 },
  intent_credentials: { weight: 2.0 },
  intent_money: { weight: 1.3 },
  intent_payment_method: { weight: 2.2 },
  intent_new_number: { weight: 1.6 },
  intent_family_address: { weight: 0.9 },
  intent_wrong_number: { weight: 1.3, marketplace: 0.0 },
  intent_pressure: { weight: 0.9 },
  intent_prize: { weight: 1.8 },
  intent_delivery: { weight: 2.0 },
  intent_install: { weight: 1.6 },
  intent_investment: { weight: 1.6 },
  intent_job_task: { weight: 1.4 },
  intent_loan: { weight: 1.2 },
  // A sign of an ongoing conversation (rules/conversation.ts).
  quoted_reply: { weight: -1.0 },
  // Combinations of other findings (rules/combos.ts).
  combo_family_money: { weight: 2.0 },
  combo_stranger_money: { weight: 1.5 },
  combo_alert_bad_link: { weight: 1.0 },
  combo_marketplace_code: { weight: 1.0 },
  // Where the message sends you and the numbers in its text (evidence.ts).
  official_link: { weight: -1.0 },
  premium_number_in_text: { weight: 1.8 },
  // A fact, not a warning: genuine bank alerts say "call 1800 ... if this was not you" too.
  call_number_in_text: { weight: 0 },
  // The message's links (link-signals.ts: link_<flag>, the flag of url/links.ts) and a QR code's link.
  link_homoglyph: { weight: 3.2 },
  link_lookalike: { weight: 3.0 },
  link_typosquat: { weight: 2.6 },
  link_brand_in_domain: { weight: 2.5 },
  link_ip_address: { weight: 2.5 },
  link_brand_mismatch: { weight: BRAND_MISMATCH_WEIGHT },
  link_userinfo: { weight: 2.0 },
  link_punycode: { weight: 1.6 },
  link_risky_tld: { weight: 1.4 },
  link_shortener: { weight: 1.1 },
  link_free_hosting: { weight: 1.0 },
  link_port: { weight: 0.8 },
  link_deep_subdomains: { weight: 0.5 },
  link_defanged: { weight: 0.4 },
  link_insecure_http: { weight: 0.2 },
  qr_link: { weight: 0 },
  // The sender's number (phone/phone.ts).
  phone_invalid: { weight: 0.8 },
  phone_voip: { weight: 0.9 },
  phone_premium_rate: { weight: 2.0 },
  phone_personal_number: { weight: 1.0 },
  phone_unassigned_code: { weight: 1.5 },
  phone_voip_wholesale: { weight: 0.9, grades: { unverified: 0.5 } },
  phone_foreign_for_platform: { weight: 0.8 },
  phone_country_mismatch: { weight: 1.5 },
  // The sender's address (email/email.ts).
  email_invalid: { weight: 0.6 },
  email_disposable: { weight: 1.5 },
  email_freemail_brand: { weight: 2.0, grades: { claimed_brand: 1.8, department: 1.0 } },
  email_lookalike: { weight: 2.5 },
  email_brand_mismatch: { weight: 1.2 },
  email_risky_tld: { weight: 0.6 },
  email_no_mx: { weight: 1.2 },
  // Transaction alerts (alert.ts).
  transaction_alert: { weight: -1.0 },
  alert_foreign_contact: { weight: 1.8 },
  // The person's answers (context.ts).
  user_knows_sender: { weight: -1.2 },
  user_unknown_sender: { weight: 0.8 },
  user_contacted_first: { weight: -0.8 },
  user_they_contacted_first: { weight: 0.4 },
  user_moved_apps: { weight: 1.6 },
  user_not_moved_apps: { weight: 0 },
  user_mentioned_investment: { weight: 2.0 },
  user_no_investment: { weight: 0 },
  // Someone you know asking for money is ordinary; the same from a stranger is the move.
  user_asked_for_money: { weight: 2.2, grades: { known_sender: 1.2 } },
  user_not_asked_for_money: { weight: 0 },
  // A conversation's trajectory (conversation/score.ts).
  conversation_investment_turn: { weight: 2.0 },
  conversation_turned: { weight: 1.2 },
} as const satisfies Partial<Record<SignalId, FindingScore>>;

export type ScoredFindingId = keyof typeof FINDING_SCORES;

/** A finding's score; a finding with none is a programming error, caught when its module loads. */
export function scoreOf(id: SignalId): FindingScore {
  const s = (FINDING_SCORES as Partial<Record<SignalId, FindingScore>>)[id];
  if (!s) throw new Error(`no score for finding ${id} (score/symbols.ts)`);
  return s;
}

type Scores = typeof FINDING_SCORES;
/** The findings made in degrees, and their degrees' names. */
type Graded = { [K in ScoredFindingId]: Scores[K] extends { grades: infer G } ? keyof G : never };

/** A finding's weight, or one of its degrees' (score/symbols.ts). */
export function weightOf<K extends ScoredFindingId>(id: K, grade?: Graded[K]): number {
  const s: FindingScore = FINDING_SCORES[id];
  if (grade === undefined) return s.weight;
  const w = s.grades?.[grade as string];
  if (w === undefined) throw new Error(`no grade ${String(grade)} for finding ${id} (score/symbols.ts)`);
  return w;
}
