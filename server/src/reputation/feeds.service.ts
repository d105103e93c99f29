/**
 * Known-bad lists (docs/decisions/103-known-bad-lists-and-reports.md): imported from a file
 * (`npm run feeds:import`) or downloaded on a schedule (FEEDS). A copy replaces the last one only when it was
 * downloaded and read in full and looks like the list (decision 108): not a few bytes, not an HTML page, and
 * not a list that lost more than half its entries at once. A refused copy keeps the last good one in force and
 * records why (a closed reason, never the content). Several instances: each refresh is claimed in the
 * database first, so one instance downloads a list at a time, and every instance reads the same entries.
 */
import type { FeedFormat } from '@redflag/contracts/reputation';
import type { FeedSetting } from '../config.ts';
import type { AppContext } from '../context.ts';
import { FeedFormatError, parseFeed, type NarrowedCount, type ParsedFeed, type RefusedEntry } from './formats.ts';
import {
  claimFeedRefresh,
  ensureFeed,
  listFeeds,
  pruneSightings,
  recordFeedFailure,
  replaceFeedEntries,
} from './reputation.repo.ts';
import { windowStart } from './reputation.service.ts';

type Ctx = Pick<AppContext, 'config' | 'database' | 'clock' | 'logger'> &
  Partial<Pick<AppContext, 'metrics' | 'knownBad'>>;

/** A list bigger than this is refused (PhishTank's full dump is about a tenth of it). */
export const FEED_MAX_BYTES = 200 * 1024 * 1024;
/** A downloaded list smaller than this is an answer ("Unauthorized", "OK", "[]"), not a list. */
export const FEED_MIN_BYTES = 32;
const FEED_TIMEOUT_MS = 120_000;
/** How often the scheduler looks whether a list is due (each list is downloaded every FEEDS_REFRESH_MINUTES). */
export const FEED_TICK_MS = 60_000;

/**
 * Why a refresh left the last good copy in force, a closed set (/readyz, /metrics and the stored error say it):
 * the download failed, the body was a few bytes, an HTML page, nothing readable as the format, a copy that
 * lost more than half the entries at once, or storing it failed.
 */
export const FEED_FAILURES = ['download', 'too_small', 'html', 'unreadable', 'shrank', 'load'] as const;
export type FeedFailure = (typeof FEED_FAILURES)[number];

/** A refresh that did not replace the copy; `cause` (a failed download or statement) goes to the log only. */
class FeedRefused extends Error {
  constructor(
    readonly reason: FeedFailure,
    message: string,
    options?: { cause: unknown },
  ) {
    super(message, options);
  }
}

export interface ImportResult {
  name: string;
  entries: number;
  /** Rows that are not an entry of the format. */
  skipped: number;
  /** Entries over the length an index can hold. */
  tooLong: number;
  /** Domains naming a big shared site, or links that are only such a host, with why. */
  refused: RefusedEntry[];
  /** Links loaded to match as that whole link only (a shared host or a private address), counted by why. */
  narrowed: NarrowedCount[];
}

/**
 * What a failed statement says without the statement: Drizzle's error carries the SQL and its values (the
 * list's links); the database's own message and code are what an operator needs.
 */
function databaseError(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  if (!(cause instanceof Error)) return String(cause).slice(0, 200);
  const code = (cause as { code?: unknown }).code;
  return `${typeof code === 'string' ? `${code} ` : ''}${cause.message}`.slice(0, 200);
}

/** Makes a read copy the list's copy (its row exists: ensureFeed). */
async function store(ctx: Ctx, feed: { name: string; format: FeedFormat }, parsed: ParsedFeed): Promise<ImportResult> {
  let entries: number;
  try {
    entries = await replaceFeedEntries(ctx.database.db, feed.name, parsed.entries, ctx.clock.now());
  } catch (err) {
    throw new FeedRefused('load', databaseError(err), { cause: err });
  } finally {
    // Other instances learn of the new copy from the lists' version; this one at once.
    ctx.knownBad?.invalidate();
  }
  const { skipped, tooLong, refused, narrowed } = parsed;
  const wholeLinksOnly = narrowed.reduce((n, c) => n + c.count, 0);
  ctx.logger.info(
    { feed: feed.name, format: feed.format, entries, skipped, tooLong, refused: refused.length, wholeLinksOnly },
    'known-bad list loaded',
  );
  return { name: feed.name, entries, skipped, tooLong, refused, narrowed };
}

/**
 * Reads a list's text in its format and makes it the list's copy (the import CLI: the operator chose the
 * file, so a smaller copy is taken as meant). Throws when it is a page or nothing in it is usable.
 */
export async function importFeed(
  ctx: Ctx,
  feed: { name: string; format: FeedFormat; sourceUrl: string | null },
  text: string,
): Promise<ImportResult> {
  const parsed = parseFeed(feed.format, text);
  await ensureFeed(ctx.database.db, feed);
  return store(ctx, feed, parsed);
}

async function download(url: string): Promise<string> {
  const res = await fetch(url, {
    signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
    headers: { 'user-agent': 'RedFlag known-bad list refresh' },
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > FEED_MAX_BYTES) throw new Error(`larger than ${FEED_MAX_BYTES} bytes`);
  const body = await res.arrayBuffer();
  if (body.byteLength > FEED_MAX_BYTES) throw new Error(`larger than ${FEED_MAX_BYTES} bytes`);
  return new TextDecoder().decode(body);
}

/** A downloaded copy read, or why it must not replace the copy in force (`previous`: its entries, if any). */
function readDownloaded(format: FeedFormat, text: string, previous: number | null): ParsedFeed {
  const bytes = Buffer.byteLength(text);
  if (bytes < FEED_MIN_BYTES) throw new FeedRefused('too_small', `${bytes} bytes`);
  let parsed: ParsedFeed;
  try {
    parsed = parseFeed(format, text);
  } catch (err) {
    if (err instanceof FeedFormatError) throw new FeedRefused(err.reason, err.message);
    throw err;
  }
  // Lists grow and shrink by a few percent a day; half of one gone at once is a truncated or wrong file.
  if (previous !== null && parsed.entries.length * 2 < previous) {
    throw new FeedRefused('shrank', `${parsed.entries.length} entries against ${previous} in the last good copy`);
  }
  return parsed;
}

export type RefreshOutcome =
  | { name: string; status: 'refreshed'; entries: number }
  | { name: string; status: 'failed'; reason: FeedFailure; error: string }
  | { name: string; status: 'not_due' };

/**
 * Downloads each configured list that is due (its last attempt older than the refresh interval, on any
 * instance) and loads it. `force` ignores the interval (a test, or the first start of a new list).
 */
export async function refreshFeeds(
  ctx: Ctx,
  lists: readonly FeedSetting[] = ctx.config.feeds.lists,
  opts: { force?: boolean } = {},
): Promise<RefreshOutcome[]> {
  const out: RefreshOutcome[] = [];
  const db = ctx.database.db;
  for (const list of lists) {
    const feed = { name: list.name, format: list.format, sourceUrl: list.url };
    await ensureFeed(db, feed);
    const now = ctx.clock.now();
    const staleBefore = opts.force
      ? new Date(now.getTime() + 1)
      : new Date(now.getTime() - ctx.config.feeds.refreshMinutes * 60_000);
    const claimed = await claimFeedRefresh(db, list.name, now, staleBefore);
    if (!claimed) {
      out.push({ name: list.name, status: 'not_due' });
      continue;
    }
    try {
      let text: string;
      try {
        text = await download(list.url);
      } catch (err) {
        const cause = err instanceof Error && err.cause instanceof Error ? ` (${err.cause.message})` : '';
        throw new FeedRefused('download', `${err instanceof Error ? err.message : String(err)}${cause}`.slice(0, 200), {
          cause: err,
        });
      }
      const parsed = readDownloaded(list.format, text, claimed.refreshedAt ? claimed.entries : null);
      const { entries, skipped, tooLong, refused } = await store(ctx, feed, parsed);
      ctx.metrics?.observeFeedRefresh({
        feed: list.name,
        outcome: 'refreshed',
        skipped: { unreadable: skipped, too_long: tooLong, shared_host: refused.length },
      });
      out.push({ name: list.name, status: 'refreshed', entries });
    } catch (err) {
      const failure = err instanceof FeedRefused ? err : new FeedRefused('load', databaseError(err), { cause: err });
      await recordFeedFailure(db, list.name, `${failure.reason}: ${failure.message}`);
      ctx.metrics?.observeFeedRefresh({ feed: list.name, outcome: failure.reason, skipped: {} });
      // The logger keeps a failed statement's SQL and code and drops its values (the list's links).
      const logged = {
        feed: list.name,
        reason: failure.reason,
        error: failure.message,
        ...(failure.cause === undefined ? {} : { err: failure.cause }),
      };
      ctx.logger.warn(logged, 'known-bad list refresh refused; the last good copy stays');
      out.push({ name: list.name, status: 'failed', reason: failure.reason, error: failure.message });
    }
  }
  // Reports past the window count for nothing: the same tick deletes them.
  await pruneSightings(db, windowStart(ctx.clock.now()));
  return out;
}

/** The reason a stored error names (`reason: detail`); older rows wrote the error's own text. */
function failureOf(lastError: string | null): FeedFailure | null {
  if (!lastError) return null;
  const prefixed = FEED_FAILURES.find((r) => lastError.startsWith(`${r}: `));
  if (prefixed) return prefixed;
  return lastError.startsWith('FeedFormatError')
    ? 'unreadable'
    : lastError.includes('Failed query')
      ? 'load'
      : 'download';
}

export interface FeedStatus {
  name: string;
  format: string;
  entries: number;
  refreshedAt: string | null;
  /** Seconds since the last good copy; null when there is none. */
  ageSeconds: number | null;
  /** Why the last refresh left the copy as it was; null after a good one. */
  lastFailure: FeedFailure | null;
}

/** Every list's copy and its age, for /readyz and /metrics. */
export async function feedStatus(ctx: Pick<AppContext, 'database' | 'clock'>): Promise<FeedStatus[]> {
  const now = ctx.clock.now().getTime();
  return (await listFeeds(ctx.database.db)).map((f) => ({
    name: f.name,
    format: f.format,
    entries: f.entries,
    refreshedAt: f.refreshedAt?.toISOString() ?? null,
    ageSeconds: f.refreshedAt ? Math.max(0, Math.round((now - f.refreshedAt.getTime()) / 1000)) : null,
    lastFailure: failureOf(f.lastError),
  }));
}

/** Starts the in-process schedule (index.ts); returns a stop function. Nothing runs without FEEDS. */
export function startFeedRefresh(ctx: Ctx, tickMs = FEED_TICK_MS): () => void {
  if (!ctx.config.feeds.lists.length) return () => undefined;
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    refreshFeeds(ctx)
      .catch((err: unknown) =>
        ctx.logger.error(
          { err: err instanceof Error ? { name: err.name, message: err.message } : String(err) },
          'known-bad list refresh failed',
        ),
      )
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(tick, 1_000);
  const timer = setInterval(tick, tickMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
