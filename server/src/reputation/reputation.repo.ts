import { and, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { WithSubquery } from 'drizzle-orm/subquery';
import type { Db } from '../db/client.ts';
import { reputationFeed, reputationFeedEntry, reputationOptOut, reputationSighting } from '../db/schema/reputation.ts';
import { user } from '../db/schema/auth.ts';
import { billingAccount } from '../db/schema/billing.ts';
import { scans } from '../db/schema/scans.ts';
import type { FeedEntry } from './formats.ts';

export type FeedRow = typeof reputationFeed.$inferSelect;

/** Both drivers (node-postgres, PGlite) answer raw statements with `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** An instant as ISO 8601 in UTC, whatever the session's time zone. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

export async function ensureFeed(
  db: Db,
  feed: { name: string; format: string; sourceUrl: string | null },
): Promise<void> {
  await db
    .insert(reputationFeed)
    .values(feed)
    .onConflictDoUpdate({ target: reputationFeed.name, set: { format: feed.format, sourceUrl: feed.sourceUrl } });
}

/** Deletes a list and, by the foreign key's cascade, its entries. */
export async function deleteFeed(db: Db, name: string): Promise<boolean> {
  const rows = await db
    .delete(reputationFeed)
    .where(eq(reputationFeed.name, name))
    .returning({ name: reputationFeed.name });
  return rows.length === 1;
}

export async function listFeeds(db: Db): Promise<FeedRow[]> {
  return db.select().from(reputationFeed).orderBy(reputationFeed.name);
}

/**
 * Claims a list's refresh for this instance: only when nobody attempted it since `staleBefore`. Several
 * instances may ask at once; the row's update lets exactly one of them through, and learns the size of the
 * copy in force (a new copy is compared with it). Null when the refresh is not this instance's.
 */
export async function claimFeedRefresh(
  db: Db,
  name: string,
  now: Date,
  staleBefore: Date,
): Promise<{ entries: number; refreshedAt: Date | null } | null> {
  const rows = await db
    .update(reputationFeed)
    .set({ attemptedAt: now })
    .where(
      and(
        eq(reputationFeed.name, name),
        or(sql`${reputationFeed.attemptedAt} is null`, lt(reputationFeed.attemptedAt, staleBefore)),
      ),
    )
    .returning({ entries: reputationFeed.entries, refreshedAt: reputationFeed.refreshedAt });
  return rows[0] ?? null;
}

export async function recordFeedFailure(db: Db, name: string, message: string): Promise<void> {
  await db
    .update(reputationFeed)
    .set({ lastError: message.slice(0, 300) })
    .where(eq(reputationFeed.name, name));
}

const BATCH = 1000;

/**
 * A good copy replaces the last one in one transaction: its entries upserted under a new generation (an
 * entry already there keeps the earlier of its two dates, so a list without dates keeps when RedFlag first
 * saw it), then what the new copy no longer has is deleted. Readers see the old copy or the new one.
 */
export async function replaceFeedEntries(
  db: Db,
  name: string,
  entries: readonly FeedEntry[],
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [feed] = await tx
      .update(reputationFeed)
      .set({ generation: sql`${reputationFeed.generation} + 1` })
      .where(eq(reputationFeed.name, name))
      .returning({ generation: reputationFeed.generation });
    if (!feed) throw new Error(`unknown list ${name}`);
    for (let i = 0; i < entries.length; i += BATCH) {
      const rows = entries.slice(i, i + BATCH).map((e) => ({
        feed: name,
        kind: e.kind,
        value: e.value,
        host: e.host,
        listedAt: e.listedAt ?? now,
        generation: feed.generation,
      }));
      await tx
        .insert(reputationFeedEntry)
        .values(rows)
        .onConflictDoUpdate({
          target: [reputationFeedEntry.feed, reputationFeedEntry.kind, reputationFeedEntry.value],
          set: {
            host: sql`excluded.host`,
            listedAt: sql`least(${reputationFeedEntry.listedAt}, excluded.listed_at)`,
            generation: sql`excluded.generation`,
          },
        });
    }
    await tx
      .delete(reputationFeedEntry)
      .where(and(eq(reputationFeedEntry.feed, name), sql`${reputationFeedEntry.generation} <> ${feed.generation}`));
    await tx
      .update(reputationFeed)
      .set({ refreshedAt: now, entries: entries.length, lastError: null })
      .where(eq(reputationFeed.name, name));
    return entries.length;
  });
}

/**
 * Which copy of the known-bad lists is in force, as one short text: each list's name, generation and time of
 * its last good copy. Any import, refresh or removal on any instance changes it (replaceFeedEntries bumps the
 * generation in the transaction that swaps the entries). A scalar subquery, so a scan's first statement can
 * carry it (scans.repo.ts claimScan) and each instance learns of another's reload at no extra round trip.
 */
export const listsVersionSql = sql<string>`(select coalesce(string_agg(${reputationFeed.name} || ':' || ${reputationFeed.generation} || ':' || coalesce(extract(epoch from ${reputationFeed.refreshedAt})::text, '-'), ',' order by ${reputationFeed.name}), '') from ${reputationFeed})`;

export async function listsVersion(db: Db): Promise<string> {
  const result = await db.execute(sql`select ${listsVersionSql} as version`);
  return rowsOf<{ version: string }>(result)[0]?.version ?? '';
}

/** Every entry of every list, for the copy each instance holds in memory (known-bad.ts). */
export async function loadListEntries(db: Db): Promise<ListingRow[]> {
  const result = await db.execute(
    sql`select ${reputationFeedEntry.feed} as feed, ${reputationFeedEntry.kind} as kind, ${reputationFeedEntry.value} as value, ${reputationFeedEntry.host} as host, ${iso(sql`${reputationFeedEntry.listedAt}`)} as at from ${reputationFeedEntry}`,
  );
  return rowsOf<{ feed: string; kind: string; value: string; host: string | null; at: string }>(result).map((r) => ({
    feed: r.feed,
    kind: r.kind === 'host' ? 'host' : 'url',
    value: r.value,
    host: r.host,
    listedAt: r.at,
  }));
}

export interface ListingRow {
  feed: string;
  kind: 'url' | 'host';
  value: string;
  host: string | null;
  listedAt: string;
}

export interface SightingCountRow {
  valueHash: string;
  count: number;
  since: string;
}

/** The listing part of a lookup: entries that are one of the links, or on one of the hosts. */
function listingSelect(urls: readonly string[], hosts: readonly string[]): SQL {
  const byUrl = urls.length
    ? sql`(${reputationFeedEntry.kind} = 'url' and ${reputationFeedEntry.value} in (${list(urls)}))`
    : sql`false`;
  const byHost = hosts.length ? sql`${reputationFeedEntry.host} in (${list(hosts)})` : sql`false`;
  return sql`select 'listing' as source, ${reputationFeedEntry.feed} as feed, ${reputationFeedEntry.kind} as kind, ${reputationFeedEntry.value} as value,
      ${reputationFeedEntry.host} as host, ${iso(sql`${reputationFeedEntry.listedAt}`)} as at, 0 as n
    from ${reputationFeedEntry} where ${byUrl} or ${byHost}`;
}

/** The reports part: per value, the other accounts' flags within the window and the earliest day. */
function sightingSelect(valueHashes: readonly string[], ownHashes: readonly string[], sinceDay: string): SQL {
  if (!valueHashes.length) return sql`select 'sighting', '', '', '', null, '', 0 where false`;
  // Column names come from the first SELECT of a UNION; alone (GET /v1/lookup) it names its own.
  const notOwn = ownHashes.length ? sql`and ${reputationSighting.contributorHash} not in (${list(ownHashes)})` : sql``;
  return sql`select 'sighting' as source, '' as feed, '' as kind, ${reputationSighting.valueHash} as value, null as host, min(${reputationSighting.day})::text as at, count(*)::int as n
    from ${reputationSighting}
    where ${reputationSighting.valueHash} in (${list(valueHashes)}) and ${reputationSighting.day} >= ${sinceDay}::date ${notOwn}
    group by ${reputationSighting.valueHash}`;
}

/** A flagged scan's own report: the day it counts for, and the account age that lets it count. */
export interface Contribution {
  day: string;
  /**
   * An account made before this counts; a younger one only once it has paid real money, through Stripe in
   * live mode (`ever_paid_live`, docs/decisions/129): the test provider's free card never makes it count.
   */
  establishedBefore: Date;
}

/** The values of scanReportParts' placeholders for one scan (scanReportValues builds them). */
export interface ScanReportValues {
  repValues: string;
  repSince: string;
  repThreshold: number;
  repFlagged: boolean;
  repDay: string;
  repEstablished: string;
}

export function scanReportValues(q: {
  values: ReadonlyArray<{ valueHash: string; contributorHash: string; kind: string; shown: string }>;
  sinceDay: string;
  threshold: number;
  contribution: Contribution | null;
}): ScanReportValues {
  return {
    repValues: JSON.stringify(
      q.values.map((v, ord) => ({
        value_hash: v.valueHash,
        contributor_hash: v.contributorHash,
        kind: v.kind,
        shown: v.shown,
        ord,
      })),
    ),
    repSince: q.sinceDay,
    repThreshold: q.threshold,
    repFlagged: q.contribution !== null,
    repDay: q.contribution?.day ?? q.sinceDay,
    repEstablished: (q.contribution?.establishedBefore ?? new Date(0)).toISOString(),
  };
}

/**
 * A scan's reports, as parts of the statement that stores the scan or a re-scored answer (scans.repo.ts
 * insertScanIf; the lists are matched in memory, known-bad.ts), so that they cost no round trip of their own
 * (docs/decisions/116, 125): the scan's values (a placeholder, JSON), its own report written when it is
 * flagged, the scan is stored (`allowed`, the store's guard) and the account may report - a verified e-mail,
 * and made before `establishedBefore` or with a charge of real money (docs/decisions/129), and not opted
 * out - and `sightings`, the other
 * accounts' reports at or over the threshold as the result's `reputation.sightings` (jsonb, in the order of
 * the values). Built from placeholders (ScanReportValues) so that the statement is prepared once.
 */
export function scanReportParts(db: Db, allowed: SQL): { ctes: WithSubquery[]; sightings: SQL } {
  const p = (key: keyof ScanReportValues | 'userId') => sql.placeholder(key);
  const values = db
    .$with('rep_value', {
      valueHash: sql<string>`value_hash`,
      contributorHash: sql<string>`contributor_hash`,
      kind: sql<string>`kind`,
      shown: sql<string>`shown`,
      ord: sql<number>`ord`,
    })
    .as(
      sql`select * from jsonb_to_recordset(${p('repValues')}::jsonb) as x(value_hash text, contributor_hash text, kind text, shown text, ord int)`,
    );
  const contributed = db.$with('rep_contributed', { one: sql<number>`one` })
    .as(sql`insert into ${reputationSighting} (contributor_hash, value_hash, day)
    select v.contributor_hash, v.value_hash, ${p('repDay')}::date from rep_value v
    where ${p('repFlagged')}::boolean and ${allowed}
      and exists (
        select 1 from ${user} where ${user.id} = ${p('userId')}::text and ${user.emailVerified}
          and (${user.createdAt} <= ${p('repEstablished')}::timestamptz
            or exists (select 1 from ${billingAccount} where ${billingAccount.userId} = ${p('userId')}::text and ${billingAccount.everPaidLive}))
      )
      and not exists (select 1 from ${reputationOptOut} where ${reputationOptOut.userId} = ${p('userId')}::text)
    on conflict (contributor_hash) do update set day = greatest(${reputationSighting.day}, excluded.day)
    returning 1 as one`);
  const shown = db.$with('rep_shown', { sightings: sql<unknown>`sightings` })
    .as(sql`select coalesce(jsonb_agg(jsonb_build_object('kind', v.kind, 'value', v.shown, 'count', c.n, 'since', c.since) order by v.ord), '[]'::jsonb) as sightings
    from rep_value v
    join (
      select s.value_hash, count(*)::int as n, min(s.day)::text as since
      from ${reputationSighting} s
      where s.value_hash in (select value_hash from rep_value) and s.day >= ${p('repSince')}::date
        and s.contributor_hash not in (select contributor_hash from rep_value)
      group by s.value_hash
    ) c on c.value_hash = v.value_hash
    where c.n >= ${p('repThreshold')}::int`);
  return { ctes: [values, contributed, shown], sightings: sql`(select sightings from rep_shown)` };
}

/** Withdraws an account's reports of these values (its scan was marked "not a scam"). */
export async function deleteContributions(db: Db, contributorHashes: readonly string[]): Promise<number> {
  if (!contributorHashes.length) return 0;
  const rows = await db
    .delete(reputationSighting)
    .where(inArray(reputationSighting.contributorHash, [...contributorHashes]))
    .returning({ h: reputationSighting.contributorHash });
  return rows.length;
}

/** Reports past the window say nothing any more: deleted. */
export async function pruneSightings(db: Db, beforeDay: string): Promise<number> {
  const rows = await db
    .delete(reputationSighting)
    .where(lt(reputationSighting.day, beforeDay))
    .returning({ h: reputationSighting.contributorHash });
  return rows.length;
}

export async function isOptedOut(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: reputationOptOut.userId })
    .from(reputationOptOut)
    .where(eq(reputationOptOut.userId, userId));
  return rows.length > 0;
}

export async function setOptedOut(db: Db, userId: string, optOut: boolean, now: Date): Promise<void> {
  if (optOut) await db.insert(reputationOptOut).values({ userId, createdAt: now }).onConflictDoNothing();
  else await db.delete(reputationOptOut).where(eq(reputationOptOut.userId, userId));
}

/** What an account's flagged scans named (for the opt-out's withdrawal): the inputs and the links found. */
export async function flaggedScanValues(
  db: Db,
  userId: string,
  minRisk: number,
): Promise<Array<{ phoneNumber: string | null; email: string | null; result: (typeof scans.$inferSelect)['result'] }>> {
  return db
    .select({ phoneNumber: scans.phoneNumber, email: scans.email, result: scans.result })
    .from(scans)
    .where(and(eq(scans.userId, userId), gte(scans.riskScore, minRisk)));
}

/** GET /v1/lookup's listings: entries that are this link, or on one of these hosts. */
export async function findListings(db: Db, urls: readonly string[], hosts: readonly string[]): Promise<ListingRow[]> {
  const result = await db.execute(listingSelect(urls, hosts));
  return rowsOf<{ feed: string; kind: string; value: string; host: string | null; at: string }>(result).map((r) => ({
    feed: r.feed,
    kind: r.kind === 'host' ? 'host' : 'url',
    value: r.value,
    host: r.host,
    listedAt: r.at,
  }));
}

/** GET /v1/lookup's reports: other accounts' flags of one value within the window. */
export async function countSightings(
  db: Db,
  valueHash: string,
  ownHash: string,
  sinceDay: string,
): Promise<SightingCountRow | null> {
  const result = await db.execute(sightingSelect([valueHash], [ownHash], sinceDay));
  const row = rowsOf<{ value: string; at: string; n: number }>(result)[0];
  return row ? { valueHash, count: Number(row.n), since: row.at } : null;
}
