/**
 * The engine's first stage: everything it finds in one message (docs/engine.md). The text model's score,
 * the detectors in six languages, link, number and address intelligence, and where the message sends you
 * (the company's own website only, or nowhere at all). Nothing here decides the score: that is the learned
 * combination and the score policy (combine.ts, policy.ts); the explanation is explain.ts.
 */
import type { Evidence, Platform, ScanResult, ScamType } from '@redflag/contracts/scan';
import { type Signal } from './combine.ts';
import { contactPoints, foreignContactSignal, isTransactionAlert, transactionAlert } from './alert.ts';
import { analyzeEmailLocal } from './email/email.ts';
import type { EngineInput } from './engine-input.ts';
import { loadDefaultModel } from './model/model.ts';
import { textDomain, type TextDomain } from './model/features.ts';
import { analyzePhone, findNumbersInText } from './phone/phone.ts';
import { loadNanpData } from './phone/nanp.ts';
import { claimedCountry, findBrandMentions, type BrandMention } from './rules/brand-mentions.ts';
import { comboSignals } from './rules/combos.ts';
import { CONVERSATION_RULES, REQUEST_TAGS } from './rules/conversation.ts';
import { INTENT_RULES } from './rules/intents.ts';
import { ASK_TAGS, MARKETPLACES, runRules } from './rules/rules.ts';
import { detectLanguage, type Language } from './text/language.ts';
import { fold } from './text/normalize.ts';
import { analyzeLinks, type FoundLink } from './url/links.ts';
import { BRANDS, type BrandCategory } from './url/brands.ts';
import type { AnalyzeOptions } from './options.ts';

/** Work is bounded on absurd input; the API refuses messages over MAX_MESSAGE_LENGTH before this. */
const HARD_LIMIT = 20_000;

const LINK_FLAGS: Record<
  string,
  { weight: number; text: (l: FoundLink) => string; severity: 'high' | 'medium' | 'low' }
> = {
  homoglyph: {
    weight: 3.2,
    severity: 'high',
    text: (l) => `The link ${l.host} uses look-alike characters to imitate ${l.impersonates.join(', ')}`,
  },
  lookalike: {
    weight: 3.0,
    severity: 'high',
    text: (l) => `The link ${l.host} imitates ${l.impersonates.join(', ')} but is not their website`,
  },
  typosquat: {
    weight: 2.6,
    severity: 'high',
    text: (l) => `The link ${l.host} is a misspelling of ${l.impersonates.join(', ')}`,
  },
  brand_in_domain: {
    weight: 2.5,
    severity: 'high',
    text: (l) => `The link ${l.host} puts ${l.impersonates.join(', ')} in its name but does not belong to them`,
  },
  ip_address: {
    weight: 2.5,
    severity: 'high',
    text: (l) => `The link points to a bare IP address (${l.host}) instead of a company website`,
  },
  brand_mismatch: {
    weight: 2.3,
    severity: 'high',
    text: (l) => `The message names a company, but the link goes to ${l.domain ?? l.host}, which is not theirs`,
  },
  userinfo: {
    weight: 2.0,
    severity: 'high',
    text: (l) => `The link hides its real destination behind an "@" (${l.host})`,
  },
  punycode: {
    weight: 1.6,
    severity: 'medium',
    text: (l) => `The link's address uses encoded international characters (${l.host}), a trick to imitate real sites`,
  },
  risky_tld: {
    weight: 1.4,
    severity: 'medium',
    text: (l) => `The link ends in .${l.host.split('.').pop() ?? ''}, a domain ending heavily used by scam sites`,
  },
  shortener: {
    weight: 1.1,
    severity: 'medium',
    text: (l) => `The link is shortened (${l.host}), hiding where it really goes`,
  },
  free_hosting: {
    weight: 1.0,
    severity: 'medium',
    text: (l) => `The link is on a free web host (${l.host}), where phishing pages are easy to set up`,
  },
  port: { weight: 0.8, severity: 'low', text: (l) => `The link uses an unusual port (${l.url.slice(0, 60)})` },
  deep_subdomains: {
    weight: 0.5,
    severity: 'low',
    text: (l) => `The link has an unusually long chain of sub-domains (${l.host})`,
  },
  defanged: {
    weight: 0.4,
    severity: 'low',
    text: (l) => `The link is written in a disguised form (${l.url.slice(0, 60)})`,
  },
  insecure_http: { weight: 0.2, severity: 'low', text: (l) => `The link is not encrypted (http://${l.host})` },
};

export const CATEGORY_TYPE: Record<BrandCategory, ScamType> = {
  bank: 'bank_impersonation',
  payment: 'phishing',
  delivery: 'delivery_smishing',
  marketplace: 'phishing',
  tech: 'phishing',
  government: 'government_impersonation',
  carrier: 'phishing',
  retail: 'phishing',
  crypto: 'crypto_investment',
  social: 'phishing',
  toll: 'toll_smishing',
};

function mergeMax(
  a: Partial<Record<ScamType, number>>,
  b: Partial<Record<ScamType, number>>,
): Partial<Record<ScamType, number>> {
  const out = { ...a };
  for (const [k, v] of Object.entries(b) as [ScamType, number][]) out[k] = Math.max(out[k] ?? 0, v);
  return out;
}

export const severityOf = (w: number): 'high' | 'medium' | 'low' | 'info' =>
  w >= 2 ? 'high' : w >= 1 ? 'medium' : w > 0 ? 'low' : 'info';
export const round2 = (x: number): number => Math.round(x * 100) / 100;

function linkSignals(links: FoundLink[], mentions: readonly BrandMention[]): Signal[] {
  // Brand named in the text but the link's domain is not one of its domains.
  const mentioned = new Map(
    mentions.filter((m) => m.brand.category !== 'social' || mentions.length === 1).map((m) => [m.brand.name, m.brand]),
  );
  for (const l of links) {
    if (l.officialBrand || l.flags.includes('shortener') || l.flags.includes('ip_address') || !l.domain) continue;
    if (l.impersonates.length) continue;
    const named = [...mentioned.values()].find((b) => !b.domains.some((d) => l.host === d || l.host.endsWith(`.${d}`)));
    if (named) {
      l.flags.push('brand_mismatch');
      l.impersonates.push(named.name);
    }
  }
  const best = new Map<string, { link: FoundLink }>();
  for (const l of links) for (const f of l.flags) if (LINK_FLAGS[f] && !best.has(f)) best.set(f, { link: l });
  const out: Signal[] = [];
  for (const [flag, { link }] of best) {
    const def = LINK_FLAGS[flag];
    if (!def) continue;
    const brandTypes: Partial<Record<ScamType, number>> = {};
    for (const name of link.impersonates) {
      const m = mentions.find((x) => x.brand.name === name)?.brand;
      const cat = m?.category;
      if (cat) brandTypes[CATEGORY_TYPE[cat]] = 0.6;
    }
    if (!Object.keys(brandTypes).length && link.impersonates.length) brandTypes.phishing = 0.6;
    out.push({
      id: `link_${flag}`,
      text: def.text(link),
      weight: def.weight,
      severity: def.severity,
      evidence: [{ kind: 'url', url: link.url, start: link.start, end: link.end }],
      types: mergeMax({ phishing: 0.3 }, brandTypes),
      tags: ['link'],
    });
  }
  return out;
}

const comparableUrl = (url: string): string =>
  url
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/\/+$/, '');

/**
 * "QR code leads to ..." for each link decoded from a QR code. Weight 0: where the code points is
 * a fact worth showing, not a warning by itself; the link's own flags (found in the message, where the
 * client puts the decoded link) carry the risk, so a screenshot scores as its pasted text does.
 */
function qrLinkSignals(links: readonly FoundLink[], qrLinks: readonly string[] | undefined): Signal[] {
  if (!qrLinks?.length) return [];
  const out: Signal[] = [];
  for (const qr of new Set(qrLinks.map((q) => q.trim()).filter(Boolean))) {
    const found = links.find((l) => comparableUrl(l.url) === comparableUrl(qr));
    const shown = qr.length > 80 ? `${qr.slice(0, 77)}...` : qr;
    out.push({
      id: 'qr_link',
      text: `QR code leads to ${shown}`,
      weight: 0,
      severity: 'info',
      evidence: [
        found ? { kind: 'url', url: found.url, start: found.start, end: found.end } : { kind: 'url', url: qr },
      ],
      tags: ['qr'],
    });
  }
  return out;
}

/** Scam-type hints from the brands the message names (a bank named in an alert -> bank impersonation). */
function mentionSignalTypes(mentions: readonly BrandMention[]): Partial<Record<ScamType, number>> {
  const types: Partial<Record<ScamType, number>> = {};
  for (const m of mentions) {
    const t = CATEGORY_TYPE[m.brand.category];
    // A bank named beside a payment app (Wells Fargo and Zelle) is the more specific claim.
    types[t] = Math.max(types[t] ?? 0, t === 'bank_impersonation' ? 0.65 : 0.6);
  }
  return types;
}

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
  /** A recognised notice that gives no way to act at all: see givesNoWayToAct. */
  noWayToAct: boolean;
  /**
   * A recognised transaction alert or notice whose every way back is the kind its sender uses (a toll-free
   * helpline, a short code, its own website; for an appointment, its line): alert.ts, decision 109.
   */
  senderNotice: boolean;
}

/** Quoted examples in a rule's sentence: `("act now", "within 24 hours")`. */
const RULE_EXAMPLES = / \((?:"[^"]+"(?:, )?)+\)/;
const MAX_OWN_WORDS = 3;
const MAX_OWN_WORD_LENGTH = 40;

/**
 * A rule's sentence with its generic examples replaced by the message's own words (the first few distinct
 * matches), so the reason points at what the person received. Shared verdicts without the message redact
 * them like every other quote (feedback/redact.ts).
 */
export function withOwnWords(text: string, spans: readonly { text: string }[]): string {
  const seen = new Set<string>();
  const own: string[] = [];
  for (const s of spans) {
    const q = s.text.replace(/\s+/g, ' ').trim();
    if (!q || q.length > MAX_OWN_WORD_LENGTH || q.includes('"') || seen.has(q.toLowerCase())) continue;
    seen.add(q.toLowerCase());
    own.push(q);
    if (own.length === MAX_OWN_WORDS) break;
  }
  if (!own.length || !RULE_EXAMPLES.test(text)) return text;
  return text.replace(RULE_EXAMPLES, ` (${own.map((q) => `"${q}"`).join(', ')})`);
}

function spanEvidence(spans: readonly { start: number; end: number; text: string }[]): Evidence[] {
  return spans.map((s) => ({ kind: 'span', start: s.start, end: s.end, text: s.text }));
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
  // agent to pay, the "pick up" is the scammer's mover, not the buyer at the door (#34 walk). A buyer who only
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
    signals.push({
      id: h.id,
      text: withOwnWords(h.text, h.spans),
      weight: round2(h.weight),
      severity: severityOf(h.weight),
      evidence: spanEvidence(h.spans),
      types: impersonation ? mergeMax(h.types, brandTypes) : h.types,
      tags: h.tags,
    });
  }

  const links = analyzeLinks(message);
  const officialOnly =
    links.length > 0 && links.every((l) => l.officialBrand && !l.flags.some((f) => (LINK_FLAGS[f]?.weight ?? 0) >= 1));
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
      weight: -1.0,
      severity: 'info',
      evidence: [{ kind: 'url', url: l.url, start: l.start, end: l.end }],
      tags: ['official'],
    });
  }
  // E-mails and newsletters name many companies and link to others: a mismatch means little there.
  const longText = textDomain(folded.text) === 'long';
  for (const s of linkSignals(links, mentions))
    signals.push(longText && s.id === 'link_brand_mismatch' ? { ...s, weight: 0.6, severity: 'low' } : s);

  signals.push(...qrLinkSignals(links, input.qrLinks));

  const numbersInText = findNumbersInText(message);
  for (const n of numbersInText) {
    if (n.type === 'PREMIUM_RATE') {
      signals.push({
        id: 'premium_number_in_text',
        text: 'Asks you to call or text a premium-rate number that charges you per minute',
        weight: 1.8,
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
      weight: 0,
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
      const scale = s.id.startsWith('phone_voip') && signals.every((x) => x.weight < 1) ? 0.5 : 1;
      signals.push({
        id: s.id,
        text: s.text,
        weight: round2(s.weight * scale),
        severity: severityOf(s.weight * scale),
        evidence: [{ kind: 'phone', detail: s.detail }],
        tags: ['phone'],
      });
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
  // A transaction alert or notice that gives the sender's own kind of way back (a toll-free helpline, a short
  // code, "SMS BLOCK", the bank's own site): that way back is context, not evidence (decision 109). One that
  // gives a mobile number, a handle or a personal address instead is a warning.
  let senderNotice = false;
  if (shortText && !noWayToAct && !CHAT_PLATFORMS.has(platform) && isTransactionAlert(message)) {
    const contacts = contactPoints(message, links);
    // Only an alert that asks nothing and pushes nothing: a detector that fired (urgency, a code, card details) means it is not routine.
    const pushes = signals.some((x) => x.weight > 0 && !(x.tags ?? []).every((t) => t === 'topic'));
    const alert =
      pushes || signals.some((x) => x.id === 'transaction_alert') ? null : transactionAlert(message, contacts);
    if (alert) {
      signals.push(alert);
      senderNotice = true;
    } else {
      const foreign = foreignContactSignal(message, contacts);
      if (foreign) signals.push(foreign);
    }
  } else if (
    shortText &&
    !noWayToAct &&
    signals.some((x) => x.id === 'service_notice' || x.id === 'otp_notice' || x.id === 'intent_otp_notice')
  ) {
    // An appointment or code notice with its surgery's or company's line: the same rule.
    const contacts = contactPoints(message, links);
    senderNotice = contacts.length > 0 && contacts.every((c) => c.kind !== 'foreign');
  }
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
    noWayToAct,
    senderNotice,
  };
}

/** Words that ask you to call or text the number that follows them. */
const CALL_VERB_BEFORE = /\b(?:call|ring|dial|phone|text|txt|sms|whats ?app|contact|reach)\b[^\n]{0,50}$/i;
/** An e-mail address written in the text: a way to act besides the links. */
const EMAIL_IN_TEXT = /[\w.+-]{1,64}@[\w-]{1,63}\.[\w.-]{2,}/;
/** The notices a company sends that ask for nothing (service_notice, otp_notice in rules.ts). */
const NOTICE_SIGNALS = new Set(['service_notice', 'otp_notice', 'intent_otp_notice', 'transaction_alert']);

/**
 * Where a "payment received" text is the fake-payment scam's tool, not a bank's alert: pasted from a
 * marketplace or a chat, it was sent by the buyer. Genuine alerts arrive by SMS (or an app's own notice).
 */
const CHAT_PLATFORMS: ReadonlySet<Platform | undefined> = new Set<Platform | undefined>([
  ...MARKETPLACES,
  'whatsapp',
  'other',
]);

/** The replies a notice may ask for: opt out, confirm or cancel with one word. */
const KEYWORD_REPLY =
  /\b(?:reply|text|txt|send)[ \t]{1,3}["'“]?(?:stop|help|c|y|yes|n|no|1|2|end|cancel|unsubscribe)["'”]?\b/gi;
/** Any other way back to the sender: a reply with something, a call, another app. */
const WAY_BACK = /\b(?:reply|respond|text|txt|message|call|ring|contact|whats ?app|telegram|signal|viber|dm)\b/i;

/**
 * A recognised notice (an appointment, a pickup, a delivery, a one-time code) that gives no way to act:
 * no link, no reply but a one-word keyword (STOP, C, Y), nothing asked and no suspect sender (the caller
 * has checked that the text holds no phone number or e-mail address). Its scam copies always add the way in
 * (a link, a number, "reply with your address"); without one, the message cannot lead anywhere (decision 098).
 */
function givesNoWayToAct(message: string, links: readonly FoundLink[], signals: readonly Signal[]): boolean {
  if (!signals.some((s) => NOTICE_SIGNALS.has(s.id)) || links.length) return false;
  if (signals.some((s) => s.weight > 0 && s.tags?.length)) return false;
  return !WAY_BACK.test(message.replace(KEYWORD_REPLY, ' '));
}

/**
 * What a message asks of you that the company's own website cannot make safe: every ask but updating a
 * payment method (done on the site itself), and a suspect sender's number or address.
 */
const NOT_EXCUSED_BY_DESTINATION: ReadonlySet<string> = new Set([
  ...[...ASK_TAGS].filter((t) => t !== 'payment_method'),
  'phone',
  'email',
]);
/** A link that carries another address in its query (an open redirect such as google.com/url?q=…) goes there. */
const CARRIES_ANOTHER_ADDRESS = /[?&#][^=\s]{0,40}=(?:https?(?::|%3a)|www\.|[^&\s]{0,200}%2f%2f)/i;
/** A link the text points at but does not show ("click below", a button): its target is not the one shown. */
const UNSHOWN_LINK =
  /\b(?:click|tap|press)[ \t]{1,3}(?:here|below|on[ \t]{1,3}(?:the[ \t]{1,3})?(?:link|button)|the[ \t]{1,3}(?:link|button|[^\n.]{0,30}(?:section|button|link)[ \t]{1,3}below))|\b(?:button|link)[ \t]{1,3}below\b/i;
/** Header lines of a pasted e-mail, whose links have lost their real targets. */
const MAIL_HEADER = /^[ \t]{0,4}(?:subject|from|to|date|reply-to):/im;
/** Sites of people's own pages and files (a profile, a chat, an upload): the company does not speak there. */
const USER_CONTENT_CATEGORIES: ReadonlySet<BrandCategory> = new Set(['social']);
const USER_CONTENT_HOSTS =
  /(?:^|\.)(?:googleusercontent\.com|storage\.googleapis\.com|firebasestorage\.googleapis\.com|web\.app|firebaseapp\.com|blogspot\.com)$/i;

/**
 * A genuine notice often reads like its scam copy (a failed payment, a sign-in, a parcel); what differs is
 * where it sends you. When the only way the message offers to act is one company's own website (every link
 * is that company's, with no redirect in it; nothing asked that the website cannot make safe, such as a code,
 * gift cards or another app; and no suspect sender; the caller has checked that the text holds no phone
 * number or e-mail address), then acting on it means visiting the real site: the company, or null.
 * `official_link` is there only when no link carries a warning flag (shorteners and free hosting among them).
 */
function officialDestination(message: string, links: readonly FoundLink[], signals: readonly Signal[]): string | null {
  const brand = links[0]?.officialBrand;
  if (!brand || USER_CONTENT_CATEGORIES.has(BRANDS.find((b) => b.name === brand)?.category ?? 'social')) return null;
  const shownIsFollowed = (l: FoundLink) =>
    l.officialBrand === brand && !CARRIES_ANOTHER_ADDRESS.test(l.url) && !USER_CONTENT_HOSTS.test(l.host);
  if (!links.every(shownIsFollowed) || !signals.some((s) => s.id === 'official_link')) return null;
  if (UNSHOWN_LINK.test(message) || MAIL_HEADER.test(message)) return null;
  for (const s of signals) {
    if (s.weight > 0 && (s.tags ?? []).some((t) => NOT_EXCUSED_BY_DESTINATION.has(t))) return null;
  }
  return brand;
}
