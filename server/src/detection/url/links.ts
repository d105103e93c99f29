/**
 * Link intelligence: find every URL and bare domain in a message and say what is wrong with each,
 * offline, using the public suffix list (tldts) and the brand list.
 */
import { parse } from 'tldts';
import { domainToASCII, domainToUnicode } from 'node:url';
import type { LinkAnalysis } from '@redflag/contracts/scan';
import { BRANDS, hostBelongsToBrand, isGovernmentHost, isKnownBrandHost, type Brand } from './brands.ts';
import { foldText } from '../text/normalize.ts';
import { popularDomainOf } from './popular.ts';

export const SHORTENERS = new Set([
  'bit.ly',
  'bitly.com',
  'tinyurl.com',
  't.co',
  'goo.gl',
  'ow.ly',
  'is.gd',
  'buff.ly',
  'rebrand.ly',
  'cutt.ly',
  'shorturl.at',
  'rb.gy',
  't.ly',
  'tiny.cc',
  'bit.do',
  's.id',
  'v.gd',
  'qrco.de',
  'shorturl.ai',
  'surl.li',
  'u.to',
  'tr.im',
  'x.co',
  'lnkd.in',
  'db.tt',
  'adf.ly',
  'shorte.st',
  'bl.ink',
  'short.io',
  'snip.ly',
  'clck.ru',
  'gg.gg',
  'shrtco.de',
  'urlz.fr',
  'tinu.be',
  '2u.pw',
  'hyperurl.co',
  'did.li',
  'kutt.it',
  'short.gy',
  'l.ead.me',
  'linktr.ee',
  'rebrandly.com',
  'tiny.one',
  'n9.cl',
  'qr.net',
  'sl.al',
  'dub.sh',
  'spoo.me',
  'cli.re',
  'bitly.ws',
  'yourls.org',
  'shorturl.gg',
  'iplogger.org',
  'grabify.link',
  'ux.nu',
  'b.link',
]);

/** TLDs heavily used by smishing and phishing kits (cheap or free, slow takedown). */
export const RISKY_TLDS = new Set([
  'top',
  'xyz',
  'icu',
  'cyou',
  'sbs',
  'click',
  'link',
  'live',
  'shop',
  'online',
  'site',
  'club',
  'buzz',
  'rest',
  'tk',
  'ml',
  'ga',
  'cf',
  'gq',
  'work',
  'support',
  'cfd',
  'bond',
  'lat',
  'vip',
  'win',
  'loan',
  'mom',
  'help',
  'monster',
  'quest',
  'beauty',
  'hair',
  'skin',
  'autos',
  'boats',
  'homes',
  'motorcycles',
  'yachts',
  'makeup',
  'today',
  'life',
  'world',
  'fun',
  'space',
  'website',
  'store',
  'tech',
  'pw',
  'su',
  'zip',
  'mov',
  'date',
  'men',
  'party',
  'review',
  'stream',
  'download',
  'racing',
  'cam',
  'country',
  'kim',
  'science',
  'gdn',
  'bid',
  'trade',
  'webcam',
  'accountant',
  'faith',
  'cricket',
  'host',
  'asia',
  'cc',
  'ws',
  'one',
  'info',
  'llc',
  'digital',
  'email',
  'network',
  'services',
  'center',
  'claims',
  'services',
  'xin',
  'ltd',
  'cn',
  'ru',
  'ink',
  'pics',
  'run',
  'red',
  'uno',
  'wang',
  'top',
  'ren',
  'men',
  'best',
  'bar',
  'lol',
  'onl',
]);

/** Free site builders and hosting that phishing kits live on. */
export const FREE_HOSTING = [
  'pages.dev',
  'web.app',
  'firebaseapp.com',
  'glitch.me',
  'ngrok.io',
  'ngrok-free.app',
  'ngrok.app',
  'blogspot.com',
  'weebly.com',
  'wixsite.com',
  'wix.com',
  '000webhostapp.com',
  'github.io',
  'netlify.app',
  'vercel.app',
  'herokuapp.com',
  'repl.co',
  'replit.app',
  'square.site',
  'godaddysites.com',
  'webflow.io',
  'framer.website',
  'sites.google.com',
  'forms.gle',
  'docs.google.com',
  'storage.googleapis.com',
  'r2.dev',
  'workers.dev',
  'azurewebsites.net',
  'web.core.windows.net',
  'mybluehost.me',
  'wordpress.com',
  'carrd.co',
  'jimdosite.com',
  'strikingly.com',
  'ipfs.io',
  'dweb.link',
  'surge.sh',
  'onrender.com',
  'fly.dev',
  'typedream.app',
  'yolasite.com',
  'tilda.ws',
  'mystrikingly.com',
  'webnode.page',
  'blogspot.co.id',
];

/** TLDs accepted for a bare domain written without scheme or www., to avoid reading "ok.so" as a link. */
const BARE_TLDS = new Set([
  'com',
  'net',
  'org',
  'info',
  'biz',
  'io',
  'co',
  'me',
  'us',
  'uk',
  'ca',
  'au',
  'in',
  'de',
  'fr',
  'nl',
  'es',
  'it',
  'ru',
  'cn',
  'jp',
  'br',
  'mx',
  'id',
  'my',
  'ph',
  'sg',
  'za',
  'nz',
  'ie',
  'ch',
  'be',
  'at',
  'pl',
  'se',
  'dk',
  'fi',
  'pt',
  'tr',
  'ua',
  'kr',
  'hk',
  'vn',
  'th',
  'ly',
  'gl',
  'gd',
  'to',
  'ws',
  'su',
  'cc',
  'tv',
  'ai',
  'la',
  'pw',
  'gov',
  'edu',
  'mil',
  'app',
  'dev',
  'page',
  ...RISKY_TLDS,
]);

const URL_RE =
  /(?:\b(?:https?|hxxps?):\/{1,3}[^\s<>"'`{}|\\^]+|\bwww\.[^\s<>"'`{}|\\^]+|(?<![\p{L}\p{N}@._%+-])(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,62})\.)+(?:\p{L}{2,24}|xn--[a-z0-9-]{1,59})(?::\d{2,5})?(?:[/?#][^\s<>"'`{}|\\^]*)?)/giu;

export interface FoundLink extends LinkAnalysis {
  /** Brands the link pretends to be (look-alike / brand in domain), for reasons and scam typing. */
  impersonates: string[];
  /** Brand the domain officially belongs to, if any. */
  officialBrand: string | null;
}

/** Fold a domain label to its visual skeleton: confusables, leetspeak, rn->m, vv->w, no hyphens. */
export function skeleton(label: string): string {
  return foldText(domainToUnicode(label) || label)
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/[0]/g, 'o')
    .replace(/[1l|!]/g, 'l')
    .replace(/3/g, 'e')
    .replace(/[5$]/g, 's')
    .replace(/[4@]/g, 'a')
    .replace(/i/g, 'l')
    .replace(/[^a-z0-9]/g, '');
}

/** Same skeleton applied to a brand key, so "paypal" and "paypa1" compare equal ("i" and "l" both fold to "l"). */
const keySkeleton = (key: string): string => skeleton(key.replace(/i/g, 'l'));

function editDistanceAtMostOne(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      // A transposition ("paypla") counts as one edit.
      if (a[i] === b[j + 1] && a[i + 1] === b[j]) {
        i += 2;
        j += 2;
        continue;
      }
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

const BRAND_KEYS = BRANDS.flatMap((brand) => brand.keys.map((key) => ({ brand, key, sk: keySkeleton(key) })));

function partSkeletons(label: string): string[] {
  return label
    .split(/[-0-9]+/)
    .filter(Boolean)
    .map((part) => skeleton(part.replace(/i/g, 'l')));
}

type Impersonation = { brand: Brand; how: 'lookalike' | 'homoglyph' | 'brand_in_domain' | 'typosquat' };

/** Hosts recur (a newsletter links to its own site dozens of times): the answer is a pure function of the host. */
const impersonationCache = new Map<string, readonly Impersonation[]>();
const IMPERSONATION_CACHE_SIZE = 5000;

/**
 * Brands a host imitates: equal skeleton, brand name inside a label, or one edit away. `subdomainsOnly`: the
 * registrable domain's own name is known to be its owner's (one of the most-visited sites, url/popular.ts), so
 * only the labels below it are read (paypal-login.livejournal.com).
 */
export function impersonatedBrands(host: string, subdomainsOnly = false): Impersonation[] {
  const key = subdomainsOnly ? ` ${host}` : host;
  const cached = impersonationCache.get(key);
  if (cached) return [...cached];
  const out = findImpersonatedBrands(host, subdomainsOnly);
  if (impersonationCache.size >= IMPERSONATION_CACHE_SIZE) impersonationCache.clear();
  impersonationCache.set(key, out);
  return [...out];
}

function findImpersonatedBrands(host: string, subdomainsOnly: boolean): Impersonation[] {
  const parsed = parse(host);
  const out: Impersonation[] = [];
  if (parsed.isIp || !parsed.domain) return out;
  const main = parsed.domainWithoutSuffix ?? '';
  const subdomains = parsed.subdomain ? parsed.subdomain.split('.') : [];
  const labels = (subdomainsOnly ? subdomains : [main, ...subdomains]).filter(Boolean);
  const seen = new Set<string>();
  // Everything that depends on the label only is computed once per host, not once per brand key (several
  // hundred): a long e-mail with many links spent most of its engine time re-folding the same labels.
  const folded = labels.map((label) => ({
    label,
    ls: skeleton(label.replace(/i/g, 'l')),
    rawPlain: label.replace(/-/g, ''),
    parts: partSkeletons(label),
    rawParts: label.split(/[-0-9]+/),
  }));
  for (const { brand, key, sk } of BRAND_KEYS) {
    if (seen.has(brand.name) || hostBelongsToBrand(host, brand)) continue;
    for (const { label, ls, rawPlain, parts, rawParts } of folded) {
      let how: 'lookalike' | 'homoglyph' | 'brand_in_domain' | 'typosquat' | null = null;
      if (ls === sk) how = rawPlain === key ? 'lookalike' : 'homoglyph';
      // Long names count anywhere in a label; short ones (usps, live, chase) only at the start or end of a
      // part, so that "redelivery" does not read as Microsoft's "live".
      else if (sk.length >= 6 && ls.includes(sk)) how = 'brand_in_domain';
      else if (sk.length >= 4 && parts.some((p) => p.startsWith(sk) || p.endsWith(sk))) how = 'brand_in_domain';
      else if (sk.length < 4 && rawParts.some((part) => part === key)) how = 'brand_in_domain';
      else if (sk.length >= 6 && label === main && editDistanceAtMostOne(ls, sk)) how = 'typosquat';
      if (how) {
        // The brand's own name as a sub-domain of an unrelated site (paypal.example.com) is a lure only when it
        // sits in front of a domain that is not the brand's; hostBelongsToBrand already excluded the real one.
        out.push({ brand, how });
        seen.add(brand.name);
        break;
      }
    }
  }
  return out;
}

function trimTrailing(url: string): string {
  let u = url.replace(/[.,;:!?'"»…]+$/u, '');
  // Drop a closing bracket that has no opening one inside the URL, e.g. "(see bit.ly/x)".
  while (/[)\]]$/.test(u)) {
    const open = u.endsWith(')') ? '(' : '[';
    const close = u.endsWith(')') ? ')' : ']';
    if (u.split(open).length >= u.split(close).length) break;
    u = u.slice(0, -1).replace(/[.,;:!?'"]+$/, '');
  }
  return u;
}

/** Every link in the text with its offsets in the original text. */
export function extractLinks(
  text: string,
  max = 50,
): { url: string; host: string; start: number; end: number; hasScheme: boolean }[] {
  const out: { url: string; host: string; start: number; end: number; hasScheme: boolean }[] = [];
  URL_RE.lastIndex = 0;
  for (let m = URL_RE.exec(text); m && out.length < max; m = URL_RE.exec(text)) {
    const url = trimTrailing(m[0]);
    if (!url) continue;
    const start = m.index;
    const hasScheme = /^(?:https?|hxxps?):\/{1,3}/i.test(url);
    const rest = url.replace(/^(?:https?|hxxps?):\/{1,3}/i, '');
    let hostPart = (rest.split(/[/?#]/)[0] ?? '').replace(/^[^@]*@/, '');
    hostPart = hostPart.replace(/:\d+$/, '').replace(/\.$/, '');
    if (!hostPart) continue;
    const ascii = domainToASCII(hostPart.toLowerCase());
    const host = ascii || hostPart.toLowerCase();
    const parsed = parse(host);
    if (!hasScheme && !/^www\./i.test(url)) {
      if (parsed.isIp) {
        /* bare IPs with a path are links; plain dotted numbers are not */
        if (!/[/:]/.test(rest)) continue;
      } else if (
        !parsed.domain ||
        parsed.isIcann !== true ||
        !BARE_TLDS.has((parsed.publicSuffix ?? '').split('.').pop() ?? '')
      )
        continue;
      // A TLD written in capitals after a sentence ("ok.So") is not a link; real domains are mostly lower-case.
      if (/\.[A-Z][a-z]+$/.test(hostPart)) continue;
      // A card alert names the merchant as the card network prints it ("at BESTBUY.COM"): a brand's own
      // domain in capitals with nothing after it is that name, not a link to follow. A look-alike or any
      // other domain in capitals stays a link.
      if (
        url === hostPart &&
        !/[a-z]/.test(hostPart) &&
        !parsed.isIp &&
        BRANDS.some((b) => hostBelongsToBrand(host, b))
      )
        continue;
    }
    out.push({ url, host, start, end: start + url.length, hasScheme });
  }
  return out;
}

export function analyzeLinks(text: string): FoundLink[] {
  return extractLinks(text).map(({ url, host, start, end, hasScheme }) => {
    const parsed = parse(host);
    const flags: string[] = [];
    const impersonates: string[] = [];
    let officialBrand: string | null = null;
    if (parsed.isIp) flags.push('ip_address');
    const domain = parsed.domain ?? null;
    if (domain && SHORTENERS.has(host.replace(/^www\./, ''))) flags.push('shortener');
    else if (domain && SHORTENERS.has(domain)) flags.push('shortener');
    if (host.split('.').some((l) => l.startsWith('xn--'))) flags.push('punycode');
    const tld = (parsed.publicSuffix ?? '').split('.').pop() ?? '';
    if (RISKY_TLDS.has(tld)) flags.push('risky_tld');
    if (FREE_HOSTING.some((d) => host === d || host.endsWith(`.${d}`))) flags.push('free_hosting');
    if (/^(?:http|hxxp):\/\//i.test(url)) flags.push('insecure_http');
    if (/^hxxp/i.test(url)) flags.push('defanged');
    if (hasScheme && /^[^/]*@/.test(url.replace(/^[a-z]+:\/\//i, ''))) flags.push('userinfo');
    if (/^(?:[a-z]+:\/\/)?[^/]+:\d{2,5}/i.test(url) && !parsed.isIp) flags.push('port');
    if ((parsed.subdomain ?? '').split('.').filter(Boolean).length >= 3) flags.push('deep_subdomains');
    if (!parsed.isIp && domain) {
      const official = BRANDS.find((b) => hostBelongsToBrand(host, b));
      if (official) {
        officialBrand = official.name;
        flags.push('official');
      } else if (!isKnownBrandHost(host) && !isGovernmentHost(host)) {
        // One of the most-visited sites is its owner's, not a look-alike (google.de, amazon.co.jp, telegram.me);
        // a name below it may still be one. A free host's customers are not the host's owner.
        const popular = !flags.includes('free_hosting') && popularDomainOf(host) !== null;
        for (const { brand, how } of impersonatedBrands(host, popular)) {
          impersonates.push(brand.name);
          if (!flags.includes(how)) flags.push(how);
        }
      }
    }
    return { url, host, domain, start, end, flags, impersonates, officialBrand };
  });
}
