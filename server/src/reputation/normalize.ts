/**
 * One way to write a link, a host, a number and an address, so that a list's entry and a message's link
 * compare equal when they lead to the same place (docs/decisions/103-known-bad-lists-and-reports.md).
 *
 * A link: no scheme (http and https, and the defanged hxxp, are the same link), the host in lower case and
 * ASCII (punycode), no "www.", no default port, no user info, no fragment, no tracking parameters, no trailing
 * slash. The path and the remaining query keep their case: a shortener's code is case-sensitive
 * (bit.ly/AbC and bit.ly/abc are different links).
 */
import { BlockList } from 'node:net';
import { domainToASCII } from 'node:url';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { parse } from 'tldts';
import { isKnownBrandHost } from '../detection/url/brands.ts';
import { FREE_HOSTING, SHORTENERS } from '../detection/url/links.ts';
import { popularDomainOf } from '../detection/url/popular.ts';

/** Query parameters that only say where a click came from. */
const TRACKING_PARAMS =
  /^(?:utm_[a-z_]+|fbclid|gclid|gclsrc|dclid|gbraid|wbraid|msclkid|mc_cid|mc_eid|yclid|igshid|_hsenc|_hsmi|mkt_tok|ref_src|s_cid|trk|oly_anon_id|oly_enc_id|vero_id|_ga|_gl)$/i;

/**
 * Big platforms: anyone can put a file, a page or a redirect on them, so a listed page says nothing about the
 * rest of the site, and every host below one is the platform's own (cdn.discordapp.com, dl.boxcloud.com).
 * Grouped by what they offer; the engine's shorteners and the brands' own domains (brands.ts) count too.
 * The public suffix list's private section adds the hosting suffixes (github.io, pages.dev, duckdns.org)
 * without a hand list: see sharedSuffix.
 */
const SHARED_PLATFORMS = [
  // Documents, forms and office suites
  'google.com',
  'googleusercontent.com',
  'goo.gle',
  'forms.office.com',
  'office.com',
  'office.net',
  'microsoft.com',
  'microsoftonline.com',
  'live.com',
  'sharepoint.com',
  'notion.site',
  'notion.so',
  'canva.com',
  'canva.site',
  'typeform.com',
  'jotform.com',
  'surveymonkey.com',
  'airtable.com',
  'tally.so',
  'forms.app',
  'wufoo.com',
  'formstack.com',
  'zoho.com',
  'zohopublic.com',
  'padlet.com',
  'scribd.com',
  'issuu.com',
  'flipsnack.com',
  'heyzine.com',
  'evernote.com',
  'figma.com',
  'miro.com',
  // File sharing and file CDNs
  '1drv.ms',
  'onedrive.live.com',
  'dropbox.com',
  'dropboxusercontent.com',
  'box.com',
  'box.net',
  'boxcloud.com',
  'wetransfer.com',
  'we.tl',
  'mediafire.com',
  'mega.nz',
  'mega.io',
  'sendspace.com',
  '4shared.com',
  'gofile.io',
  'pixeldrain.com',
  'catbox.moe',
  'transfer.sh',
  'file.io',
  'anonfiles.com',
  'zippyshare.com',
  '1fichier.com',
  'krakenfiles.com',
  'filebin.net',
  'tmpfiles.org',
  'yadi.sk',
  'jsdelivr.net',
  'unpkg.com',
  'cloudinary.com',
  'imgur.com',
  'imgbb.com',
  'ibb.co',
  'postimg.cc',
  'discordapp.com',
  'discordapp.net',
  'slack-edge.com',
  'fbcdn.net',
  'cdninstagram.com',
  'twimg.com',
  'ytimg.com',
  'gstatic.com',
  'ggpht.com',
  'redd.it',
  'redditmedia.com',
  'akamaihd.net',
  'akamaized.net',
  'fastly.net',
  'b-cdn.net',
  'cloudflare.com',
  'cloudfront.net',
  'azureedge.net',
  // Object storage
  'amazonaws.com',
  'googleapis.com',
  'firebasestorage.app',
  'windows.net',
  'digitaloceanspaces.com',
  'backblazeb2.com',
  'wasabisys.com',
  'linodeobjects.com',
  'oraclecloud.com',
  'appdomain.cloud',
  'aliyuncs.com',
  'myqcloud.com',
  'cloudflarestorage.com',
  'supabase.co',
  // Paste sites and page builders
  'pastebin.com',
  'telegra.ph',
  'graph.org',
  'rentry.co',
  'rentry.org',
  'paste.ee',
  'hastebin.com',
  'controlc.com',
  'justpaste.it',
  'pastes.io',
  'dpaste.org',
  'privatebin.net',
  'write.as',
  'beacons.ai',
  'bio.link',
  'taplink.cc',
  'about.me',
  'linktr.ee',
  'medium.com',
  'substack.com',
  'tumblr.com',
  'blogger.com',
  'sourceforge.net',
  'archive.org',
  'ipfs.io',
  'cloudflare-ipfs.com',
  'translate.goog',
  'appspot.com',
  // Code playgrounds: anyone's page runs there
  'jsfiddle.net',
  'codepen.io',
  'cdpn.io',
  'replit.com',
  'repl.it',
  'replit.dev',
  'codesandbox.io',
  'csb.app',
  'stackblitz.com',
  'stackblitz.io',
  'jsbin.com',
  'plnkr.co',
  'glitch.com',
  'observablehq.com',
  // IPFS gateways: any file on IPFS is served by each of them
  'pinata.cloud',
  'mypinata.cloud',
  'dweb.link',
  'w3s.link',
  'nftstorage.link',
  'infura-ipfs.io',
  '4everland.io',
  'fleek.co',
  'cf-ipfs.com',
  // Stores, store CDNs and site builders: every shop and site of their customers
  'shopify.com',
  'shopifycdn.com',
  'shopifycdn.net',
  'bigcommerce.com',
  'ecwid.com',
  'etsystatic.com',
  'squarespace.com',
  'squarespace-cdn.com',
  'sqspcdn.com',
  'wixstatic.com',
  'parastorage.com',
  'webflow.com',
  'jimdo.com',
  'jimdofree.com',
  'site123.com',
  'framer.com',
  'framer.app',
  'duda.co',
  'tilda.cc',
  'webnode.com',
  'gitbook.io',
  'readthedocs.io',
  // CRM, help desks and mail platforms: each customer's pages, forms and mail links
  'salesforce.com',
  'force.com',
  'salesforce-sites.com',
  'site.com',
  'cloudforce.com',
  'exacttarget.com',
  'marketo.com',
  'pardot.com',
  'zendesk.com',
  'freshdesk.com',
  'intercom.io',
  'klaviyo.com',
  'constantcontact.com',
  'brevo.com',
  'sendinblue.com',
  'mailerlite.com',
  'getresponse.com',
  'convertkit.com',
  'activehosted.com',
  'campaign-archive.com',
  'createsend.com',
  'tutanota.com',
  'tutanota.de',
  'tuta.com',
  'tuta.io',
  'fastmail.com',
  // Code hosting
  'github.com',
  'githubusercontent.com',
  'gitlab.com',
  'bitbucket.org',
  'npmjs.com',
  'pypi.org',
  // Search engines and portals
  'bing.com',
  'duckduckgo.com',
  'yahoo.com',
  'yandex.ru',
  'yandex.com',
  'ya.ru',
  'baidu.com',
  'ecosia.org',
  'startpage.com',
  'brave.com',
  'naver.com',
  'sogou.com',
  'seznam.cz',
  'qwant.com',
  'ask.com',
  'aol.com',
  'msn.com',
  'mail.ru',
  'qq.com',
  '163.com',
  'wikipedia.org',
  'wikimedia.org',
  // Chat, calls and social networks
  'discord.com',
  'discord.gg',
  'telegram.me',
  'telegram.org',
  't.me',
  'wa.me',
  'whatsapp.com',
  'whatsapp.net',
  'slack.com',
  'zoom.us',
  'zoom.com',
  'skype.com',
  'signal.org',
  'signal.me',
  'messenger.com',
  'm.me',
  'viber.com',
  'line.me',
  'wechat.com',
  'kakao.com',
  'snapchat.com',
  'webex.com',
  'facebook.com',
  'fb.me',
  'instagram.com',
  'threads.net',
  'linkedin.com',
  'twitter.com',
  'x.com',
  'youtube.com',
  'youtu.be',
  'tiktok.com',
  'reddit.com',
  'pinterest.com',
  'vk.com',
  'ok.ru',
  'vimeo.com',
  'twitch.tv',
  // Mail, newsletters, ads and click tracking: a redirect on them leads anywhere
  'apple.com',
  'icloud.com',
  'outlook.com',
  'gmail.com',
  'proton.me',
  'protonmail.com',
  'gmx.net',
  'gmx.com',
  'web.de',
  'hubspot.com',
  'hs-sites.com',
  'hubspotlinks.com',
  'mailchimp.com',
  'list-manage.com',
  'mailchi.mp',
  'sendgrid.net',
  'mandrillapp.com',
  'mailgun.org',
  'sparkpostmail.com',
  'exacttarget.com',
  'awstrack.me',
  'urldefense.com',
  'proofpoint.com',
  'mimecast.com',
  'doubleclick.net',
  'googleadservices.com',
  'googlesyndication.com',
  'googletagmanager.com',
  'google-analytics.com',
  'adnxs.com',
  'linksynergy.com',
];
const PLATFORMS = new Set<string>([...SHORTENERS, ...SHARED_PLATFORMS]);
/** Search engines and portals under many country domains (google.co.uk, yandex.kz): matched by name. */
const PLATFORM_NAMES = new Set(['google', 'bing', 'yahoo', 'yandex', 'baidu']);
/** Free hosting (the engine's list, links.ts): one customer per host below, as on a private suffix. */
const HOSTING = new Set<string>(FREE_HOSTING);

/**
 * Public DNS resolvers' addresses: a link to one is a link to the resolver's own page (Cloudflare's 1.1.1.1
 * serves one), never a phishing site of its own.
 */
const PUBLIC_RESOLVERS = new Set([
  '1.1.1.1',
  '1.0.0.1',
  '1.1.1.2',
  '1.0.0.2',
  '1.1.1.3',
  '1.0.0.3',
  '8.8.8.8',
  '8.8.4.4',
  '9.9.9.9',
  '149.112.112.112',
  '9.9.9.10',
  '149.112.112.10',
  '9.9.9.11',
  '149.112.112.11',
  '208.67.222.222',
  '208.67.220.220',
  '208.67.222.123',
  '208.67.220.123',
  '94.140.14.14',
  '94.140.15.15',
  '76.76.2.0',
  '76.76.10.0',
  '185.228.168.9',
  '185.228.169.9',
  '64.6.64.6',
  '64.6.65.6',
  '77.88.8.8',
  '77.88.8.1',
  '4.2.2.1',
  '4.2.2.2',
  '4.2.2.3',
  '4.2.2.4',
  '4.2.2.5',
  '4.2.2.6',
  '2606:4700:4700::1111',
  '2606:4700:4700::1001',
  '2001:4860:4860::8888',
  '2001:4860:4860::8844',
  '2620:fe::fe',
  '2620:fe::9',
]);

/** Addresses no site on the internet has (hosts files start with "127.0.0.1 localhost" and "0.0.0.0 0.0.0.0"). */
const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');

/** The longest name the DNS allows (RFC 1035: 255 octets on the wire, 253 characters written). */
export const MAX_HOST_LENGTH = 253;

const suffixesOf = (host: string): string[] => {
  const parts = host.split('.');
  return parts.slice(0, -1).map((_, i) => parts.slice(i).join('.'));
};

/** The platform a host is, or is below: a listed page on it is that page only. */
function platformOf(host: string): string | null {
  const found = suffixesOf(host).find((s) => PLATFORMS.has(s));
  if (found) return found;
  const parsed = parse(host);
  // google.de, yandex.kz, google.com.br: the name on a country's domain, not a name on any cheap TLD.
  const countryish = /^(?:[a-z]{2}|com|(?:co|com)\.[a-z]{2})$/.test(parsed.publicSuffix ?? '');
  if (parsed.domain && parsed.domainWithoutSuffix && PLATFORM_NAMES.has(parsed.domainWithoutSuffix) && countryish)
    return parsed.domain;
  return null;
}

/**
 * The hosting suffix a host is on (github.io, weebly.com, or any suffix of the public suffix list's private
 * section: pages.dev, duckdns.org, s3.amazonaws.com), or null. Each host below one is one customer's site.
 */
function sharedSuffix(host: string): string | null {
  const hosting = suffixesOf(host).find((s) => HOSTING.has(s));
  if (hosting) return hosting;
  const parsed = parse(host, { allowPrivateDomains: true });
  return parsed.isPrivate && parsed.publicSuffix ? parsed.publicSuffix : null;
}

const isIp = (host: string): boolean => Boolean(parse(host).isIp);

/** A private, loopback, link-local or reserved address: no site on the internet (a router, a cloud's metadata). */
const isNotPublicAddress = (host: string): boolean =>
  isIp(host) && NOT_PUBLIC.check(host, host.includes(':') ? 'ipv6' : 'ipv4');

/**
 * One of the most-visited registrable domains (url/popular.ts, the Moz Top 500): many parties' pages or one big
 * party's, never a phishing site of its own. A customer's site below a hosting suffix is that customer's.
 */
function popularOf(host: string): string | null {
  const suffix = sharedSuffix(host);
  if (suffix !== null && suffix !== host) return null;
  return popularDomainOf(host);
}

/** Why a host is never matched as a host (only a whole listed link on it), in a closed set the import counts. */
export type HostKind = 'platform' | 'brand' | 'resolver' | 'private_address' | 'popular';

/** The words the import prints for each kind. */
export const HOST_KIND_TEXT: Record<HostKind, string> = {
  platform:
    'on a multi-tenant platform (file, page and code hosts, IPFS gateways, stores and site builders, object storage, CRM and mail platforms, chat and social networks, shorteners)',
  brand: "on a brand's own domain",
  resolver: "a public DNS resolver's address",
  private_address: 'a private, loopback or link-local address, not a site on the internet',
  popular: 'on one of the most-visited sites (the Moz Top 500)',
};

/**
 * What makes a host one that many parties share, or no one's on the internet, so that a listing can never
 * name it as a whole: the kind and the platform or domain it is on, or null for a host of one party.
 */
export function sharedHostKind(host: string): { kind: HostKind; on: string } | null {
  const platform = platformOf(host);
  if (platform) return { kind: 'platform', on: platform };
  if (isKnownBrandHost(host)) return { kind: 'brand', on: parse(host).domain ?? host };
  if (PUBLIC_RESOLVERS.has(host)) return { kind: 'resolver', on: host };
  if (isNotPublicAddress(host)) return { kind: 'private_address', on: host };
  const popular = popularOf(host);
  if (popular) return { kind: 'popular', on: popular };
  return null;
}

/** A host everyone links to whatever the message, or no one on the internet: never a listed site. */
function isPlatformHost(host: string): boolean {
  return sharedHostKind(host) !== null;
}

/**
 * The host as compared: lower case, ASCII, no trailing dot, no leading "www.". Null for what is no host: a
 * name longer than the DNS allows (a pasted run of "www.a." names no one, and every step that walks a host's
 * labels, suffixesOf and hostCandidates, would cost seconds on its thousands of labels).
 */
export function normalizeHost(host: string): string | null {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/\.+$/, '')
    .replace(/^\[|\]$/g, '');
  if (!h || h.length > MAX_HOST_LENGTH || /[\s/@]/.test(h)) return null;
  const ascii = parse(h).isIp ? h : domainToASCII(h);
  if (!ascii) return null;
  return ascii.replace(/^www\d{0,2}\./, '');
}

/**
 * A host many people share: only a whole listed link may match on it, never the host itself. Platforms,
 * brands, public resolvers, private addresses and the most-visited sites, and every host on a hosting suffix
 * (a listed page of one customer's site is matched as that page; a domain list may still name the customer's
 * site, see hostCandidates).
 */
export function isSharedHost(host: string): boolean {
  return isPlatformHost(host) || sharedSuffix(host) !== null;
}

/**
 * Why a domain list may not name this host, or null when it may: listing it would flag every link to a
 * platform, a brand, a resolver, one of the most-visited sites or every site on a hosting suffix. One
 * customer's site below a hosting suffix (someone.github.io) is that one site, named on purpose, and allowed.
 */
export function domainEntryRefusal(host: string): string | null {
  const shared = sharedHostKind(host);
  if (shared?.kind === 'platform')
    return `a big shared platform (${shared.on}): listing it would flag every link to it`;
  if (shared?.kind === 'brand')
    return "a brand's own domain, shared by everyone who links to the brand: listing it would flag every link to it";
  if (shared?.kind === 'resolver') return "a public DNS resolver's address: listing it would flag every link to it";
  if (shared?.kind === 'private_address') return 'a private or reserved address, not a site on the internet';
  if (sharedSuffix(host) === host)
    return `a shared hosting suffix (${host}): listing it would flag every site on it; name the one site instead`;
  if (shared?.kind === 'popular')
    return `one of the most-visited sites (${shared.on}, Moz Top 500): listing it would flag every link to it`;
  if (!isIp(host) && !parse(host, { allowPrivateDomains: true }).domain)
    return `a public suffix (${host}), not one site`;
  return null;
}

export interface NormalizedUrl {
  /** host[:port]/path?query, as compared. */
  url: string;
  host: string;
}

/** A link as written in a message or a list, parsed (defanged "hxxp" and "[.]" read back); null when it is not an http(s) link. */
function parseLink(raw: string): URL | null {
  let text = raw
    .trim()
    .replace(/^hxxp/i, 'http')
    .replace(/\[\.\]/g, '.');
  // Another scheme (mailto:, tel:, javascript:) is not a link to a site; host:port is.
  if (/^[a-z][a-z0-9+-]*:(?!\/\/|\d)/i.test(text) && !/^https?:/i.test(text)) return null;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = `http://${text}`;
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return null;
  }
  return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
}

/** An http(s) link whose host is longer than the DNS allows (normalizeUrl refuses it): a list counts it too long. */
export function hasOverlongHost(raw: string): boolean {
  return (parseLink(raw)?.hostname.length ?? 0) > MAX_HOST_LENGTH;
}

/** A link as written in a message or a list, normalised; null when it is not an http(s) link. */
export function normalizeUrl(raw: string): NormalizedUrl | null {
  const u = parseLink(raw);
  if (!u) return null;
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
 * public suffix list's, private suffixes included, so one free-hosting customer is not the whole host), and
 * never a hosting suffix itself. None on a platform, a brand's own domain, a public resolver, a private
 * address or one of the most-visited sites (sharedHostKind): a listing made before they were refused at
 * import does not match them either.
 */
export function hostCandidates(host: string): string[] {
  // No name in the DNS is longer than 253 characters: a longer "host" (a pasted run of "www.a.") names no
  // one, and walking its thousands of labels would cost seconds.
  if (host.length > MAX_HOST_LENGTH || isPlatformHost(host)) return [];
  const parsed = parse(host, { allowPrivateDomains: true });
  if (parsed.isIp) return [host];
  if (!parsed.domain) return [];
  // weebly.com is not in the private section: its customers' floor is the hosting list's suffix.
  const floor = Math.max(parsed.domain.length, (sharedSuffix(host)?.length ?? -1) + 1);
  const out: string[] = [];
  const parts = host.split('.');
  for (let i = 0; i < parts.length; i++) {
    const parent = parts.slice(i).join('.');
    if (parent.length < floor) break;
    out.push(parent);
  }
  return out;
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
