/**
 * The most-visited registrable domains (docs/decisions/131-lists-never-name-a-platform.md): Moz's Top 500, as
 * the `top-sites` npm package publishes it. top-sites.json beside this file is that package's file
 * (top-sites@1.1.222, MIT), its data unchanged and formatted by prettier. The package itself is not a
 * dependency: its install script downloads the list again from Moz, which an offline install cannot do. To
 * refresh, copy a newer version's file over this one (`npm pack top-sites`, then `package/top-sites.json` out
 * of the archive, then `npx prettier --write` it).
 *
 * A popular domain is one party's: a link to it is not a look-alike of anything (url/links.ts), and a
 * known-bad list may not name it as a host (reputation/normalize.ts).
 */
import { parse } from 'tldts';
import TOP_SITES from './top-sites.json';

/** The documentation domains (RFC 2606) are in the list for their links; they are no one's site. */
const RESERVED = new Set(['example.com', 'example.net', 'example.org']);

/** The list's registrable domains (docs.google.com is google.com; bp.blogspot.com is blogspot.com). */
export const POPULAR_DOMAINS: ReadonlySet<string> = new Set(
  (TOP_SITES as readonly { rootDomain: string }[])
    .map((s) => parse(s.rootDomain.toLowerCase()).domain)
    .filter((d): d is string => typeof d === 'string' && !RESERVED.has(d)),
);

/**
 * The popular registrable domain a host is on, or null. The public suffix list's private section counts: a
 * customer's site on a hosting suffix (someone.blogspot.com, shop.netlify.app) is that customer's, not the
 * popular host's. A caller with its own hosting suffixes (url/links.ts FREE_HOSTING) checks those itself.
 */
export function popularDomainOf(host: string): string | null {
  const parsed = parse(host, { allowPrivateDomains: true });
  if (parsed.isIp || !parsed.domain) return null;
  return POPULAR_DOMAINS.has(parsed.domain) ? parsed.domain : null;
}
