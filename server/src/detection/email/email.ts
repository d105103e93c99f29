/**
 * E-mail intelligence: syntax, disposable domains, free-mail posing as a company, look-alike domains,
 * role accounts, and (only when enabled) an MX lookup with a short timeout.
 */
import { createRequire } from 'node:module';
import { Resolver } from 'node:dns/promises';
import { domainToASCII } from 'node:url';
import { parse } from 'tldts';
import type { EmailAnalysis } from '@redflag/contracts/scan';
import { BRANDS, hostBelongsToBrand, isGovernmentHost, type Brand } from '../url/brands.ts';
import { impersonatedBrands, skeleton } from '../url/links.ts';
import { weightOf } from '../score/symbols.ts';

const require = createRequire(import.meta.url);

/**
 * Both disposable-domain lists, because they overlap only in part: about 147,000 names, kept as
 * one sorted string and the offsets of its names (about 3 MB). The two packages' own arrays and sets, and a
 * Set of both, took about 14 MB of the server's memory, so they are read once and dropped
 * from the module cache.
 */
function disposableLookup(): (domain: string) => boolean {
  // A require of its own: the module it loads for lists it as a child, so it must go too.
  const load = createRequire(import.meta.url);
  const mailchecker = load('mailchecker') as { blacklist(): Set<string> };
  const names = [...new Set([...mailchecker.blacklist(), ...(load('disposable-email-domains') as string[])])].sort();
  for (const id of ['mailchecker', 'disposable-email-domains']) delete load.cache[load.resolve(id)];
  const all = names.join('\n');
  const starts = new Uint32Array(names.length + 1);
  for (let i = 0, at = 0; i <= names.length; at += (names[i]?.length ?? 0) + 1, i++) starts[i] = at;
  const count = names.length;
  const name = (i: number) => all.slice(starts[i], (starts[i + 1] ?? 0) - 1);
  return (domain) => {
    let lo = 0;
    let hi = count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const n = name(mid);
      if (n === domain) return true;
      if (n < domain) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  };
}
const isListedDisposable = disposableLookup();
const DISPOSABLE_WILDCARD = new Set<string>(require('disposable-email-domains/wildcard.json') as string[]);

const FREE_MAIL = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'yahoo.ca',
  'yahoo.co.in',
  'yahoo.com.au',
  'ymail.com',
  'rocketmail.com',
  'hotmail.com',
  'hotmail.co.uk',
  'hotmail.ca',
  'hotmail.fr',
  'outlook.com',
  'live.com',
  'live.co.uk',
  'msn.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'protonmail.com',
  'proton.me',
  'pm.me',
  'gmx.com',
  'gmx.net',
  'gmx.de',
  'mail.com',
  'email.com',
  'yandex.com',
  'yandex.ru',
  'zoho.com',
  'tutanota.com',
  'tuta.io',
  'qq.com',
  '163.com',
  '126.com',
  'mail.ru',
  'inbox.com',
  'rediffmail.com',
  'hushmail.com',
  'web.de',
  'seznam.cz',
  'orange.fr',
  'comcast.net',
  'att.net',
  'verizon.net',
  'sbcglobal.net',
  'bellsouth.net',
  'cox.net',
  'charter.net',
  'earthlink.net',
  'juno.com',
  'btinternet.com',
  'sky.com',
  'shaw.ca',
  'rogers.com',
  'bigpond.com',
  'optusnet.com.au',
  'usa.com',
  'post.com',
  'consultant.com',
  'myself.com',
  'engineer.com',
  'fastmail.com',
  'lycos.com',
]);

const ROLE_ACCOUNTS = new Set([
  'admin',
  'administrator',
  'support',
  'info',
  'noreply',
  'no-reply',
  'donotreply',
  'do-not-reply',
  'billing',
  'security',
  'service',
  'services',
  'help',
  'helpdesk',
  'contact',
  'sales',
  'team',
  'webmaster',
  'postmaster',
  'hostmaster',
  'hr',
  'jobs',
  'careers',
  'office',
  'accounts',
  'account',
  'verify',
  'verification',
  'notification',
  'notifications',
  'alert',
  'alerts',
  'customerservice',
  'customercare',
  'care',
  'payments',
  'payment',
  'refunds',
  'claims',
  'compliance',
  'fraud',
  'recruitment',
  'recruiting',
  'hiring',
]);

/** Words that, in a free-mail local part, pretend to be an organisation's department. */
const OFFICIAL_WORDS =
  /(support|secur|service|billing|helpdesk|official|verif|account|admin|team|dept|department|claims|refund|compliance|fraud|customer|payment|notice|alert)/;

export interface EmailSignal {
  id:
    | 'email_invalid'
    | 'email_disposable'
    | 'email_freemail_brand'
    | 'email_lookalike'
    | 'email_no_mx'
    | 'email_brand_mismatch'
    | 'email_risky_tld';
  text: string;
  detail: string;
  weight: number;
}

export interface EmailResult {
  analysis: EmailAnalysis;
  signals: EmailSignal[];
}

export interface EmailContext {
  /** Brands the message claims to come from (from the text). */
  claimedBrands?: readonly Brand[];
  /** Only when enabled by the caller: MX lookup with a short timeout. */
  mx?: { timeoutMs?: number; servers?: string[] } | null;
}

const SYNTAX =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{1,62}$/;

export function isDisposableDomain(domain: string): boolean {
  const parts = domain.split('.');
  for (let i = 0; i < parts.length - 1; i++) {
    const d = parts.slice(i).join('.');
    if (isListedDisposable(d) || DISPOSABLE_WILDCARD.has(d)) return true;
  }
  return false;
}

export function isFreeMailDomain(domain: string): boolean {
  return FREE_MAIL.has(domain);
}

/** Synchronous part of the analysis: everything but MX. */
export function analyzeEmailLocal(input: string, ctx: EmailContext = {}): EmailResult {
  const analysis: EmailAnalysis = {
    input,
    valid: false,
    domain: null,
    isDisposable: false,
    isFreeMail: false,
    isRoleAccount: false,
    lookalikeOf: null,
    hasMx: null,
    notes: [],
  };
  const signals: EmailSignal[] = [];
  const trimmed = input
    .trim()
    .replace(/^mailto:/i, '')
    .replace(/^.*<([^>]+)>.*$/, '$1')
    .slice(0, 320);
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) {
    analysis.notes.push('Not an e-mail address.');
    signals.push({
      id: 'email_invalid',
      text: 'The e-mail address is not a valid address',
      detail: 'syntax',
      weight: weightOf('email_invalid'),
    });
    return { analysis, signals };
  }
  const local = trimmed.slice(0, at).toLowerCase();
  const domain = domainToASCII(trimmed.slice(at + 1).toLowerCase()) || trimmed.slice(at + 1).toLowerCase();
  analysis.domain = domain;
  const parsed = parse(domain);
  analysis.valid = SYNTAX.test(`${local}@${domain}`) && local.length <= 64 && parsed.isIcann === true;
  if (!analysis.valid) {
    analysis.notes.push('The address is not well formed or its domain has no known suffix.');
    signals.push({
      id: 'email_invalid',
      text: 'The e-mail address is not a valid address',
      detail: `syntax or unknown suffix: ${domain}`,
      weight: weightOf('email_invalid'),
    });
  }
  analysis.isDisposable = isDisposableDomain(domain);
  if (analysis.isDisposable)
    signals.push({
      id: 'email_disposable',
      text: 'The e-mail address uses a disposable (throw-away) mail service',
      detail: `disposable domain ${domain}`,
      weight: weightOf('email_disposable'),
    });
  analysis.isFreeMail = isFreeMailDomain(parsed.domain ?? domain);
  const localPlain = local.replace(/[._+-]/g, '');
  analysis.isRoleAccount = ROLE_ACCOUNTS.has(local) || ROLE_ACCOUNTS.has(localPlain);
  if (analysis.isFreeMail) {
    const localSk = skeleton(localPlain.replace(/i/g, 'l'));
    const brandInLocal = BRANDS.find((b) =>
      b.keys.some((k) => k.length >= 4 && localSk.includes(skeleton(k.replace(/i/g, 'l')))),
    );
    const claimed = ctx.claimedBrands?.[0];
    if (brandInLocal) {
      signals.push({
        id: 'email_freemail_brand',
        text: `A free ${parsed.domain ?? domain} address is posing as ${brandInLocal.name}; real companies do not write from free mail`,
        detail: `local part names ${brandInLocal.name}`,
        weight: weightOf('email_freemail_brand'),
      });
    } else if (claimed && claimed.category !== 'social') {
      signals.push({
        id: 'email_freemail_brand',
        text: `The message claims to be from ${claimed.name} but comes from a free ${parsed.domain ?? domain} address`,
        detail: `claims ${claimed.name}, free-mail sender`,
        weight: weightOf('email_freemail_brand', 'claimed_brand'),
      });
    } else if (OFFICIAL_WORDS.test(localPlain)) {
      signals.push({
        id: 'email_freemail_brand',
        text: 'A free-mail address dressed up as a company department',
        detail: `local part "${local}" on free mail`,
        weight: weightOf('email_freemail_brand', 'department'),
      });
    }
  }
  if (!analysis.isFreeMail && parsed.domain) {
    const official = BRANDS.find((b) => hostBelongsToBrand(domain, b));
    if (!official && !isGovernmentHost(domain)) {
      const fake = impersonatedBrands(domain)[0];
      if (fake) {
        analysis.lookalikeOf = fake.brand.name;
        signals.push({
          id: 'email_lookalike',
          text: `The sender's domain ${domain} imitates ${fake.brand.name} but does not belong to it`,
          detail: `${fake.how} of ${fake.brand.name}`,
          weight: weightOf('email_lookalike'),
        });
      } else if (ctx.claimedBrands?.length) {
        const claimed = ctx.claimedBrands[0];
        if (claimed && claimed.category !== 'social') {
          signals.push({
            id: 'email_brand_mismatch',
            text: `The message claims to be from ${claimed.name} but the sender's domain ${domain} is not theirs`,
            detail: `claims ${claimed.name}, domain ${domain}`,
            weight: weightOf('email_brand_mismatch'),
          });
        }
      }
    }
    const tld = (parsed.publicSuffix ?? '').split('.').pop() ?? '';
    if (/^(top|xyz|icu|cyou|sbs|click|buzz|rest|tk|ml|ga|cf|gq|cfd|bond|lat|monster|quest)$/.test(tld)) {
      signals.push({
        id: 'email_risky_tld',
        text: `The sender's domain ends in .${tld}, a suffix favoured by spammers`,
        detail: `tld ${tld}`,
        weight: weightOf('email_risky_tld'),
      });
    }
  }
  return { analysis, signals };
}

/** MX lookup, bounded by a timeout. Resolves to null (not checked) on timeout or resolver failure. */
export async function lookupMx(
  domain: string,
  opts: { timeoutMs?: number; servers?: string[] } = {},
): Promise<boolean | null> {
  const resolver = new Resolver({ timeout: opts.timeoutMs ?? 1500, tries: 1 });
  if (opts.servers?.length) resolver.setServers(opts.servers);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      resolver.cancel();
      resolve(null);
    }, opts.timeoutMs ?? 1500);
  });
  try {
    const answer = await Promise.race([resolver.resolveMx(domain).then((mx) => mx.length > 0), timeout]);
    return answer;
  } catch (err) {
    const code = (err as { code?: string }).code;
    // "No such domain" and "no data" are answers (no MX); anything else is "could not check".
    return code === 'ENOTFOUND' || code === 'ENODATA' ? false : null;
  } finally {
    if (timer) clearTimeout(timer);
  }
}

export async function analyzeEmail(input: string, ctx: EmailContext = {}): Promise<EmailResult> {
  const res = analyzeEmailLocal(input, ctx);
  if (ctx.mx && res.analysis.valid && res.analysis.domain) {
    const hasMx = await lookupMx(res.analysis.domain, ctx.mx);
    res.analysis.hasMx = hasMx;
    if (hasMx === false) {
      res.analysis.notes.push('The domain has no mail server: nobody can reply to this address.');
      res.signals.push({
        id: 'email_no_mx',
        text: `The sender's domain ${res.analysis.domain} cannot receive e-mail (no mail server)`,
        detail: 'MX lookup: none',
        weight: weightOf('email_no_mx'),
      });
    }
  }
  return res;
}
