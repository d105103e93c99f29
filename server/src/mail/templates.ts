/**
 * The product's mails, each as finished HTML (inline styles: mail clients ignore stylesheets) and plain
 * text. Colours are the app's: ink navy, RedFlag red.
 */
import { MAX_FORWARDED_LINKS, MAX_MESSAGE_LENGTH, TRIAL_TERMS, TRIAL_WARNING_DAYS } from '@redflag/contracts/constants';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const INK = '#0b1120';
const BRAND = '#dc2626';
const MUTED = '#64748b';

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );
}

function layout(opts: { preheader: string; heading: string; bodyHtml: string; supportEmail: string }): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(opts.heading)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Inter,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:${INK};">
<span style="display:none;max-height:0;overflow:hidden;">${escapeHtml(opts.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:32px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;overflow:hidden;border:1px solid #e2e8f0;">
<tr><td style="background:${INK};padding:20px 28px;">
<span style="display:inline-block;width:12px;height:12px;border-radius:3px;background:${BRAND};margin-right:8px;vertical-align:middle;"></span>
<span style="color:#ffffff;font-size:18px;font-weight:800;vertical-align:middle;">Red<span style="color:#f87171;">Flag</span></span>
</td></tr>
<tr><td style="padding:32px 28px 8px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;font-weight:800;letter-spacing:0.02em;">${escapeHtml(opts.heading)}</h1>
${opts.bodyHtml}
</td></tr>
<tr><td style="padding:24px 28px 28px;border-top:1px solid #e2e8f0;color:${MUTED};font-size:12px;line-height:1.6;">
RedFlag — AI scam detection. Questions? Write to <a href="mailto:${escapeHtml(opts.supportEmail)}" style="color:${BRAND};">${escapeHtml(opts.supportEmail)}</a>.
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

function paragraph(text: string): string {
  return `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#334155;">${text}</p>`;
}

function button(url: string, label: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr><td style="border-radius:10px;background:${BRAND};">
<a href="${escapeHtml(url)}" style="display:inline-block;padding:14px 28px;color:#ffffff;font-size:15px;font-weight:700;letter-spacing:0.04em;text-decoration:none;">${escapeHtml(label)}</a>
</td></tr></table>`;
}

function fallbackLink(url: string): string {
  return paragraph(
    `If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(url)}" style="color:${BRAND};word-break:break-all;">${escapeHtml(url)}</a>`,
  );
}

function greeting(firstName: string | null | undefined): string {
  return firstName ? `Hi ${firstName},` : 'Hi,';
}

export function verificationMail(opts: { url: string; firstName?: string | null; supportEmail: string }): RenderedMail {
  const subject = 'Confirm your RedFlag account';
  const text = [
    greeting(opts.firstName),
    '',
    'Thanks for signing up for RedFlag. Confirm your e-mail address to start your free trial:',
    '',
    opts.url,
    '',
    'The link is valid for 24 hours. If you did not create an account, you can ignore this e-mail.',
    '',
    `RedFlag — AI scam detection. Questions? ${opts.supportEmail}`,
  ].join('\n');
  const html = layout({
    preheader: 'Confirm your e-mail address to start your free trial.',
    heading: 'Confirm your e-mail',
    supportEmail: opts.supportEmail,
    bodyHtml: [
      paragraph(escapeHtml(greeting(opts.firstName))),
      paragraph(
        `Thanks for signing up for RedFlag. Confirm your e-mail address to start your free trial: ${TRIAL_TERMS}.`,
      ),
      button(opts.url, 'VERIFY EMAIL'),
      fallbackLink(opts.url),
      paragraph(
        `<span style="color:${MUTED};font-size:13px;">The link is valid for 24 hours. If you did not create an account, you can ignore this e-mail.</span>`,
      ),
    ].join('\n'),
  });
  return { subject, text, html };
}

export function magicLinkMail(opts: {
  url: string;
  firstName?: string | null;
  minutes: number;
  supportEmail: string;
}): RenderedMail {
  const subject = 'Your RedFlag sign-in link';
  const text = [
    greeting(opts.firstName),
    '',
    'Use this link to sign in to RedFlag:',
    '',
    opts.url,
    '',
    `The link expires in ${opts.minutes} minutes and works once. If you did not ask for it, you can ignore this e-mail: nobody can sign in without it.`,
    '',
    `RedFlag — AI scam detection. Questions? ${opts.supportEmail}`,
  ].join('\n');
  const html = layout({
    preheader: `Your sign-in link, valid for ${opts.minutes} minutes.`,
    heading: 'Sign in to RedFlag',
    supportEmail: opts.supportEmail,
    bodyHtml: [
      paragraph(escapeHtml(greeting(opts.firstName))),
      paragraph('Someone (hopefully you) asked for a link to sign in to RedFlag. Click below to sign in:'),
      button(opts.url, 'SIGN IN'),
      fallbackLink(opts.url),
      paragraph(
        `<span style="color:${MUTED};font-size:13px;">The link expires in ${opts.minutes} minutes and works once. If you did not ask for it, you can ignore this e-mail: nobody can sign in without it.</span>`,
      ),
    ].join('\n'),
  });
  return { subject, text, html };
}

/**
 * Changing the e-mail address of a verified account takes two links (better-auth's change-email flow):
 * `confirm` goes to the current address (the owner agrees to the change), then `verify` goes to the new
 * one (the owner receives mail there). The second link opens a page that asks for the account's password
 * (or a code sent to the current address) and the address changes only then (decision 132): whoever reads
 * the new mailbox may not be the account's owner, so the mail says what the link asks and that ignoring it
 * is safe. The greeting names no one: the reader may not be the person whose name the account has.
 */
export function changeEmailMail(opts: {
  step: 'confirm' | 'verify';
  url: string;
  newEmail: string;
  firstName?: string | null;
  hours: number;
  supportEmail: string;
}): RenderedMail {
  const confirm = opts.step === 'confirm';
  const subject = confirm
    ? 'Confirm the change of your RedFlag e-mail address'
    : 'Verify your new RedFlag e-mail address';
  const lead = confirm
    ? `Someone (hopefully you) asked to change the e-mail address of your RedFlag account to ${opts.newEmail}. Confirm the change here; we will then send a link to the new address.`
    : `Someone asked to make ${opts.newEmail} the e-mail address of their RedFlag account. If it was you, open this link and type your RedFlag password (or ask for a code at your current address) to finish the change.`;
  const after = confirm
    ? `The link is valid for ${opts.hours} hours. If you did not ask for this, ignore this e-mail: your address stays as it is, and consider changing your password.`
    : `The link is valid for ${opts.hours} hours. If you did not ask for this, ignore this e-mail: this address is not added to any account.`;
  const hello = confirm ? greeting(opts.firstName) : greeting(null);
  const text = [
    hello,
    '',
    lead,
    '',
    opts.url,
    '',
    after,
    '',
    `RedFlag — AI scam detection. Questions? ${opts.supportEmail}`,
  ].join('\n');
  const html = layout({
    preheader: confirm ? 'Confirm the change of your e-mail address.' : 'Verify your new e-mail address.',
    heading: confirm ? 'Confirm your new e-mail' : 'Verify your new e-mail',
    supportEmail: opts.supportEmail,
    bodyHtml: [
      paragraph(escapeHtml(hello)),
      paragraph(escapeHtml(lead)),
      button(opts.url, confirm ? 'CONFIRM CHANGE' : 'VERIFY NEW EMAIL'),
      fallbackLink(opts.url),
      paragraph(`<span style="color:${MUTED};font-size:13px;">${escapeHtml(after)}</span>`),
    ].join('\n'),
  });
  return { subject, text, html };
}

/**
 * The code that finishes a change of address for an account without a password (decision 132): sent to the
 * account's current address once the link at the new address was opened, typed on the page that link
 * opened. Only the current address's reader and the new address's reader together can finish the change.
 */
export function changeEmailCodeMail(opts: {
  code: string;
  newEmail: string;
  firstName?: string | null;
  minutes: number;
  supportEmail: string;
}): RenderedMail {
  const subject = 'Your code to change your RedFlag e-mail address';
  const lead = `To make ${opts.newEmail} the e-mail address of your RedFlag account, type this code on the page the link at that address opened:`;
  const after = `The code is valid for ${opts.minutes} minutes and works once. If you did not ask for this, do not give the code to anyone: without it your address stays as it is.`;
  const text = [
    greeting(opts.firstName),
    '',
    lead,
    '',
    opts.code,
    '',
    after,
    '',
    `RedFlag — AI scam detection. Questions? ${opts.supportEmail}`,
  ].join('\n');
  const html = layout({
    preheader: 'Your code to change your e-mail address.',
    heading: 'Your code',
    supportEmail: opts.supportEmail,
    bodyHtml: [
      paragraph(escapeHtml(greeting(opts.firstName))),
      paragraph(escapeHtml(lead)),
      paragraph(`<strong style="font-size:28px;letter-spacing:6px;color:${INK};">${escapeHtml(opts.code)}</strong>`),
      paragraph(`<span style="color:${MUTED};font-size:13px;">${escapeHtml(after)}</span>`),
    ].join('\n'),
  });
  return { subject, text, html };
}

export function contactMail(opts: {
  name: string;
  email: string;
  message: string;
  id: string;
  supportEmail: string;
}): RenderedMail {
  const subject = `Contact form: ${opts.name.slice(0, 80)}`;
  const text = [
    `New message from the RedFlag contact form (${opts.id}).`,
    '',
    `Name: ${opts.name}`,
    `E-mail: ${opts.email}`,
    '',
    opts.message,
  ].join('\n');
  const html = layout({
    preheader: `New message from ${opts.name}`,
    heading: 'New contact message',
    supportEmail: opts.supportEmail,
    bodyHtml: [
      paragraph(
        `<strong>Name:</strong> ${escapeHtml(opts.name)}<br><strong>E-mail:</strong> <a href="mailto:${escapeHtml(opts.email)}" style="color:${BRAND};">${escapeHtml(opts.email)}</a>`,
      ),
      `<div style="margin:0 0 16px;padding:16px;border-radius:10px;background:#f8fafc;border:1px solid #e2e8f0;font-size:15px;line-height:1.6;white-space:pre-wrap;">${escapeHtml(opts.message)}</div>`,
      paragraph(
        `<span style="color:${MUTED};font-size:13px;">Reference ${escapeHtml(opts.id)}. Reply to this e-mail to answer the sender.</span>`,
      ),
    ].join('\n'),
  });
  return { subject, text, html };
}

// --- Billing (docs/design.md §3 item 6: every billing event sends an e-mail) ------------------------

/** "December 1, 2026": billing dates are days, written in UTC so every reader sees the same one. */
export function formatBillingDate(d: Date): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(d);
}

export function formatMoney(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

interface BillingMailBase {
  firstName?: string | null;
  supportEmail: string;
  /** Where the user manages the subscription (the account page). */
  accountUrl: string;
}

export interface CardLabel {
  brand: string;
  last4: string;
}

const cardText = (card: CardLabel | null) =>
  card ? `your ${card.brand} card ending in ${card.last4}` : 'the card you added';

/** One mail from plain-text paragraphs: the text part joins them, the HTML part escapes each. */
function billingMail(opts: {
  subject: string;
  heading: string;
  preheader: string;
  firstName?: string | null;
  paragraphs: string[];
  facts?: Array<[string, string]>;
  action?: { url: string; label: string };
  supportEmail: string;
}): RenderedMail {
  const facts = opts.facts ?? [];
  const text = [
    greeting(opts.firstName),
    '',
    ...opts.paragraphs.flatMap((p) => [p, '']),
    ...(facts.length ? [...facts.map(([k, v]) => `${k}: ${v}`), ''] : []),
    ...(opts.action ? [`${opts.action.label}: ${opts.action.url}`, ''] : []),
    `RedFlag — AI scam detection. Questions? ${opts.supportEmail}`,
  ].join('\n');
  // On a phone a long value (a receipt number is one unbroken word) wraps inside its cell instead of
  // widening the mail past the screen (417 px on a 390 px phone): the table keeps the
  // width it is given (fixed layout, label column 42%) and values break where they must.
  const factsHtml = facts.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 20px;width:100%;table-layout:fixed;border:1px solid #e2e8f0;border-radius:10px;font-size:14px;">${facts
        .map(
          ([k, v]) =>
            `<tr><td style="width:42%;padding:8px 10px 8px 14px;color:${MUTED};vertical-align:top;">${escapeHtml(k)}</td><td style="padding:8px 14px 8px 10px;font-weight:700;text-align:right;vertical-align:top;overflow-wrap:anywhere;word-wrap:break-word;word-break:break-word;">${escapeHtml(v)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const html = layout({
    preheader: opts.preheader,
    heading: opts.heading,
    supportEmail: opts.supportEmail,
    bodyHtml: [
      paragraph(escapeHtml(greeting(opts.firstName))),
      ...opts.paragraphs.map((p) => paragraph(escapeHtml(p))),
      factsHtml,
      opts.action ? button(opts.action.url, opts.action.label) : '',
    ]
      .filter(Boolean)
      .join('\n'),
  });
  return { subject: opts.subject, text, html };
}

export function trialStartedMail(
  opts: BillingMailBase & {
    firstChargeDate: Date;
    amountCents: number;
    scanLimit: number;
    trialDays: number;
    card: CardLabel | null;
  },
): RenderedMail {
  const date = formatBillingDate(opts.firstChargeDate);
  const amount = formatMoney(opts.amountCents);
  return billingMail({
    subject: `Your RedFlag trial has started: nothing charged today`,
    heading: 'Your free trial has started',
    preheader: `Nothing was charged today. First charge ${amount} on ${date} unless you cancel.`,
    firstName: opts.firstName,
    paragraphs: [
      `Your RedFlag free trial is on: ${opts.trialDays} days or ${opts.scanLimit} scans, whichever comes first. Nothing was charged today.`,
      `If you keep Premium, ${cardText(opts.card)} is charged ${amount} on ${date}, then monthly. We will e-mail you ${TRIAL_WARNING_DAYS} days before. If you use all ${opts.scanLimit} scans sooner, we ask before charging anything.`,
      `To stop, cancel on your account page before ${date}: you will not be charged.`,
    ],
    facts: [
      ['Charged today', formatMoney(0)],
      ['First charge', `${amount} on ${date}`],
      ['Then', `${amount} per month`],
    ],
    action: { url: opts.accountUrl, label: 'MANAGE SUBSCRIPTION' },
    supportEmail: opts.supportEmail,
  });
}

export function trialReminderMail(
  opts: BillingMailBase & { chargeDate: Date; amountCents: number; card: CardLabel | null },
): RenderedMail {
  const date = formatBillingDate(opts.chargeDate);
  const amount = formatMoney(opts.amountCents);
  return billingMail({
    subject: `Your RedFlag trial ends on ${date}: ${amount} will be charged`,
    // Not "in N days": the job may run later than the lead time (a server down), the date is always right.
    heading: `Your trial ends on ${date}`,
    preheader: `${amount} on ${date} unless you cancel before then.`,
    firstName: opts.firstName,
    paragraphs: [
      `Your RedFlag free trial ends on ${date}. On that day ${cardText(opts.card)} will be charged ${amount} for your first month of Premium, then ${amount} every month.`,
      'Nothing to do if you want to keep Premium. If you do not, cancel on your account page before then and you will not be charged.',
    ],
    facts: [['Charge', `${amount} on ${date}`]],
    action: { url: opts.accountUrl, label: 'MANAGE SUBSCRIPTION' },
    supportEmail: opts.supportEmail,
  });
}

export function receiptMail(
  opts: BillingMailBase & {
    amountCents: number;
    paidAt: Date;
    invoiceId: string;
    card: CardLabel | null;
    nextChargeDate: Date | null;
  },
): RenderedMail {
  const amount = formatMoney(opts.amountCents);
  const date = formatBillingDate(opts.paidAt);
  return billingMail({
    subject: `Your RedFlag receipt: ${amount} paid on ${date}`,
    heading: 'Receipt',
    preheader: `${amount} charged for RedFlag Premium.`,
    firstName: opts.firstName,
    paragraphs: [`Thank you. We charged ${cardText(opts.card)} ${amount} for one month of RedFlag Premium.`],
    facts: [
      ['Amount paid', amount],
      ['Date', date],
      ['Plan', 'RedFlag Premium, monthly'],
      ...(opts.card ? ([['Card', `${opts.card.brand} ending in ${opts.card.last4}`]] as Array<[string, string]>) : []),
      ['Receipt number', opts.invoiceId],
      ...(opts.nextChargeDate
        ? ([['Next charge', `${amount} on ${formatBillingDate(opts.nextChargeDate)}`]] as Array<[string, string]>)
        : []),
    ],
    action: { url: opts.accountUrl, label: 'VIEW YOUR ACCOUNT' },
    supportEmail: opts.supportEmail,
  });
}

export function paymentFailedMail(
  opts: BillingMailBase & { amountCents: number; reason: string; card: CardLabel | null; blocked: boolean },
): RenderedMail {
  const amount = formatMoney(opts.amountCents);
  return billingMail({
    subject: `Your RedFlag payment of ${amount} failed`,
    heading: 'Your payment failed',
    preheader: `We could not charge ${amount}. Nothing was charged.`,
    firstName: opts.firstName,
    paragraphs: [
      `We tried to charge ${cardText(opts.card)} ${amount} for RedFlag Premium and the payment failed: ${opts.reason} Nothing was charged.`,
      opts.blocked
        ? 'Scanning is paused until the payment goes through. Update your card on your account page and we will try again.'
        : 'Your trial continues as before. Update your card on your account page, then try again.',
    ],
    action: { url: opts.accountUrl, label: 'UPDATE YOUR CARD' },
    supportEmail: opts.supportEmail,
  });
}

export function cancellationMail(
  opts: BillingMailBase & { accessUntil: Date | null; duringTrial: boolean },
): RenderedMail {
  const until = opts.accessUntil ? formatBillingDate(opts.accessUntil) : null;
  return billingMail({
    subject: opts.duringTrial
      ? 'Your RedFlag trial is cancelled: you will not be charged'
      : 'Your RedFlag subscription is cancelled',
    heading: opts.duringTrial ? 'Trial cancelled' : 'Subscription cancelled',
    preheader: 'You will not be charged again.',
    firstName: opts.firstName,
    paragraphs: [
      opts.duringTrial
        ? 'Your RedFlag trial is cancelled. You will not be charged.'
        : 'Your RedFlag Premium subscription is cancelled. You will not be charged again.',
      until ? `You keep access until ${until}.` : 'Your access has ended.',
      'Changed your mind? You can resume on your account page before then.',
    ],
    action: { url: opts.accountUrl, label: 'VIEW YOUR ACCOUNT' },
    supportEmail: opts.supportEmail,
  });
}

/**
 * What the deletion's mail says about billing: a free trial or a paid subscription cancelled on the way, a
 * subscription that had already ended (its notice not yet delivered), or nothing.
 */
export type CancelledWithAccount = 'trial' | 'subscription' | 'ended' | null;

/**
 * The last mail to a deleted account's address: what happened, in case it was not them, and, when a trial
 * or subscription was cancelled on the way, that nothing (more) will be charged. It is the one mail about
 * the cancellation too: the cancellation's own notice ("you keep access until... resume on your account
 * page") is not sent to an account that no longer exists. No link: there is no account
 * left to go to.
 */
export function accountDeletedMail(opts: {
  firstName?: string | null;
  cancelled: CancelledWithAccount;
  supportEmail: string;
}): RenderedMail {
  const cancelled =
    opts.cancelled === 'trial'
      ? ['Your free trial was cancelled with your account: you will not be charged.']
      : opts.cancelled === 'subscription'
        ? ['Your Premium subscription was cancelled with your account: nothing more will be charged.']
        : opts.cancelled === 'ended'
          ? ['Your Premium subscription had ended: nothing more will be charged.']
          : [];
  return billingMail({
    subject: 'Your RedFlag account was deleted',
    heading: 'Account deleted',
    preheader: 'Your account and everything in it are gone.',
    firstName: opts.firstName,
    paragraphs: [
      'Your RedFlag account was deleted, with your scans, sign-in methods and the e-mails we sent you. This is the last e-mail we send to this address, and we do not keep it after it is sent.',
      ...cancelled,
      `If you did not delete your account, write to ${opts.supportEmail} at once.`,
    ],
    supportEmail: opts.supportEmail,
  });
}

/** "March 3, 2026 at 14:05 UTC": when something happened to the account, the same for every reader. */
function formatEventTime(d: Date): string {
  const day = formatBillingDate(d);
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'UTC',
  }).format(d);
  return `${day} at ${time} UTC`;
}

/**
 * The account's password was changed. Sent to the owner's address after every change, so
 * that someone whose password was changed by another hears of it and knows how to get back in without it:
 * the sign-in dialog's e-mailed link, then a new password and "sign out of every other device" on the
 * account page. Never the password.
 */
export function passwordChangedMail(opts: {
  firstName?: string | null;
  email: string;
  changedAt: Date;
  signInUrl: string;
  supportEmail: string;
}): RenderedMail {
  return billingMail({
    subject: 'Your RedFlag password was changed',
    heading: 'Your password was changed',
    preheader: 'If this was you, there is nothing to do.',
    firstName: opts.firstName,
    paragraphs: [
      `The password of your RedFlag account (${opts.email}) was changed on ${formatEventTime(opts.changedAt)}.`,
      'If this was you, there is nothing to do.',
      'If you did not change it, someone else may have your password. Get back in without it: on the sign-in dialog choose "Get Magic Link Recovery" and we e-mail you a sign-in link. Then set a new password and choose "Sign out of every other device" on your account page.',
      `Need help? Write to ${opts.supportEmail}.`,
    ],
    action: { url: opts.signInUrl, label: 'OPEN REDFLAG' },
    supportEmail: opts.supportEmail,
  });
}

/** Every http(s) link in a mail's HTML, in order, without duplicates (for /dev/mailbox.json). */
export function extractLinks(html: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(/href="(https?:[^"]+)"/g)) {
    const url = (match[1] ?? '')
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>');
    if (url && !links.includes(url)) links.push(url);
  }
  return links;
}

/**
 * The answer to a mail forwarded to the account's forwarding address: the verdict, the score, the reasons
 * and a link to the full report. Sent to the account's own address only. The forwarded text itself is not
 * repeated (the report has it, behind the sign-in).
 */
export function forwardedVerdictMail(opts: {
  verdict: string;
  riskScore: number;
  scamType: string | null;
  reasons: string[];
  reportUrl: string;
  originalSubject: string | null;
  truncated: boolean;
  /** Links past the per-mail cap, counted and not checked. */
  linksOmitted?: number;
  /**
   * The questions only the user can answer (whether they know the sender, whether money came up ...), in
   * words, when the verdict turns on them: the reply lists them and links to the scan's page to answer them.
   */
  questions?: readonly string[];
  supportEmail: string;
}): RenderedMail {
  const about = opts.originalSubject ? `“${opts.originalSubject.slice(0, 120)}”` : 'the e-mail you forwarded';
  const subject = `RedFlag: ${opts.verdict} (${opts.riskScore}/100)${opts.originalSubject ? ` · ${opts.originalSubject.slice(0, 60)}` : ''}`;
  const reasons = opts.reasons.slice(0, 6);
  const kind = opts.scamType ? `Type: ${opts.scamType}` : null;
  const notes = [
    ...(opts.truncated
      ? [`The message was long: its first ${MAX_MESSAGE_LENGTH.toLocaleString('en-US')} characters were checked.`]
      : []),
    ...(opts.linksOmitted
      ? [
          `It held ${(opts.linksOmitted + MAX_FORWARDED_LINKS).toLocaleString('en-US')} links: the first ${MAX_FORWARDED_LINKS} were checked.`,
        ]
      : []),
  ];
  const note = notes.length ? notes.join(' ') : null;
  const questions = opts.questions ?? [];
  const askIntro = `Only you can answer ${questions.length === 1 ? 'this question' : `these ${questions.length} questions`}, and your answers can change the verdict:`;
  const text = [
    `We checked ${about}.`,
    '',
    `Verdict: ${opts.verdict} (risk ${opts.riskScore}/100)`,
    ...(kind ? [kind] : []),
    '',
    ...(reasons.length ? ['Why:', ...reasons.map((r) => `- ${r}`), ''] : []),
    ...(note ? [note, ''] : []),
    ...(questions.length
      ? [
          askIntro,
          ...questions.map((q) => `- ${q}`),
          `Answer them on the scan's page (no scan is spent): ${opts.reportUrl}`,
          '',
        ]
      : []),
    `The full report: ${opts.reportUrl}`,
    '',
    'Only you receive this answer: it goes to your account’s address, never to the sender.',
    '',
    `RedFlag — AI scam detection. Questions? ${opts.supportEmail}`,
  ].join('\n');
  const html = layout({
    preheader: `${opts.verdict}: risk ${opts.riskScore}/100.`,
    heading: `${opts.verdict} · ${opts.riskScore}/100`,
    supportEmail: opts.supportEmail,
    bodyHtml: [
      paragraph(`We checked ${escapeHtml(about)}.${kind ? ` ${escapeHtml(kind)}.` : ''}`),
      reasons.length
        ? `<ul style="margin:0 0 16px;padding-left:20px;font-size:15px;line-height:1.6;color:#334155;">${reasons.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>`
        : '',
      note ? paragraph(escapeHtml(note)) : '',
      questions.length
        ? [
            paragraph(`<strong>${escapeHtml(askIntro)}</strong>`),
            `<ul style="margin:0 0 16px;padding-left:20px;font-size:15px;line-height:1.6;color:#334155;">${questions.map((q) => `<li>${escapeHtml(q)}</li>`).join('')}</ul>`,
            paragraph('Answer them on the scan’s page: no scan is spent.'),
          ].join('\n')
        : '',
      button(opts.reportUrl, questions.length ? 'ANSWER THE QUESTIONS' : 'SEE THE FULL REPORT'),
      fallbackLink(opts.reportUrl),
      paragraph(
        `<span style="color:${MUTED};font-size:13px;">Only you receive this answer: it goes to your account’s address, never to the sender.</span>`,
      ),
    ].join('\n'),
  });
  return { subject, text, html };
}

/** A forwarded mail that was not checked: why (the plan, or no text found) and where to go next. */
export function forwardedNotCheckedMail(opts: {
  reason: string;
  actionUrl: string;
  actionLabel: string;
  supportEmail: string;
}): RenderedMail {
  const subject = 'RedFlag: we could not check the e-mail you forwarded';
  const text = [
    opts.reason,
    '',
    `${opts.actionLabel}: ${opts.actionUrl}`,
    '',
    `RedFlag — AI scam detection. Questions? ${opts.supportEmail}`,
  ].join('\n');
  const html = layout({
    preheader: opts.reason,
    heading: 'Not checked',
    supportEmail: opts.supportEmail,
    bodyHtml: [
      paragraph(escapeHtml(opts.reason)),
      button(opts.actionUrl, opts.actionLabel.toUpperCase()),
      fallbackLink(opts.actionUrl),
    ].join('\n'),
  });
  return { subject, text, html };
}
