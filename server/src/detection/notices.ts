/**
 * The notice detectors (docs/engine.md): a genuine notice often reads like its scam copy, and what differs is
 * where it sends you. `officialDestination` (the company's own website is the only way to act, decision 097),
 * `givesNoWayToAct` (a recognised notice with no way to act, decision 098) and `readSenderNotice` (an alert
 * whose every way back is its sender's kind, decision 109). The transaction alert itself is alert.ts.
 */
import type { Platform } from '@redflag/contracts/scan';
import { contactPoints, foreignContactSignal, isTransactionAlert, transactionAlert } from './alert.ts';
import type { Signal } from './signal.ts';
import { ASK_TAGS, MARKETPLACES } from './rules/rules.ts';
import type { FoundLink } from './url/links.ts';
import { BRANDS, type BrandCategory } from './url/brands.ts';

/** An e-mail address written in the text: a way to act besides the links. */
export const EMAIL_IN_TEXT = /[\w.+-]{1,64}@[\w-]{1,63}\.[\w.-]{2,}/;
/** The notices a company sends that ask for nothing (service_notice, otp_notice in rules.ts). */
const NOTICE_SIGNALS = new Set(['service_notice', 'otp_notice', 'intent_otp_notice', 'transaction_alert']);

/**
 * Where a "payment received" text is the fake-payment scam's tool, not a bank's alert: pasted from a
 * marketplace or a chat, it was sent by the buyer. Genuine alerts arrive by SMS (or an app's own notice).
 */
export const CHAT_PLATFORMS: ReadonlySet<Platform | undefined> = new Set<Platform | undefined>([
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
export function givesNoWayToAct(message: string, links: readonly FoundLink[], signals: readonly Signal[]): boolean {
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
export function officialDestination(
  message: string,
  links: readonly FoundLink[],
  signals: readonly Signal[],
): string | null {
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

/**
 * A transaction alert or notice that gives the sender's own kind of way back (a toll-free helpline, a short
 * code, "SMS BLOCK", the bank's own site): that way back is context, not evidence (decision 109). One that
 * gives a mobile number, a handle or a personal address instead is a warning. Adds the alert's reassurance
 * or that warning to `signals`; true when the message is such a sender's notice.
 */
export function readSenderNotice(
  message: string,
  platform: Platform | undefined,
  links: readonly FoundLink[],
  signals: Signal[],
): boolean {
  let senderNotice = false;
  if (!CHAT_PLATFORMS.has(platform) && isTransactionAlert(message)) {
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
  } else if (signals.some((x) => x.id === 'service_notice' || x.id === 'otp_notice' || x.id === 'intent_otp_notice')) {
    // An appointment or code notice with its surgery's or company's line: the same rule.
    const contacts = contactPoints(message, links);
    senderNotice = contacts.length > 0 && contacts.every((c) => c.kind !== 'foreign');
  }
  return senderNotice;
}
