/**
 * One way to write a link, a host, a number and an address, so that a list's entry and a message's link
 * compare equal when they lead to the same place (docs/decisions/103-known-bad-lists-and-reports.md).
 *
 * A link: no scheme (http and https, and the defanged hxxp, are the same link), the host in lower case and
 * ASCII (punycode), no "www.", no default port, no user info, no fragment, no tracking parameters, no trailing
 * slash. The path and the remaining query keep their case: a shortener's code is case-sensitive
 * (bit.ly/AbC and bit.ly/abc are different links).
 */
import { domainToASCII } from 'node:url';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { getDomain, parse } from 'tldts';
import { isKnownBrandHost } from '../detection/url/brands.ts';
import { FREE_HOSTING, SHORTENERS } from '../detection/url/links.ts';

/** Query parameters that only say where a click came from. */
const TRACKING_PARAMS = /^(?:utm_[a-z_]+|fbclid|gclid|gclsrc|dclid|gbraid|wbraid|msclkid|mc_cid|mc_eid|yclid|igshid|_hsenc|_hsmi|mkt_tok|ref_src|s_cid|trk|oly_anon_id|oly_enc_id|vero_id|_ga|_gl)$/i;

/**
 * Document, form, file-sharing and messaging sites and big platforms: anyone can put a page on them, so a
 * listed page says nothing about the rest of the site. The engine's shorteners and free hosting, and the
 * brands' own domains (brands.ts), are shared too.
 */
const SHARED_PLATFORMS = [
  'google.com', 'googleusercontent.com', 'goo.gle', 'forms.office.com', 'office.com', 'microsoft.com', 'live.com', 'sharepoint.com',
  '1drv.ms', 'onedrive.live.com', 'dropbox.com', 'dropboxusercontent.com', 'box.com', 'wetransfer.com', 'we.tl', 'mediafire.com',
  'mega.nz', 'notion.site', 'notion.so', 'canva.com', 'canva.site', 'typeform.com', 'jotform.com', 'surveymonkey.com', 'airtable.com',
  'github.com', 'githubusercontent.com', 'gitlab.com', 'bitbucket.org', 'discord.com', 'discord.gg', 'telegram.me', 't.me', 'wa.me',
  'whatsapp.com', 'facebook.com', 'fb.me', 'instagram.com', 'linkedin.com', 'twitter.com', 'x.com', 'youtube.com', 'youtu.be',
  'tiktok.com', 'reddit.com', 'medium.com', 'substack.com', 'amazonaws.com', 'cloudfront.net', 'azureedge.net', 'apple.com',
  'icloud.com', 'yahoo.com', 'outlook.com', 'hubspot.com', 'hs-sites.com', 'mailchimp.com', 'list-manage.com', 'sendgrid.net',
  'linktr.ee', 'about.me', 'archive.org', 'pastebin.com', 'ipfs.io', 'translate.goog', 'appspot.com', 'cloudflare-ipfs.com',
];
const SHARED = new Set<string>([...SHORTENERS, ...FREE_HOSTING, ...SHARED_PLATFORMS]);

/** The host as compared: lower case, ASCII, no trailing dot, no leading "www.". */
export function normalizeHost(host: string): string | null {
  const h = host.trim().toLowerCase().replace(/\.+$/, '').replace(/^\[|\]$/g, '');
  if (!h || /[\s/@]/.test(h)) return null;
  const ascii = parse(h).isIp ? h : domainToASCII(h);
  if (!ascii) return null;
  return ascii.replace(/^www\d{0,2}\./, '');
}

/** A host many people share: only a whole listed link may match on it, never the host itself. */
export function isSharedHost(host: string): boolean {
  const parts = host.split('.');
  for (let i = 0; i < parts.length - 1; i++) if (SHARED.has(parts.slice(i).join('.'))) return true;
  return isKnownBrandHost(host);
}

/** A shared host itself (bit.ly, docs.google.com) or a brand's own: a domain list naming it would list everyone on it. */
export function isSharedHostItself(host: string): boolean {
  return SHARED.has(host) || isKnownBrandHost(host);
}

export interface NormalizedUrl {
  /** host[:port]/path?query, as compared. */
  url: string;
  host: string;
}

/** A link as written in a message or a list, normalised; null when it is not an http(s) link. */
export function normalizeUrl(raw: string): NormalizedUrl | null {
  let text = raw.trim().replace(/^hxxp/i, 'http').replace(/\[\.\]/g, '.');
  // Another scheme (mailto:, tel:, javascript:) is not a link to a site; host:port is.
  if (/^[a-z][a-z0-9+-]*:(?!\/\/|\d)/i.test(text) && !/^https?:/i.test(text)) return null;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = `http://${text}`;
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const host = normalizeHost(u.hostname);
  if (!host) return null;
  const defaultPort = u.port === '' || u.port === '80' || u.port === '443';
  const params = [...u.searchParams].filter(([k]) => !TRACKING_PARAMS.test(k));
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : '';
  const path = u.pathname.replace(/\/+$/, '');
  return { url: `${host}${defaultPort ? '' : `:${u.port}`}${path}${query}`, host };
}

/**
 * The hosts a link's site is listed under: its own and each parent down to the registrable domain (the
 * public suffix list's, private suffixes included, so one free-hosting customer is not the whole host).
 * None on a shared host.
 */
export function hostCandidates(host: string): string[] {
  if (isSharedHost(host)) return [];
  const parsed = parse(host, { allowPrivateDomains: true });
  if (parsed.isIp) return [host];
  const domain = getDomain(host, { allowPrivateDomains: true });
  if (!domain) return [];
  const out = [host];
  const parts = host.split('.');
  for (let i = 1; i < parts.length; i++) {
    const parent = parts.slice(i).join('.');
    if (parent.length < domain.length) break;
    out.push(parent);
  }
  return [...new Set(out)];
}

/** A phone number as E.164 (libphonenumber with full metadata; US when written without a country code). */
export function normalizePhone(raw: string): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), 'US');
  return parsed?.isValid() ? parsed.number : null;
}

const EMAIL = /^[^\s@]{1,64}@([^\s@]{1,253})$/;

/** An e-mail address in lower case; null when it is not one. */
export function normalizeEmail(raw: string): string | null {
  const m = EMAIL.exec(raw.trim().toLowerCase());
  const domain = m?.[1] ? normalizeHost(m[1]) : null;
  if (!m || !domain || !domain.includes('.')) return null;
  return `${raw.trim().toLowerCase().split('@')[0]}@${domain}`;
}
