/**
 * The signals of the message's links (docs/engine.md): each warning flag of url/links.ts as a finding with its
 * weight and sentence (the link-flag table), the brand named in the text but not owned by the link
 * (brand_mismatch), and where a QR code leads.
 */
import type { ScamType } from '@redflag/contracts/scan';
import { CATEGORY_TYPE } from './brand-types.ts';
import { mergeMax, type Signal } from './signal.ts';
import type { BrandMention } from './rules/brand-mentions.ts';
import type { LinkSignalId } from './rules/signal-ids.ts';
import { weightOf } from './score/symbols.ts';
import type { FoundLink } from './url/links.ts';

/** The link flags that carry a signal of their own: `link_<flag>` (rules/signal-ids.ts). */
export type ScoredLinkFlag = LinkSignalId extends `link_${infer F}` ? F : never;

const isScoredFlag = (flag: string): flag is ScoredLinkFlag => Object.hasOwn(LINK_FLAGS, flag);

/** What a scored flag's finding weighs (score/symbols.ts `link_<flag>`). */
const flagWeight = (flag: ScoredLinkFlag): number => weightOf(`link_${flag}`);

/**
 * Each scored link flag's severity and sentence (its weight: score/symbols.ts `link_<flag>`); a flag missing
 * here is shown on the link, not scored.
 */
export const LINK_FLAGS: Record<
  ScoredLinkFlag,
  { text: (l: FoundLink) => string; severity: 'high' | 'medium' | 'low' }
> = {
  homoglyph: {
    severity: 'high',
    text: (l) => `The link ${l.host} uses look-alike characters to imitate ${l.impersonates.join(', ')}`,
  },
  lookalike: {
    severity: 'high',
    text: (l) => `The link ${l.host} imitates ${l.impersonates.join(', ')} but is not their website`,
  },
  typosquat: {
    severity: 'high',
    text: (l) => `The link ${l.host} is a misspelling of ${l.impersonates.join(', ')}`,
  },
  brand_in_domain: {
    severity: 'high',
    text: (l) => `The link ${l.host} puts ${l.impersonates.join(', ')} in its name but does not belong to them`,
  },
  ip_address: {
    severity: 'high',
    text: (l) => `The link points to a bare IP address (${l.host}) instead of a company website`,
  },
  brand_mismatch: {
    severity: 'high',
    text: (l) => `The message names a company, but the link goes to ${l.domain ?? l.host}, which is not theirs`,
  },
  userinfo: {
    severity: 'high',
    text: (l) => `The link hides its real destination behind an "@" (${l.host})`,
  },
  punycode: {
    severity: 'medium',
    text: (l) => `The link's address uses encoded international characters (${l.host}), a trick to imitate real sites`,
  },
  risky_tld: {
    severity: 'medium',
    text: (l) => `The link ends in .${l.host.split('.').pop() ?? ''}, a domain ending heavily used by scam sites`,
  },
  shortener: {
    severity: 'medium',
    text: (l) => `The link is shortened (${l.host}), hiding where it really goes`,
  },
  free_hosting: {
    severity: 'medium',
    text: (l) => `The link is on a free web host (${l.host}), where phishing pages are easy to set up`,
  },
  port: { severity: 'low', text: (l) => `The link uses an unusual port (${l.url.slice(0, 60)})` },
  deep_subdomains: {
    severity: 'low',
    text: (l) => `The link has an unusually long chain of sub-domains (${l.host})`,
  },
  defanged: {
    severity: 'low',
    text: (l) => `The link is written in a disguised form (${l.url.slice(0, 60)})`,
  },
  insecure_http: { severity: 'low', text: (l) => `The link is not encrypted (http://${l.host})` },
};

/** A flag that is a warning by itself (at least weight 1): a link with one is not "the company's own website". */
export const isWarningFlag = (flag: string): boolean => isScoredFlag(flag) && flagWeight(flag) >= 1;

export function linkSignals(links: FoundLink[], mentions: readonly BrandMention[]): Signal[] {
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
  const best = new Map<ScoredLinkFlag, { link: FoundLink }>();
  for (const l of links) for (const f of l.flags) if (isScoredFlag(f) && !best.has(f)) best.set(f, { link: l });
  const out: Signal[] = [];
  for (const [flag, { link }] of best) {
    const def = LINK_FLAGS[flag];
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
      weight: flagWeight(flag),
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
export function qrLinkSignals(links: readonly FoundLink[], qrLinks: readonly string[] | undefined): Signal[] {
  if (!qrLinks?.length) return [];
  const out: Signal[] = [];
  for (const qr of new Set(qrLinks.map((q) => q.trim()).filter(Boolean))) {
    const found = links.find((l) => comparableUrl(l.url) === comparableUrl(qr));
    const shown = qr.length > 80 ? `${qr.slice(0, 77)}...` : qr;
    out.push({
      id: 'qr_link',
      text: `QR code leads to ${shown}`,
      weight: weightOf('qr_link'),
      severity: 'info',
      evidence: [
        found ? { kind: 'url', url: found.url, start: found.start, end: found.end } : { kind: 'url', url: qr },
      ],
      tags: ['qr'],
    });
  }
  return out;
}
