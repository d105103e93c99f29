/**
 * Platforms whose own hosts carry what people share with friends (a photo on Discord's CDN, a server invite, a
 * Telegraph article): a link there is no evidence by itself. Not the chat apps' contact links (t.me, wa.me),
 * which move a conversation somewhere harder to trace.
 */
const PLATFORM_CONTENT_BRANDS: ReadonlySet<string> = new Set(['Discord', 'Telegraph']);

/**
 * The engine's first stage: everything it finds in one message (docs/engine.md). The text model's score,
 * the detectors in six languages, link, number and address intelligence, and where the message sends you
 * (the company's own website only, or nowhere at all). Nothing here decides the score: that is the learned
 * combination and the score policy (score/combine.ts, policy.ts); the explanation is explain.ts.
 */
import type { Platform, ScanResult } from '@redflag/contracts/scan';
import { transactionAlert } from './alert.ts';
import { mentionSignalTypes } from './brand-types.ts';
import { analyzeEmailLocal } from './email/email.ts';
import type { EngineInput } from './engine-input.ts';
import { isWarningFlag, linkSignals, qrLinkSignals } from './link-signals.ts';
import { loadDefaultModel } from './model/model.ts';
import { textDomain, type TextDomain } from './model/features.ts';
import { CHAT_PLATFORMS, EMAIL_IN_TEXT, givesNoWayToAct, officialDestination, readSenderNotice } from './notices.ts';
import { spanEvidence, withOwnWords } from './own-words.ts';
import { analyzePhone, findNumbersInText } from './phone/phone.ts';
import { loadNanpData } from './phone/nanp.ts';
import { claimedCountry, findBrandMentions, type BrandMention } from './rules/brand-mentions.ts';
import { comboSignals } from './rules/combos.ts';
import { CONVERSATION_RULES, REQUEST_TAGS } from './rules/conversation.ts';
import { INTENT_RULES } from './rules/intents.ts';
import { runRules } from './rules/rules.ts';
import { mergeMax, round2, severityOf, type Signal } from './signal.ts';
import type { WeightStepId } from './score/steps.ts';
import { weightOf } from './score/symbols.ts';
import { LONG_TEXT_BRAND_MISMATCH_WEIGHT, VOIP_ALONE_BELOW, VOIP_ALONE_SCALE } from './score/weights.ts';
import { CALL_VERB_BEFORE } from './text/call-verb.ts';
import { detectLanguage, type Language } from './text/language.ts';
import { fold } from './text/normalize.ts';
import { analyzeLinks, type FoundLink } from './url/links.ts';
import type { AnalyzeOptions } from './options.ts';

/** Work is bounded on absurd input; the API refuses messages over MAX_MESSAGE_LENGTH before this. */
const HARD_LIMIT = 20_000;

/** Everything the engine found in one message, before it is turned into a result. */
export interface Gathered {
  message: string;
  platform: Platform | undefined;
  domain: TextDomain;
  tokenCount: number;
  modelLogit: number | null;
  modelVersion: string | null;
  signals: Signal[];
  links: FoundLink[];
  mentions: BrandMention[];
  phoneAnalysis: ScanResult['phoneAnalysis'];
  emailAnalysis: ScanResult['emailAnalysis'];
  language: Language | null;
  /**
   * The company whose own website is the only way the message offers to act (every link is its, and there is
   * no number, address or other link to use, nothing to send back, no suspect sender): see officialDestination.
   */
  officialDestination: string | null;
  /**
   * Every link is a well-known platform's own host (url/brands.ts: Discord's CDN and invites, Telegraph), with
   * no warning flag, and the text gives no number or address to use: see the policy's platform_link_cap.
   */
  platformLinksOnly: boolean;
  /** A recognised notice that gives no way to act at all: see givesNoWayToAct. */
  noWayToAct: boolean;
  /**
   * A recognised transaction alert or notice whose every way back is the kind its sender uses (a toll-free
   * helpline, a short code, its own website; for an appointment, its line): alert.ts, decision 109.
   */
  senderNotice: boolean;
  /**
   * The findings whose weight a recorded step changed (score/steps.ts WEIGHT_STEPS), with the step and the weight
   * before it: the explanation shows each step with the score it moved (explain.ts).
   */
  reweighted: Map<Signal, { step: WeightStepId; from: number }>;
}

/** Collects the evidence: model, detectors (English rules, then the multilingual intents they miss), links, numbers. */
export function gather(input: EngineInput, opts: AnalyzeOptions = {}): Gathered {
  const raw = typeof input.message === 'string' ? input.message : '';
  const message = raw.length > HARD_LIMIT ? raw.slice(0, HARD_LIMIT) : raw;
  const platform = input.platform;
  const model = opts.model === undefined ? loadDefaultModel() : opts.model;
  const nanp = opts.nanp === undefined ? loadNanpData() : opts.nanp;
  const folded = fold(message);
  const tokenCount = (folded.text.match(/\p{L}+|\d+/gu) ?? []).length;
  const signals: Signal[] = [];
  const reweighted: Gathered['reweighted'] = new Map();

  let modelLogit: number | null = null;
  if (model && message.trim()) {
    modelLogit = model.logitFolded(folded.text);
    if (!Number.isFinite(modelLogit)) throw new Error('text model returned a non-finite score');
  }

  const mentions = findBrandMentions(folded, message);
  const brandTypes = mentionSignalTypes(mentions);
  const hits = runRules(folded, message, { platform });
  const firedTags = new Set(hits.flatMap((h) => h.tags));
  for (const h of runRules(folded, message, { platform }, INTENT_RULES)) {
    if (!h.tags.some((t) => firedTags.has(t))) hits.push(h);
  }
  // A quoted earlier message reassures only when nothing is asked for: a faked "Re:" thread buys nothing.
  if (!hits.some((h) => h.tags.some((t) => REQUEST_TAGS.has(t))))
    hits.push(...runRules(folded, message, { platform }, CONVERSATION_RULES));
  // Meeting or collecting in person reassures only a local deal: beside an overpayment to refund or a shipping
  // agent to pay, the "pick up" is the scammer's mover, not the buyer at the door (a new-user walk). A buyer who only
  // mentions paying by cashier's check at the bank keeps it.
  if (hits.some((h) => h.id === 'overpayment' || h.id === 'shipping_agent')) {
    const i = hits.findIndex((h) => h.id === 'local_cash_pickup');
    if (i >= 0) hits.splice(i, 1);
  }
  for (const h of hits) {
    const impersonation =
      h.tags.includes('account') ||
      h.tags.includes('threat') ||
      h.tags.includes('link_cta') ||
      h.tags.includes('credentials');
    const signal: Signal = {
      id: h.id,
      text: withOwnWords(h.text, h.spans),
      weight: round2(h.weight),
      severity: severityOf(h.weight),
      evidence: spanEvidence(h.spans),
      types: impersonation ? mergeMax(h.types, brandTypes) : h.types,
      tags: h.tags,
    };
    signals.push(signal);
    if (h.platformStep) reweighted.set(signal, { step: h.platformStep.id, from: round2(h.platformStep.from) });
  }

  const links = analyzeLinks(message);
  const officialOnly = links.length > 0 && links.every((l) => l.officialBrand && !l.flags.some(isWarningFlag));
  if (links.length && !officialOnly) {
    // A notice that carries an unknown link is not "asks for nothing": drop the reassurance.
    const i = signals.findIndex((x) => x.id === 'service_notice');
    if (i >= 0) signals.splice(i, 1);
  }
  if (officialOnly) {
    const l = links[0] as FoundLink;
    signals.push({
      id: 'official_link',
      text: `The link goes to ${l.officialBrand ?? 'the company'}'s own website (${l.domain ?? l.host})`,
      weight: weightOf('official_link'),
      severity: 'info',
      evidence: [{ kind: 'url', url: l.url, start: l.start, end: l.end }],
      tags: ['official'],
    });
  }
  // E-mails and newsletters name many companies and link to others: a mismatch means little there.
  const longText = textDomain(folded.text) === 'long';
  for (const s of linkSignals(links, mentions)) {
    if (!longText || s.id !== 'link_brand_mismatch') signals.push(s);
    else {
      const lowered: Signal = {
        ...s,
        weight: LONG_TEXT_BRAND_MISMATCH_WEIGHT,
        severity: severityOf(LONG_TEXT_BRAND_MISMATCH_WEIGHT),
      };
      signals.push(lowered);
      reweighted.set(lowered, { step: 'long_text_brand_mismatch', from: s.weight });
    }
  }

  signals.push(...qrLinkSignals(links, input.qrLinks));

  const numbersInText = findNumbersInText(message);
  for (const n of numbersInText) {
    if (n.type === 'PREMIUM_RATE') {
      signals.push({
        id: 'premium_number_in_text',
        text: 'Asks you to call or text a premium-rate number that charges you per minute',
        weight: weightOf('premium_number_in_text'),
        severity: 'medium',
        evidence: [{ kind: 'span', start: n.start, end: n.end, text: message.slice(n.start, n.end) }],
        types: { prize_lottery: 1, spam: 1 },
        tags: ['phone'],
      });
      break;
    }
  }

  // A number the message asks you to call or text: named in a reason, so the user can check it against the
  // company's real number (and the advice speaks of calling, not of links). A fact, not a warning (weight 0):
  // genuine bank alerts say "call 1800 ... if this was not you" too, and a weight here raised them.
  const callable = numbersInText.find(
    (n) => n.type !== 'PREMIUM_RATE' && CALL_VERB_BEFORE.test(message.slice(Math.max(0, n.start - 60), n.start)),
  );
  if (callable) {
    const shown = message.slice(callable.start, callable.end);
    signals.push({
      id: 'call_number_in_text',
      text: `Asks you to call or text ${shown}, a number given in the message itself: check it against the company's real number`,
      weight: weightOf('call_number_in_text'),
      severity: 'info',
      evidence: [{ kind: 'span', start: callable.start, end: callable.end, text: shown }],
      tags: ['phone'],
    });
  }

  let phoneAnalysis: ScanResult['phoneAnalysis'] = null;
  if (input.phoneNumber && input.phoneNumber.trim()) {
    const p = analyzePhone(input.phoneNumber, { platform, claimedCountry: claimedCountry(mentions), nanp });
    phoneAnalysis = p.analysis;
    for (const s of p.signals) {
      // A VoIP number is normal for many people; it matters when the message also asks for something.
      const scale =
        s.id.startsWith('phone_voip') && signals.every((x) => x.weight < VOIP_ALONE_BELOW) ? VOIP_ALONE_SCALE : 1;
      const signal: Signal = {
        id: s.id,
        text: s.text,
        weight: round2(s.weight * scale),
        severity: severityOf(s.weight * scale),
        evidence: [{ kind: 'phone', detail: s.detail }],
        tags: ['phone'],
      };
      signals.push(signal);
      if (scale !== 1) reweighted.set(signal, { step: 'voip_alone', from: round2(s.weight) });
    }
  }

  let emailAnalysis: ScanResult['emailAnalysis'] = null;
  if (input.email && input.email.trim()) {
    const e = analyzeEmailLocal(input.email, { claimedBrands: mentions.map((m) => m.brand) });
    emailAnalysis = e.analysis;
    for (const s of e.signals)
      signals.push({
        id: s.id,
        text: s.text,
        weight: s.weight,
        severity: severityOf(s.weight),
        evidence: [{ kind: 'email', detail: s.detail }],
        types:
          s.id === 'email_lookalike' || s.id === 'email_freemail_brand' ? mergeMax({ phishing: 0.6 }, brandTypes) : {},
        tags: ['email'],
      });
  }

  signals.push(...comboSignals(signals, platform));
  // Only where the link shown is the link followed: a pasted e-mail has lost its links' real targets (the
  // text "paypal.com" may have pointed anywhere), so only short texts outside e-mail qualify.
  const shortText = textDomain(folded.text) === 'short' && platform !== 'email';
  const contactInText = (message.includes('@') && EMAIL_IN_TEXT.test(message)) || numbersInText.length > 0;
  const destination = shortText && !contactInText ? officialDestination(message, links, signals) : null;
  // A transaction alert (an amount, a debit or credit, an account or a balance) with no link, number, address
  // or reply to act on is a routine notice like an appointment's; its scam copies add the way in.
  if (shortText && !contactInText && !destination && !links.length && !CHAT_PLATFORMS.has(platform)) {
    const alert = transactionAlert(message, []);
    if (alert && givesNoWayToAct(message, links, [...signals, alert])) signals.push(alert);
  }
  const noWayToAct = shortText && !contactInText && !destination && givesNoWayToAct(message, links, signals);
  const platformLinksOnly =
    !destination &&
    !contactInText &&
    links.length > 0 &&
    links.every((l) => PLATFORM_CONTENT_BRANDS.has(l.officialBrand ?? '') && !l.flags.some(isWarningFlag)) &&
    signals.some((x) => x.id === 'official_link');
  // A transaction alert or notice whose every way back is its sender's kind (notices.ts, decision 109).
  const senderNotice = shortText && !noWayToAct && readSenderNotice(message, platform, links, signals);
  if (destination) {
    const i = signals.findIndex((x) => x.id === 'official_link');
    const official = signals[i];
    if (official)
      signals[i] = {
        ...official,
        text: `Its only link goes to ${destination}'s own website (${links[0]?.domain ?? links[0]?.host}), and it gives no other number, address or link to act on`,
      };
  }
  return {
    message,
    platform,
    domain: textDomain(folded.text),
    tokenCount,
    modelLogit,
    modelVersion: model ? model.version : null,
    signals,
    links,
    mentions,
    phoneAnalysis,
    emailAnalysis,
    language: opts.detectLanguage === false ? null : detectLanguage(message),
    officialDestination: destination,
    platformLinksOnly,
    noWayToAct,
    senderNotice,
    reweighted,
  };
}
