/**
 * The known-bad lists as each instance holds them in memory (docs/decisions/116-two-round-trips-per-scan.md):
 * a scan matches its links here instead of asking the database, so the lists cost a scan no round trip.
 * The database stays the one truth every instance loads from. A copy is current while the lists' version
 * (reputation.repo.ts listsVersionSql) is the one it was loaded at:
 *   - a web scan's first statement carries the version, so its instance sees another's reload on its next
 *     scan (and loads the new copy before answering it);
 *   - a caller without a version (the public API, forwarded mail, answers given later) checks it at most once
 *     every VERSION_CHECK_MS;
 *   - this instance's own import or refresh marks its copy stale at once.
 * When no copy could ever be loaded, `match` answers null and the scan is answered without the lists; a
 * failed reload keeps the last copy in force and is tried again after RETRY_MS.
 */
import type { Clock } from '../lib/clock.ts';
import type { Database } from '../db/client.ts';
import { listsVersion, loadListEntries, type ListingRow } from './reputation.repo.ts';

/** How old a copy may be for a caller that did not read the version itself. */
export const VERSION_CHECK_MS = 10_000;
/** After a failed load, the next attempt waits this long (a broken table is not asked on every scan). */
const RETRY_MS = 5_000;

export interface KnownBadLists {
  /**
   * The entries that are one of these normalised links or on one of these hosts, from the copy in force;
   * `version` is the lists' version the caller's own statement read. Null when no copy could be loaded.
   */
  match(urls: readonly string[], hosts: readonly string[], version?: string): Promise<ListingRow[] | null>;
  /** This instance changed a list: the next match loads the new copy. */
  invalidate(): void;
  /** Loads the copy now (at start, so the first scan with a link does not wait for it). */
  load(): Promise<void>;
}

interface Copy {
  version: string;
  byUrl: Map<string, ListingRow[]>;
  byHost: Map<string, ListingRow[]>;
  entries: number;
}

function index(version: string, rows: readonly ListingRow[]): Copy {
  const byUrl = new Map<string, ListingRow[]>();
  const byHost = new Map<string, ListingRow[]>();
  const add = (map: Map<string, ListingRow[]>, key: string, row: ListingRow) => {
    const at = map.get(key);
    if (at) at.push(row);
    else map.set(key, [row]);
  };
  // One string per list name, not one per entry.
  const names = new Map<string, string>();
  for (const r of rows) {
    let feed = names.get(r.feed);
    if (feed === undefined) names.set(r.feed, (feed = r.feed));
    const row: ListingRow = { ...r, feed };
    if (row.kind === 'url') add(byUrl, row.value, row);
    if (row.host !== null) add(byHost, row.host, row);
  }
  return { version, byUrl, byHost, entries: rows.length };
}

export function createKnownBadLists(deps: { database: Pick<Database, 'db'>; clock: Clock }): KnownBadLists {
  let copy: Copy | null = null;
  let checkedAt = -Infinity;
  let failedAt = -Infinity;
  let stale = false;
  let loading: Promise<void> | null = null;
  const now = () => deps.clock.now().getTime();

  /** One load at a time: concurrent scans wait for the same one. */
  function reload(seen: string | undefined): Promise<void> {
    loading ??= (async () => {
      try {
        const version = seen ?? (await listsVersion(deps.database.db));
        if (copy && !stale && copy.version === version) {
          checkedAt = now();
          return;
        }
        // The version is read before the entries: a reload committed in between is seen as a newer version
        // at the next check and loaded again, never the other way round.
        stale = false;
        copy = index(version, await loadListEntries(deps.database.db));
        checkedAt = now();
      } catch (err) {
        failedAt = now();
        throw err;
      } finally {
        loading = null;
      }
    })();
    return loading;
  }

  function current(version: string | undefined): boolean {
    if (!copy || stale) return false;
    if (version !== undefined) return copy.version === version;
    return now() - checkedAt < VERSION_CHECK_MS;
  }

  return {
    async match(urls, hosts, version) {
      if (!current(version) && (now() - failedAt >= RETRY_MS || loading)) {
        try {
          await reload(version);
        } catch {
          // The last copy stays in force; without one the caller answers without the lists.
        }
      }
      if (!copy) return null;
      const found = new Set<ListingRow>();
      for (const u of urls) for (const r of copy.byUrl.get(u) ?? []) found.add(r);
      for (const h of hosts) for (const r of copy.byHost.get(h) ?? []) found.add(r);
      return [...found];
    },
    invalidate() {
      stale = true;
    },
    load: () => reload(undefined),
  };
}
