/**
 * Transaction alerts and the sender's own contact points (decision 109).
 *
 * A genuine debit, credit or UPI alert often ends with the bank's way to reach it: "Not you? Call
 * 1800 258 6161", "SMS BLOCK 4821 to 5676791", "dial *334#", its own short link. Those are context, not
 * evidence: what tells a fake alert is a way back that a bank does not use, a mobile or WhatsApp number, a
 * messaging handle, a personal e-mail or an unrelated site.
 *
 *   contactPoints(message)       the numbers, codes and addresses the message asks you to use, classified
 *   transactionAlert(message, …) the reassurance of an alert whose every contact point is the sender's kind
 *   foreignContactSignal(…)      the warning of an alert that asks you to use a mobile number or a handle
 *
 * Patterns are bounded; the message is at most 20,000 characters here.
 */
import type { Signal } from './signal.ts';
import { CALL_VERB_BEFORE_CONTACT } from './text/call-verb.ts';
import type { FoundLink } from './url/links.ts';
import { weightOf } from './score/symbols.ts';

/** An amount in the currencies of the alerts people receive (US, UK, EU, India, Nigeria, Kenya, Southeast Asia...). */
const ALERT_AMOUNT =
  /(?:\b(?:rs|inr|ngn|ksh|kes|usd|gbp|eur|php|sgd|myr|rm|idr|rp|thb|zar|ghs|ugx|tzs|aed|cad|aud|krw|pkr|bdt|lkr)\.?|[₹₦$£€₱฿₩])[ \t]?\d[\d,]*(?:\.\d{1,2})?|\b\d[\d,]*\.\d{2}[ \t]?(?:inr|ngn|kes|ksh|usd|gbp|eur|php|sgd|myr|idr|thb|zar|ghs)\b/i;
/** Money moving on an account. */
const ALERT_MOVE =
  /\b(?:debited|credited|debit|credit|spent|withdrawn|withdrawal|deposited|received|transferred|sent to|paid to|payment of|purchase|was taken|was used|charged|dr|cr)\b/i;
/** An account or card shown by its last digits, or a balance or limit. */
const ALERT_ACCOUNT =
  /\b(?:a\/c|acct|account|card)\b[^\n]{0,25}?(?:x{2,}|\*{2,}|ending(?:[ \t]in)?|no\.?)[ \t:]?\d{3,4}\b|(?:\bx{2,}|\*{2,})\d{3,4}\b|\b(?:avl|avail|available|new|closing|ledger|current)?\.?[ \t]?(?:bal|balance|lmt|limit)\b/i;
/** Words a bank's alert does not use and a fake one does: an ask ("kindly deliver the goods", "send $200 more"). */
const ALERT_ASK =
  /\b(?:kindly|please|pls|plz|deliver|release|ship|send|refund|return|unlock|claim|click|tap|verify|update)\b/i;
/** The clause of an alert that gives its helpline ("Not you? Call …", "If not done by you, please SMS BLOCK …"): asks there are the bank's. */
const HELPLINE_CLAUSE =
  /(?:\bnot (?:you|done by you|initiated by you|authori[sz]ed by you)\b|\bif (?:this (?:was|is) not you|you did not|you didn'?t|not done)\b|\bto (?:block|report|dispute)\b|\bfor (?:queries|help|assistance|disputes?)\b|\bsms block\b)[^\n]{0,160}/gi;

/** What kind of contact point it is: the kind a company uses, or a kind a company's alert does not use. */
export type ContactKind = 'sender' | 'landline' | 'foreign';

export interface ContactPoint {
  start: number;
  end: number;
  text: string;
  kind: ContactKind;
  /** Where it leads: a number or code to call, text or dial, a handle or address to write to, or a website. */
  via: 'number' | 'handle' | 'link';
  /** What it is, in the words a reason uses ("a toll-free helpline", "a mobile number"). */
  what: string;
}

/** A phone-like run: digits with spaces, dots, dashes and brackets, or a letters-and-digits vanity number. */
const NUMBER_RUN = /(?:\+?\(?\d[\d \-().]{1,18}\d|\b0700[ -]?[a-z]{4,12}\b|\*\d{2,4}(?:\*\d{1,4})*#)/gi;

/** Toll-free and shared-cost prefixes by region (India 1800/1860, US and Canada 1-8xx, UK 0800/0808/03xx, PH 1-800, AU 1800/1300, NG 0700). */
const TOLL_FREE =
  /^(?:\+?91[ -]?)?1[ -]?8(?:00|60)\d|^(?:\+?1[ -]?)?\(?8(?:00|33|44|55|66|77|88)\)?|^(?:\+?44[ -]?|0)(?:800|808|3\d\d)|^1[ -]?800|^(?:\+?61[ -]?)?1[38]00|^0700|^\+?63[ -]?2|^\(?02\)?[ -]?8\d{3}|^1[ -]?3\d{2}\b/;
/** Mobile numbers by region: India, Nigeria, Kenya, the Philippines, the UK, Indonesia, Pakistan, South Africa. */
const MOBILE =
  /^(?:\+?91[ -]?)?[6-9]\d{4}[ -]?\d{5}$|^(?:\+?234|0)[789][01]\d{8}$|^(?:\+?254|0)(?:7\d|1[01])\d{7}$|^(?:\+?63|0)9\d{9}$|^(?:\+?44|0)7\d{9}$|^(?:\+?62|0)8\d{8,11}$|^(?:\+?92|0)3\d{9}$|^(?:\+?27|0)[678]\d{8}$/;

function classifyNumber(raw: string, before: string): { kind: ContactKind; what: string } {
  const digits = raw.replace(/[^\d+*#a-z]/gi, '');
  if (/^\*\d/.test(digits)) return { kind: 'sender', what: 'a USSD code of the kind banks and wallets use' };
  if (/^0700/i.test(raw)) return { kind: 'sender', what: "a bank's 0700 helpline" };
  if (TOLL_FREE.test(raw.trim())) return { kind: 'sender', what: 'a toll-free helpline of the kind banks use' };
  const plain = digits.replace(/\D/g, '');
  if (plain.length >= 3 && plain.length <= 7 && !plain.startsWith('0'))
    return { kind: 'sender', what: 'a short code of the kind banks use' };
  // "SMS BLOCK 4821 to 92156 76766": a keyword sent to the bank's long code, not a person to talk to.
  if (/\bsms[ \t]+(?:block|stop|bal|help|[a-z]{2,10})\b[^\n]{0,30}\bto[ \t]*$/i.test(before))
    return { kind: 'sender', what: "the bank's number for SMS keywords" };
  if (MOBILE.test(digits.replace(/[^\d+]/g, ''))) return { kind: 'foreign', what: 'a mobile number' };
  // A geographic number: a surgery's or a branch's line, or a scammer's; not evidence either way by itself.
  return { kind: 'landline', what: 'an ordinary phone number' };
}

/** Messaging handles and personal addresses: ways back a company's alert does not use. */
const FOREIGN_HANDLE =
  /\b(?:wa\.me|t\.me|telegram\.me|chat\.whatsapp\.com)\/[\w+-]{2,40}|(?:^|\s)@[a-z0-9_.]{3,30}\b|\b[\w.+-]{1,40}@(?:gmail|yahoo|outlook|hotmail|proton(?:mail)?|icloud|aol|mail|yandex)\.[a-z.]{2,6}\b/gi;

/** The numbers, codes and handles the message asks you to call, text, dial or write to, classified. */
export function contactPoints(message: string, links: readonly FoundLink[]): ContactPoint[] {
  const out: ContactPoint[] = [];
  for (const m of message.matchAll(NUMBER_RUN)) {
    const start = m.index;
    const before = message.slice(Math.max(0, start - 60), start);
    const raw = m[0];
    const ussd = raw.startsWith('*');
    if (!ussd && !CALL_VERB_BEFORE_CONTACT.test(before)) continue;
    // "SMS BLOCK 019 to …": the digits after a keyword are its argument (the account's last digits), not a number.
    if (!ussd && /\b(?:block|stop|bal|upi|help|card)[ \t]{1,3}(?:upi[ \t]{1,3})?$/i.test(before)) continue;
    if (!ussd && raw.replace(/\D/g, '').length < 3 && !/^0700/i.test(raw)) continue;
    out.push({ start, end: start + raw.length, text: raw.trim(), via: 'number', ...classifyNumber(raw, before) });
    if (out.length >= 10) break;
  }
  for (const m of message.matchAll(FOREIGN_HANDLE)) {
    const text = m[0].trim();
    const start = m.index + m[0].indexOf(text);
    out.push({
      start,
      end: start + text.length,
      text,
      kind: 'foreign',
      via: 'handle',
      what: text.startsWith('@')
        ? 'a messaging handle'
        : text.includes('@')
          ? 'a personal e-mail address'
          : 'a messaging-app link',
    });
    if (out.length >= 12) break;
  }
  for (const l of links) {
    const own = l.officialBrand !== null && l.officialBrand !== undefined;
    out.push({
      start: l.start,
      end: l.end,
      text: l.host,
      kind: own ? 'sender' : 'foreign',
      via: 'link',
      what: own ? `${l.officialBrand}'s own website` : 'a website that is not a known bank or company site',
    });
  }
  return out;
}

/** The alert's text with the helpline clauses taken out, where "please call" and "SMS BLOCK" are the bank's own words. */
const withoutHelplineClauses = (message: string): string => message.replace(HELPLINE_CLAUSE, ' ');

/** Is this a transaction alert (an amount, money moving, an account or balance) that asks nothing outside its helpline clause? */
export function isTransactionAlert(message: string): boolean {
  if (!ALERT_AMOUNT.test(message) || !ALERT_MOVE.test(message) || !ALERT_ACCOUNT.test(message)) return false;
  return !ALERT_ASK.test(withoutHelplineClauses(message));
}

/**
 * The reassurance of a transaction alert whose every way back is the sender's kind (or that gives none),
 * pointing at its amount; null when the message is not one or gives a foreign way back.
 */
export function transactionAlert(message: string, contacts: readonly ContactPoint[]): Signal | null {
  if (!isTransactionAlert(message) || contacts.some((c) => c.kind !== 'sender')) return null;
  const amount = ALERT_AMOUNT.exec(message);
  if (!amount) return null;
  const helpline = contacts[0];
  return {
    id: 'transaction_alert',
    text: helpline
      ? `Reads like an automatic transaction alert (an amount and an account); the way back it gives (${helpline.text}) is ${helpline.what}, not a mobile number or a link elsewhere`
      : 'Reads like an automatic transaction alert (an amount and an account) that gives no link, number or reply to act on',
    weight: weightOf('transaction_alert'),
    severity: 'info',
    evidence: [{ kind: 'span', start: amount.index, end: amount.index + amount[0].length, text: amount[0] }],
    tags: ['reassurance', 'notice'],
  };
}

/** An alert that asks you to call or write to a mobile number, a handle or a personal address: not how banks do it. */
export function foreignContactSignal(message: string, contacts: readonly ContactPoint[]): Signal | null {
  if (!ALERT_AMOUNT.test(message) || !ALERT_MOVE.test(message)) return null;
  // A link elsewhere has its own warnings (url/links.ts); this one is about a number or handle to contact.
  const foreign = contacts.find((c) => c.kind === 'foreign' && c.via !== 'link');
  if (!foreign) return null;
  return {
    id: 'alert_foreign_contact',
    text: `An account alert that asks you to contact ${foreign.what} (${foreign.text}): banks and wallets give a toll-free helpline, a short code or their app, not a personal number or handle`,
    weight: weightOf('alert_foreign_contact'),
    severity: 'medium',
    evidence: [
      { kind: 'span', start: foreign.start, end: foreign.end, text: message.slice(foreign.start, foreign.end) },
    ],
    types: { bank_impersonation: 2 },
    tags: ['phone', 'impersonation'],
  };
}
