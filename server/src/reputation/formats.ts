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
 * A row that cannot be read is skipped and counted; a file with no usable row at all is an error (a download
 * that returned an error page must not replace the last good copy).
 */
import type { FeedFormat } from '@redflag/contracts/reputation';
import { isSharedHost, isSharedHostItself, normalizeHost, normalizeUrl } from './normalize.ts';

export interface FeedEntry {
  kind: 'url' | 'host';
  value: string;
  /** The host a link on it matches by; null on a shared host (the whole link only). */
  host: string | null;
  /** When the list says it was listed; null when it does not say. */
  listedAt: Date | null;
}

export interface ParsedFeed {
  entries: FeedEntry[];
  skipped: number;
}

export class FeedFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedFormatError';
  }
}

function urlEntry(raw: string, listedAt: Date | null): FeedEntry | null {
  const n = normalizeUrl(raw);
  if (!n) return null;
  return { kind: 'url', value: n.url, host: isSharedHost(n.host) ? null : n.host, listedAt };
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

const URLHAUS_DEFAULT_COLUMNS = ['id', 'dateadded', 'url', 'url_status', 'last_online', 'threat', 'tags', 'urlhaus_link', 'reporter'];

function parseUrlhaus(text: string): ParsedFeed {
  let columns = URLHAUS_DEFAULT_COLUMNS;
  const entries: FeedEntry[] = [];
  let skipped = 0;
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
    const entry = urlEntry(get('url') ?? '', date(get('dateadded')));
    if (entry) entries.push(entry);
    else skipped++;
  }
  return { entries, skipped };
}

function parseOpenPhish(text: string): ParsedFeed {
  const entries: FeedEntry[] = [];
  let skipped = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const entry = urlEntry(line, null);
    if (entry) entries.push(entry);
    else skipped++;
  }
  return { entries, skipped };
}

function parsePhishTank(text: string): ParsedFeed {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new FeedFormatError('not JSON');
  }
  if (!Array.isArray(data)) throw new FeedFormatError('not a JSON array');
  const entries: FeedEntry[] = [];
  let skipped = 0;
  for (const item of data as unknown[]) {
    const row = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    // online-valid.json holds verified, online phish only; a field saying otherwise is respected.
    const no = (v: unknown) => typeof v === 'string' && v.toLowerCase() === 'no';
    if (typeof row.url !== 'string' || no(row.verified) || no(row.online)) {
      skipped++;
      continue;
    }
    const when = date(typeof row.verification_time === 'string' ? row.verification_time : undefined) ?? date(typeof row.submission_time === 'string' ? row.submission_time : undefined);
    const entry = urlEntry(row.url, when);
    if (entry) entries.push(entry);
    else skipped++;
  }
  return { entries, skipped };
}

function parseDomains(text: string): ParsedFeed {
  const entries: FeedEntry[] = [];
  let skipped = 0;
  for (const raw of text.split(/\r?\n/)) {
    // Hosts-file lines ("0.0.0.0 evil.example") name the domain last.
    const line = raw.replace(/#.*$/, '').trim().split(/\s+/).pop() ?? '';
    if (!line) continue;
    const host = normalizeHost(line);
    // A shared host itself (bit.ly, docs.google.com) would list everyone on it: refused. A host below one
    // (someone.github.io) is that one site, named on purpose, and kept.
    if (!host || !host.includes('.') || isSharedHostItself(host)) {
      skipped++;
      continue;
    }
    entries.push({ kind: 'host', value: host, host, listedAt: null });
  }
  return { entries, skipped };
}

/** Reads a list in its published format. Throws FeedFormatError when nothing in it is usable. */
export function parseFeed(format: FeedFormat, text: string): ParsedFeed {
  const parsed = format === 'urlhaus' ? parseUrlhaus(text) : format === 'openphish' ? parseOpenPhish(text) : format === 'phishtank' ? parsePhishTank(text) : parseDomains(text);
  if (parsed.entries.length === 0) throw new FeedFormatError(`no usable entry (${parsed.skipped} unreadable)`);
  // One entry per normalised value: the earliest date wins.
  const byKey = new Map<string, FeedEntry>();
  for (const e of parsed.entries) {
    const key = `${e.kind} ${e.value}`;
    const seen = byKey.get(key);
    if (!seen || (e.listedAt && (!seen.listedAt || e.listedAt < seen.listedAt))) byKey.set(key, e);
  }
  return { entries: [...byKey.values()], skipped: parsed.skipped };
}
