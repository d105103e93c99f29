/**
 * The detection engine's one entry point.
 *
 *   analyze({ message, phoneNumber?, email?, platform? }, options?) -> Promise<ScanResult>
 *
 * `analyzeLocal` is the synchronous, offline core (text model + detectors + link / phone / e-mail
 * intelligence). `analyze` adds the optional network steps, each only when the caller enables it: carrier
 * lookup, MX lookup and the LLM reviewer. None of them can make a scan fail: on any error the local
 * result stands. The engine never reads process.env; the server's config passes settings in.
 */
import type { Evidence, Platform, ScanResult, ScamType } from '@redflag/contracts/scan';
import { MAX_MESSAGE_LENGTH } from '@redflag/contracts/constants';
import { adviceFor } from './advice.ts';
import { combine, pickScamType, sigmoid, type Signal } from './combine.ts';
import { analyzeEmail, analyzeEmailLocal, type EmailContext } from './email/email.ts';
import { reviewWithLlm, type LlmOptions } from './llm/reviewer.ts';
import { loadDefaultModel, type TextModel } from './model/model.ts';
import { analyzePhone, findNumbersInText } from './phone/phone.ts';
import type { CarrierLookupProvider } from './phone/carrier-lookup.ts';
import { loadNanpData, type NanpData } from './phone/nanp.ts';
import { claimedCountry, findBrandMentions, type BrandMention } from './rules/brand-mentions.ts';
import { MARKETPLACES, runRules } from './rules/rules.ts';
import { fold } from './text/normalize.ts';
import { analyzeLinks, type FoundLink } from './url/links.ts';
import type { BrandCategory } from './url/brands.ts';

export const ENGINE_NAME = 'RedFlag Engine';
export const ENGINE_VERSION = '1.1.0';

export interface EngineInput {
  message: string;
  phoneNumber?: string | undefined;
  email?: string | undefined;
  platform?: Platform | undefined;
}

export interface AnalyzeOptions {
  /** The text model; default: the shipped model file (null runs the detectors alone). */
  model?: TextModel | null;
  /** US/Canada numbering table; default: the generated file when present. */
  nanp?: NanpData | null;
  /** Online carrier lookup (e.g. Twilio Lookup), only when configured. */
  carrierLookup?: CarrierLookupProvider | null;
  /** MX lookup for the sender's e-mail domain, off unless given. */
  mx?: EmailContext['mx'];
  /** Optional LLM reviewer on an OpenAI-compatible endpoint. */
  llm?: LlmOptions | null;
}

/** Work is bounded on absurd input; the API already caps messages at MAX_MESSAGE_LENGTH. */
const HARD_LIMIT = MAX_MESSAGE_LENGTH * 2;

const LINK_FLAGS: Record<string, { weight: number; text: (l: FoundLink) => string; severity: 'high' | 'medium' | 'low' }> = {
  homoglyph: { weight: 3.2, severity: 'high', text: (l) => `The link ${l.host} uses look-alike characters to imitate ${l.impersonates.join(', ')}` },
  lookalike: { weight: 3.0, severity: 'high', text: (l) => `The link ${l.host} imitates ${l.impersonates.join(', ')} but is not their website` },
  typosquat: { weight: 2.6, severity: 'high', text: (l) => `The link ${l.host} is a misspelling of ${l.impersonates.join(', ')}` },
  brand_in_domain: { weight: 2.5, severity: 'high', text: (l) => `The link ${l.host} puts ${l.impersonates.join(', ')} in its name but does not belong to them` },
  ip_address: { weight: 2.5, severity: 'high', text: (l) => `The link points to a bare IP address (${l.host}) instead of a company website` },
  brand_mismatch: { weight: 2.3, severity: 'high', text: (l) => `The message names a company, but the link goes to ${l.domain ?? l.host}, which is not theirs` },
  userinfo: { weight: 2.0, severity: 'high', text: (l) => `The link hides its real destination behind an "@" (${l.host})` },
  punycode: { weight: 1.6, severity: 'medium', text: (l) => `The link's address uses encoded international characters (${l.host}), a trick to imitate real sites` },
  risky_tld: { weight: 1.4, severity: 'medium', text: (l) => `The link ends in .${l.host.split('.').pop() ?? ''}, a domain ending heavily used by scam sites` },
  shortener: { weight: 1.1, severity: 'medium', text: (l) => `The link is shortened (${l.host}), hiding where it really goes` },
  free_hosting: { weight: 1.0, severity: 'medium', text: (l) => `The link is on a free web host (${l.host}), where phishing pages are easy to set up` },
  port: { weight: 0.8, severity: 'low', text: (l) => `The link uses an unusual port (${l.url.slice(0, 60)})` },
  deep_subdomains: { weight: 0.5, severity: 'low', text: (l) => `The link has an unusually long chain of sub-domains (${l.host})` },
  defanged: { weight: 0.4, severity: 'low', text: (l) => `The link is written in a disguised form (${l.url.slice(0, 60)})` },
  insecure_http: { weight: 0.2, severity: 'low', text: (l) => `The link is not encrypted (http://${l.host})` },
};

const CATEGORY_TYPE: Record<BrandCategory, ScamType> = {
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

function mergeMax(a: Partial<Record<ScamType, number>>, b: Partial<Record<ScamType, number>>): Partial<Record<ScamType, number>> {
  const out = { ...a };
  for (const [k, v] of Object.entries(b) as [ScamType, number][]) out[k] = Math.max(out[k] ?? 0, v);
  return out;
}

const severityOf = (w: number): 'high' | 'medium' | 'low' | 'info' => (w >= 2 ? 'high' : w >= 1 ? 'medium' : w > 0 ? 'low' : 'info');
const round2 = (x: number): number => Math.round(x * 100) / 100;

function linkSignals(links: FoundLink[], mentions: readonly BrandMention[]): Signal[] {
  // Brand named in the text but the link's domain is not one of its domains.
  const mentioned = new Map(mentions.filter((m) => m.brand.category !== 'social' || mentions.length === 1).map((m) => [m.brand.name, m.brand]));
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

/** Scam-type hints from the brands the message names (a bank named in an alert -> bank impersonation). */
function mentionSignalTypes(mentions: readonly BrandMention[]): Partial<Record<ScamType, number>> {
  const types: Partial<Record<ScamType, number>> = {};
  for (const m of mentions) {
    const t = CATEGORY_TYPE[m.brand.category];
    types[t] = Math.max(types[t] ?? 0, 0.6);
  }
  return types;
}

function fallbackResult(reason: string): ScanResult {
  return {
    riskScore: 50,
    confidence: 0.1,
    scamType: null,
    reasons: [reason],
    reasonDetails: [{ id: 'engine_error', text: reason, weight: 0, severity: 'info', evidence: [] }],
    phoneAnalysis: null,
    emailAnalysis: null,
    links: [],
    advice: 'We could not analyse this message. Treat unexpected requests for money or codes with caution.',
    engineVersion: ENGINE_VERSION,
  };
}

interface LocalExtras {
  mentions: BrandMention[];
}

function analyzeCore(input: EngineInput, opts: AnalyzeOptions): { result: ScanResult; extras: LocalExtras; signals: Signal[]; modelLogit: number | null; tokenCount: number } {
  const raw = typeof input.message === 'string' ? input.message : '';
  const message = raw.length > HARD_LIMIT ? raw.slice(0, HARD_LIMIT) : raw;
  const platform = input.platform;
  const model = opts.model === undefined ? loadDefaultModel() : opts.model;
  const nanp = opts.nanp === undefined ? loadNanpData() : opts.nanp;
  const folded = fold(message);
  const tokenCount = (folded.text.match(/[a-z0-9]+/g) ?? []).length;
  const signals: Signal[] = [];

  // Text model.
  let modelLogit: number | null = null;
  if (model && message.trim()) {
    modelLogit = model.logitFolded(folded.text);
    if (!Number.isFinite(modelLogit)) modelLogit = null;
  }

  // Detectors.
  const mentions = findBrandMentions(folded, message);
  const hits = runRules(folded, message, { platform });
  const brandTypes = mentionSignalTypes(mentions);
  for (const h of hits) {
    const evidence: Evidence[] = h.spans.map((s) => ({ kind: 'span', start: s.start, end: s.end, text: s.text }));
    const impersonation = h.tags.includes('account') || h.tags.includes('threat') || h.tags.includes('link_cta');
    signals.push({
      id: h.id,
      text: h.text,
      weight: round2(h.weight),
      severity: severityOf(h.weight),
      evidence,
      types: impersonation ? mergeMax(h.types, brandTypes) : h.types,
      tags: h.tags,
    });
  }

  // Links.
  const links = analyzeLinks(message);
  // A notice that carries a link is not "asks for nothing": drop the reassurance.
  if (links.length) {
    const i = signals.findIndex((x) => x.id === 'service_notice');
    if (i >= 0) signals.splice(i, 1);
  }
  signals.push(...linkSignals(links, mentions));

  // Phone numbers written in the message.
  for (const n of findNumbersInText(message)) {
    if (n.type === 'PREMIUM_RATE') {
      signals.push({ id: 'premium_number_in_text', text: 'Asks you to call or text a premium-rate number that charges you per minute', weight: 1.8, severity: 'medium', evidence: [{ kind: 'span', start: n.start, end: n.end, text: message.slice(n.start, n.end) }], types: { prize_lottery: 1, spam: 1 }, tags: ['phone'] });
      break;
    }
  }

  // Sender's phone number.
  const tags = new Set(signals.flatMap((s) => s.tags ?? []));
  let phoneAnalysis: ScanResult['phoneAnalysis'] = null;
  if (input.phoneNumber && input.phoneNumber.trim()) {
    const p = analyzePhone(input.phoneNumber, { platform, claimedCountry: claimedCountry(mentions), nanp });
    phoneAnalysis = p.analysis;
    for (const s of p.signals) {
      // A VoIP number is normal for many people; it matters when the message also asks for something.
      const scale = s.id.startsWith('phone_voip') && signals.every((x) => x.weight < 1) ? 0.5 : 1;
      signals.push({ id: s.id, text: s.text, weight: round2(s.weight * scale), severity: severityOf(s.weight * scale), evidence: [{ kind: 'phone', detail: s.detail }], tags: ['phone'] });
    }
  }

  // Sender's e-mail address.
  let emailAnalysis: ScanResult['emailAnalysis'] = null;
  if (input.email && input.email.trim()) {
    const e = analyzeEmailLocal(input.email, { claimedBrands: mentions.map((m) => m.brand) });
    emailAnalysis = e.analysis;
    for (const s of e.signals) signals.push({ id: s.id, text: s.text, weight: s.weight, severity: severityOf(s.weight), evidence: [{ kind: 'email', detail: s.detail }], types: s.id === 'email_lookalike' || s.id === 'email_freemail_brand' ? mergeMax({ phishing: 0.6 }, brandTypes) : {}, tags: ['email'] });
  }

  // Combinations that are worth more than their parts.
  const has = (t: string): boolean => tags.has(t);
  const addCombo = (id: string, text: string, weight: number, types: Partial<Record<ScamType, number>>): void => {
    signals.push({ id, text, weight, severity: severityOf(weight), evidence: [], types, tags: ['combo'] });
  };
  if (has('family') && (has('money') || has('payment_method') || has('emergency') || has('secrecy'))) {
    addCombo('combo_family_money', 'A "family member" on an unknown number who needs money: call them on the number you already have', 2.0, { family_emergency: 2 });
  }
  if (signals.some((s) => s.id === 'family_address') && signals.some((s) => s.id === 'new_number')) {
    addCombo('combo_family_new_number', '"Hi Mum/Dad, this is my new number" is how the family-emergency scam starts: check on the old number first', 2.0, { family_emergency: 2 });
  }
  if ((has('romance') || has('opener')) && (has('money') || has('payment_method') || has('investment'))) {
    addCombo('combo_stranger_money', 'A stranger who opens with small talk and then brings up money or investing', 1.5, { crypto_investment: has('investment') ? 1.5 : 0.5, romance: has('romance') ? 1.5 : 0.5 });
  }
  if ((has('account') || has('impersonation') || has('threat')) && signals.some((s) => s.tags?.includes('link') && s.weight >= 1)) {
    addCombo('combo_alert_bad_link', 'An account or delivery alert that sends you to a suspicious link', 1.0, {});
  }
  if (has('code') && platform && MARKETPLACES.has(platform)) {
    addCombo('combo_marketplace_code', 'On a marketplace, nobody legitimate needs a code sent to your phone', 1.0, { marketplace_verification_code: 2 });
  }

  // Text model as a reason.
  if (modelLogit !== null) {
    const p = sigmoid(modelLogit);
    if (p >= 0.8) signals.push({ id: 'text_model', text: 'The wording closely matches known scam and spam messages', weight: 0, severity: severityOf(Math.min(3, modelLogit)), evidence: [{ kind: 'model', detail: `text model: ${Math.round(p * 100)}% scam-like` }], types: {}, tags: ['model'] });
    else if (p <= 0.15) signals.push({ id: 'text_model', text: 'The wording is typical of ordinary personal or business messages', weight: 0, severity: 'info', evidence: [{ kind: 'model', detail: `text model: ${Math.round(p * 100)}% scam-like` }], types: {}, tags: ['model'] });
  }

  const capModelOnly = !!platform && MARKETPLACES.has(platform) && links.length === 0;
  const combined = combine({ modelLogit, signals: signals.filter((s) => s.id !== 'text_model'), capModelOnly, tokenCount });
  // Give the model reason its real share of the score, for transparency.
  for (const s of signals) if (s.id === 'text_model' && modelLogit !== null) s.weight = round2(Math.max(-5, Math.min(5, modelLogit)));

  const scamType = pickScamType(signals, combined.riskScore, links.some((l) => !l.officialBrand));
  const ordered = [...signals].sort((a, b) => (combined.riskScore >= 40 ? b.weight - a.weight : Math.abs(b.weight) - Math.abs(a.weight)));
  if (!ordered.length) {
    ordered.push({ id: 'no_signals', text: 'No red flags found, but there is little to go on: stay careful with unexpected requests', weight: 0, severity: 'info', evidence: [] });
  }
  const reasonDetails = ordered.map(({ id, text, weight, severity, evidence }) => ({ id, text, weight, severity, evidence }));
  const result: ScanResult = {
    riskScore: combined.riskScore,
    confidence: combined.confidence,
    scamType,
    reasons: reasonDetails.map((r) => r.text),
    reasonDetails,
    phoneAnalysis,
    emailAnalysis,
    links: links.map(({ url, host, domain, start, end, flags }) => ({ url, host, domain, start, end, flags })),
    advice: adviceFor(scamType, combined.riskScore, platform),
    engineVersion: model ? `${ENGINE_VERSION}+${model.version}` : `${ENGINE_VERSION}+rules-only`,
  };
  return { result, extras: { mentions }, signals, modelLogit, tokenCount };
}

/** For evaluation tooling: the local result together with the raw signals and model logit behind it. */
export function analyzeLocalDetailed(input: EngineInput, opts: AnalyzeOptions = {}): { result: ScanResult; signals: Signal[]; modelLogit: number | null; tokenCount: number } {
  const { result, signals, modelLogit, tokenCount } = analyzeCore(input, opts);
  return { result, signals, modelLogit, tokenCount };
}

/** Synchronous, offline analysis. Deterministic and never throws. */
export function analyzeLocal(input: EngineInput, opts: AnalyzeOptions = {}): ScanResult {
  try {
    return analyzeCore(input, opts).result;
  } catch {
    return fallbackResult('The message could not be fully analysed.');
  }
}

/**
 * The entry point the scan API calls. Adds, when configured, the carrier lookup, the MX lookup and the
 * LLM review to the local analysis; any of them failing leaves the local result in place.
 */
export async function analyze(input: EngineInput, opts: AnalyzeOptions = {}): Promise<ScanResult> {
  let core: ReturnType<typeof analyzeCore>;
  try {
    core = analyzeCore(input, opts);
  } catch {
    return fallbackResult('The message could not be fully analysed.');
  }
  let { result } = core;
  try {
    let extra: Signal[] = [];
    const phone = result.phoneAnalysis;
    if (opts.carrierLookup && phone?.valid && phone.e164 && (phone.isVoip === null || phone.carrier === null)) {
      const found = await opts.carrierLookup.lookup(phone.e164).catch(() => null);
      if (found) {
        const updated = { ...phone, notes: [...phone.notes] };
        if (found.carrier) updated.carrier = found.carrier;
        if (found.lineType) updated.lineType = found.lineType;
        if (found.isVoip !== null) updated.isVoip = found.isVoip;
        updated.notes.push(`Carrier lookup (${opts.carrierLookup.name}): ${found.lineType ?? 'unknown type'}${found.carrier ? `, ${found.carrier}` : ''}.`);
        result = { ...result, phoneAnalysis: updated };
        if (found.isVoip && !core.signals.some((s) => s.id.startsWith('phone_voip'))) {
          extra.push({ id: 'phone_voip', text: 'The phone number is an internet (VoIP) number, easy to get anonymously', weight: 0.9, severity: 'low', evidence: [{ kind: 'phone', detail: `${opts.carrierLookup.name}: ${found.lineType ?? 'VOIP'}` }], tags: ['phone'] });
        }
      }
    }
    if (opts.mx && input.email && result.emailAnalysis?.valid) {
      const e = await analyzeEmail(input.email, { claimedBrands: core.extras.mentions.map((m) => m.brand), mx: opts.mx });
      result = { ...result, emailAnalysis: { ...result.emailAnalysis, hasMx: e.analysis.hasMx, notes: e.analysis.notes } };
      extra = extra.concat(
        e.signals.filter((s) => s.id === 'email_no_mx').map((s) => ({ id: s.id, text: s.text, weight: s.weight, severity: severityOf(s.weight), evidence: [{ kind: 'email' as const, detail: s.detail }], tags: ['email'] })),
      );
    }
    if (extra.length) {
      const signals = [...core.signals.filter((s) => s.id !== 'text_model'), ...extra];
      const combined = combine({ modelLogit: core.modelLogit, signals, capModelOnly: !!input.platform && MARKETPLACES.has(input.platform) && result.links.length === 0, tokenCount: core.tokenCount });
      const all = [...core.signals, ...extra].sort((a, b) => b.weight - a.weight);
      const reasonDetails = all.map(({ id, text, weight, severity, evidence }) => ({ id, text, weight, severity, evidence }));
      const scamType = pickScamType(all, combined.riskScore, result.links.length > 0);
      result = { ...result, riskScore: combined.riskScore, confidence: combined.confidence, scamType, reasonDetails, reasons: reasonDetails.map((r) => r.text), advice: adviceFor(scamType, combined.riskScore, input.platform) };
    }
  } catch {
    /* optional steps never fail a scan */
  }
  if (opts.llm) result = await reviewWithLlm(input, result, opts.llm);
  return result;
}
