/**
 * Known-bad lists (docs/decisions/103-known-bad-lists-and-reports.md): imported from a file
 * (`npm run feeds:import`) or downloaded on a schedule (FEEDS). A copy replaces the last one only when it was
 * downloaded and read in full; a failed download or an unreadable file keeps the last good copy and records
 * why (never the content). Several instances: each refresh is claimed in the database first, so one instance
 * downloads a list at a time, and every instance reads the same entries.
 */
import type { FeedFormat } from '@redflag/contracts/reputation';
import type { FeedSetting } from '../config.ts';
import type { AppContext } from '../context.ts';
import { parseFeed } from './formats.ts';
import { claimFeedRefresh, ensureFeed, listFeeds, pruneSightings, recordFeedFailure, replaceFeedEntries } from './reputation.repo.ts';
import { windowStart } from './reputation.service.ts';

type Ctx = Pick<AppContext, 'config' | 'database' | 'clock' | 'logger'>;

/** A list bigger than this is refused (PhishTank's full dump is about a tenth of it). */
export const FEED_MAX_BYTES = 200 * 1024 * 1024;
const FEED_TIMEOUT_MS = 120_000;
/** How often the scheduler looks whether a list is due (each list is downloaded every FEEDS_REFRESH_MINUTES). */
export const FEED_TICK_MS = 60_000;

export interface ImportResult {
  name: string;
  entries: number;
  skipped: number;
}

/** Reads a list's text in its format and makes it the list's copy. Throws when nothing in it is usable. */
export async function importFeed(ctx: Ctx, feed: { name: string; format: FeedFormat; sourceUrl: string | null }, text: string): Promise<ImportResult> {
  const parsed = parseFeed(feed.format, text);
  await ensureFeed(ctx.database.db, feed);
  const entries = await replaceFeedEntries(ctx.database.db, feed.name, parsed.entries, ctx.clock.now());
  ctx.logger.info({ feed: feed.name, format: feed.format, entries, skipped: parsed.skipped }, 'known-bad list loaded');
  return { name: feed.name, entries, skipped: parsed.skipped };
}

async function download(url: string): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(FEED_TIMEOUT_MS), headers: { 'user-agent': 'RedFlag known-bad list refresh' } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > FEED_MAX_BYTES) throw new Error(`larger than ${FEED_MAX_BYTES} bytes`);
  const body = await res.arrayBuffer();
  if (body.byteLength > FEED_MAX_BYTES) throw new Error(`larger than ${FEED_MAX_BYTES} bytes`);
  return new TextDecoder().decode(body);
}

export type RefreshOutcome = { name: string; status: 'refreshed'; entries: number } | { name: string; status: 'failed'; error: string } | { name: string; status: 'not_due' };

/**
 * Downloads each configured list that is due (its last attempt older than the refresh interval, on any
 * instance) and loads it. `force` ignores the interval (a test, or the first start of a new list).
 */
export async function refreshFeeds(ctx: Ctx, lists: readonly FeedSetting[] = ctx.config.feeds.lists, opts: { force?: boolean } = {}): Promise<RefreshOutcome[]> {
  const out: RefreshOutcome[] = [];
  const db = ctx.database.db;
  for (const list of lists) {
    await ensureFeed(db, { name: list.name, format: list.format, sourceUrl: list.url });
    const now = ctx.clock.now();
    const staleBefore = opts.force ? new Date(now.getTime() + 1) : new Date(now.getTime() - ctx.config.feeds.refreshMinutes * 60_000);
    if (!(await claimFeedRefresh(db, list.name, now, staleBefore))) {
      out.push({ name: list.name, status: 'not_due' });
      continue;
    }
    try {
      const text = await download(list.url);
      const { entries } = await importFeed(ctx, { name: list.name, format: list.format, sourceUrl: list.url }, text);
      out.push({ name: list.name, status: 'refreshed', entries });
    } catch (err) {
      const error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      await recordFeedFailure(db, list.name, error);
      ctx.logger.warn({ feed: list.name, error }, 'known-bad list refresh failed; the last good copy stays');
      out.push({ name: list.name, status: 'failed', error });
    }
  }
  // Reports past the window count for nothing: the same tick deletes them.
  await pruneSightings(db, windowStart(ctx.clock.now()));
  return out;
}

export interface FeedStatus {
  name: string;
  format: string;
  entries: number;
  refreshedAt: string | null;
  /** Seconds since the last good copy; null when there is none. */
  ageSeconds: number | null;
  lastError: string | null;
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
    lastError: f.lastError,
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
      .catch((err: unknown) => ctx.logger.error({ err: err instanceof Error ? { name: err.name, message: err.message } : String(err) }, 'known-bad list refresh failed'))
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
