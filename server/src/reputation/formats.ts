/**
 * The known-bad lists' published formats, read into normalised entries (normalize.ts):
 *
 *   urlhaus    abuse.ch URLhaus CSV dump: '#' comment lines, the last of which names the columns
 *              (id,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter; older dumps have no
 *              last_online), then one quoted row per link; dateadded is UTC "YYYY-MM-DD HH:MM:SS".
 *   openphish  OpenPhish's feed: one link per line, no dates.
 *   phishtank  PhishTank's online-valid.json: an array of { phish_id, url, submission_time, verified,
 *              verification_time, online, target, ... }; times are ISO 8601.
 *   domains    a plain list of domains (or hosts), one per line; '#' starts a comment.
 *
 * A row that cannot be read is skipped and counted, and so is an entry longer than an index row may be; a
 * domain naming a big shared site is refused with its reason. A link on a host many parties share (a
 * platform, a brand, one of the most-visited sites, a hosting suffix's customer) or on no one's address (a
 * private, loopback or link-local one) is kept as that whole link only, and counted by why; one that is only
 * such a host (http://192.168.1.1/, https://cdn.shopify.com/) is refused (decision 131). A file with no
 * usable row at all, or an HTML page, is an error (a download that returned an error page must not replace
 * the last good copy).
 */
import type { FeedFormat } from '@redflag/contracts/reputation';
import { parse } from 'tldts';
import {
  domainEntryRefusal,
  hasOverlongHost,
  HOST_KIND_TEXT,
  isSharedHost,
  MAX_HOST_LENGTH,
  normalizeHost,
  normalizeUrl,
  sharedHostKind,
  type HostKind,
} from './normalize.ts';

/**
 * The longest link a list entry may be (as normalised). PostgreSQL's B-tree holds an index entry of about
 * 2,700 bytes at most: a longer one fails the whole insert, and with it the list. Browsers and CDNs stop near
 * 2,048 too; a longer listed link is a one-off whose host is still matched by the host entries around it.
 */
export const MAX_URL_CHARS = 2048;

export interface FeedEntry {
  kind: 'url' | 'host';
  value: string;
  /** The host a link on it matches by; null on a shared host (the whole link only). */
  host: string | null;
  /** When the list says it was listed; null when it does not say. */
  listedAt: Date | null;
}

export interface RefusedEntry {
  host: string;
  /** Why, in words the import prints. */
  reason: string;
}

/** Why a listed link matches as that whole link only: its host's kind (normalize.ts), or a hosting suffix's customer. */
export type NarrowKind = HostKind | 'hosting';

export interface NarrowedCount {
  kind: NarrowKind;
  /** Why, in words the import prints. */
  reason: string;
  count: number;
}

const NARROW_TEXT: Record<NarrowKind, string> = {
  ...HOST_KIND_TEXT,
  hosting: "on a hosting suffix (one customer's site: the listed page only)",
};

export interface ParsedFeed {
  entries: FeedEntry[];
  /** Rows that are not an entry of the format. */
  skipped: number;
  /** Entries longer than MAX_URL_CHARS (or a host over MAX_HOST_LENGTH, 253 characters): skipped. */
  tooLong: number;
  /** Domains naming a big shared site (domainEntryRefusal), or links that are only such a host: skipped. */
  refused: RefusedEntry[];
  /** Links kept as that whole link only (no host to match), counted by why, in NARROW_TEXT's order. */
  narrowed: NarrowedCount[];
}

/** Why a text is not a list: an HTML page, or nothing in it readable as the format. */
export class FeedFormatError extends Error {
  constructor(
    readonly reason: 'html' | 'unreadable',
    message: string,
  ) {
    super(message);
    this.name = 'FeedFormatError';
  }
}

type UrlRow = FeedEntry & { narrowed?: NarrowKind };
type Row = UrlRow | RefusedEntry | 'unreadable' | 'too_long';

function tally(rows: Iterable<Row>): ParsedFeed {
  const out: ParsedFeed = { entries: [], skipped: 0, tooLong: 0, refused: [], narrowed: [] };
  const refused = new Map<string, RefusedEntry>();
  const narrowed = new Map<NarrowKind, number>();
  for (const row of rows) {
    if (row === 'unreadable') out.skipped++;
    else if (row === 'too_long') out.tooLong++;
    else if (!('kind' in row)) refused.set(row.host, row);
    else {
      const { narrowed: why, ...entry } = row;
      if (why) narrowed.set(why, (narrowed.get(why) ?? 0) + 1);
      out.entries.push(entry);
    }
  }
  out.refused = [...refused.values()];
  out.narrowed = (Object.keys(NARROW_TEXT) as NarrowKind[])
    .filter((kind) => narrowed.has(kind))
    .map((kind) => ({ kind, reason: NARROW_TEXT[kind], count: narrowed.get(kind) ?? 0 }));
  return out;
}

function urlEntry(raw: string, listedAt: Date | null): Row {
  // Normalising only removes tracking parameters: a raw link this long cannot come under the limit.
  if (raw.length > MAX_URL_CHARS * 4) return 'too_long';
  const n = normalizeUrl(raw);
  if (!n) return hasOverlongHost(raw) ? 'too_long' : 'unreadable';
  // A listed site has a dotted name or an address: "Unauthorized" as a line is not http://unauthorized.
  if (!n.host.includes('.') && !parse(n.host).isIp) return 'unreadable';
  if (n.url.length > MAX_URL_CHARS) return 'too_long';
  if (!isSharedHost(n.host)) return { kind: 'url', value: n.url, host: n.host, listedAt };
  const shared = sharedHostKind(n.host);
  // The whole link is the shared host itself: as a link it would flag every link to the host.
  if (shared && n.url === n.host) {
    return {
      host: n.host,
      reason: `a link to the host itself, ${HOST_KIND_TEXT[shared.kind]}${shared.on === n.host ? '' : ` (${shared.on})`}: it would flag every link to it`,
    };
  }
  return { kind: 'url', value: n.url, host: null, listedAt, narrowed: shared?.kind ?? 'hosting' };
}

function date(text: string | undefined): Date | null {
  if (!text) return null;
  const t = text.trim();
  // URLhaus writes UTC without a zone ("2026-04-14 16:02:21").
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(t) ? `${t.replace(' ', 'T')}Z` : t.replace(/ UTC$/, 'Z');
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** One CSV line (RFC 4180 quoting, no embedded newlines: URLhaus writes none). */
function csvFields(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else value += line[i++];
      }
      out.push(value);
      i = line.indexOf(',', i) === -1 ? line.length + 1 : line.indexOf(',', i) + 1;
    } else {
      const end = line.indexOf(',', i);
      out.push(line.slice(i, end === -1 ? line.length : end));
      i = end === -1 ? line.length + 1 : end + 1;
    }
  }
  return out;
}

const URLHAUS_DEFAULT_COLUMNS = [
  'id',
  'dateadded',
  'url',
  'url_status',
  'last_online',
  'threat',
  'tags',
  'urlhaus_link',
  'reporter',
];

function* urlhausRows(text: string): Generator<Row> {
  let columns = URLHAUS_DEFAULT_COLUMNS;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#')) {
      const header = line.replace(/^#\s*/, '');
      if (/^id,dateadded,url\b/.test(header)) columns = header.split(',').map((c) => c.trim());
      continue;
    }
    const fields = csvFields(line);
    const get = (name: string) => fields[columns.indexOf(name)];
    yield urlEntry(get('url') ?? '', date(get('dateadded')));
  }
}

function* openPhishRows(text: string): Generator<Row> {
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line && !line.startsWith('#')) yield urlEntry(line, null);
  }
}

function* phishTankRows(text: string): Generator<Row> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new FeedFormatError('unreadable', 'not JSON');
  }
  if (!Array.isArray(data)) throw new FeedFormatError('unreadable', 'not a JSON array');
  for (const item of data as unknown[]) {
    const row = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    // online-valid.json holds verified, online phish only; a field saying otherwise is respected.
    const no = (v: unknown) => typeof v === 'string' && v.toLowerCase() === 'no';
    if (typeof row.url !== 'string' || no(row.verified) || no(row.online)) {
      yield 'unreadable';
      continue;
    }
    const when =
      date(typeof row.verification_time === 'string' ? row.verification_time : undefined) ??
      date(typeof row.submission_time === 'string' ? row.submission_time : undefined);
    yield urlEntry(row.url, when);
  }
}

function parseDomains(text: string): ParsedFeed {
  function* rows(): Generator<Row> {
    for (const raw of text.split(/\r?\n/)) {
      // Hosts-file lines ("0.0.0.0 evil.example") name the domain last.
      const line = raw.replace(/#.*$/, '').trim().split(/\s+/).pop() ?? '';
      if (!line) continue;
      if (line.length > MAX_HOST_LENGTH) {
        yield 'too_long';
        continue;
      }
      const host = normalizeHost(line);
      if (!host || !host.includes('.')) {
        yield 'unreadable';
        continue;
      }
      const reason = domainEntryRefusal(host);
      yield reason ? { host, reason } : { kind: 'host', value: host, host, listedAt: null };
    }
  }
  return tally(rows());
}

/** An HTML page (a login wall, an error page): none of the formats starts with a tag or holds a page's. */
function looksLikeHtml(text: string): boolean {
  const head = text.slice(0, 4096).replace(/^\uFEFF/, '');
  return /^\s*</.test(head) || /<(?:!doctype\b|html\b|head\b|body\b)/i.test(head);
}

/** Reads a list in its published format. Throws FeedFormatError when it is a page or nothing in it is usable. */
export function parseFeed(format: FeedFormat, text: string): ParsedFeed {
  if (looksLikeHtml(text)) throw new FeedFormatError('html', 'an HTML page, not a list');
  const parsed =
    format === 'urlhaus'
      ? tally(urlhausRows(text))
      : format === 'openphish'
        ? tally(openPhishRows(text))
        : format === 'phishtank'
          ? tally(phishTankRows(text))
          : parseDomains(text);
  if (parsed.entries.length === 0) {
    const refused = parsed.refused.length ? `, ${parsed.refused.length} refused` : '';
    throw new FeedFormatError(
      'unreadable',
      `no usable entry (${parsed.skipped} unreadable, ${parsed.tooLong} too long${refused})`,
    );
  }
  // One entry per normalised value: the earliest date wins.
  const byKey = new Map<string, FeedEntry>();
  for (const e of parsed.entries) {
    const key = `${e.kind} ${e.value}`;
    const seen = byKey.get(key);
    if (!seen || (e.listedAt && (!seen.listedAt || e.listedAt < seen.listedAt))) byKey.set(key, e);
  }
  return { ...parsed, entries: [...byKey.values()] };
}
