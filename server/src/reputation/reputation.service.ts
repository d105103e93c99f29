/**
 * What the world has seen, for one scan or one lookup (docs/decisions/103-known-bad-lists-and-reports.md):
 * the message's links on known-bad lists, and the phone number, sender address and link hosts that flagged
 * scans from other accounts named. Never logs a value: only counts.
 */
import { RISK_BAND_SUSPICIOUS } from '@redflag/contracts/constants';
import {
  LISTED_MEANS,
  NOTHING_KNOWN_MEANS,
  REPORTS_ARE_NOT_PROOF,
  SIGHTING_THRESHOLD,
  SIGHTING_WINDOW_DAYS,
  type Listing,
  type LookupQuery,
  type LookupResponse,
  type ScanReputation,
  type SightingKind,
} from '@redflag/contracts/reputation';
import type { ScanInput, ScanResult } from '@redflag/contracts/scan';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import { getPlanState } from '../billing/entitlements.ts';
import { isPremium } from '../billing/plan-state.ts';
import { sightingKeys } from './keys.ts';
import {
  hostCandidates,
  isSharedHost,
  normalizeEmail,
  normalizeHost,
  normalizePhone,
  normalizeUrl,
} from './normalize.ts';
import type { SQL } from 'drizzle-orm';
import type { WithSubquery } from 'drizzle-orm/subquery';
import {
  countSightings,
  deleteContributions,
  findListings,
  flaggedScanValues,
  isOptedOut,
  scanReportParts,
  scanReportValues,
  setOptedOut,
  type ListingRow,
  type ScanReportValues,
} from './reputation.repo.ts';

type Ctx = Pick<AppContext, 'config' | 'database' | 'clock' | 'logger'>;
/** A scan's: it matches links against this instance's copy of the known-bad lists. */
type ScanCtx = Ctx & Pick<AppContext, 'knownBad'>;

const DAY_MS = 86_400_000;
/** At most this many link hosts of one scan are reported (a message with fifty links is not fifty reports). */
const MAX_HOSTS = 10;
/**
 * An account reports only from this age, or once it has paid real money through Stripe (docs/decisions/113,
 * 129): accounts made on the spot (sock puppets), or "paid" with the test provider's free card, could
 * otherwise make anything "reported" or learn whether a real account reported it.
 */
export const REPORTER_MIN_AGE_DAYS = 7;

/** The UTC day, YYYY-MM-DD. */
export const dayOf = (d: Date): string => d.toISOString().slice(0, 10);
/** The first day inside the window that ends today. */
export const windowStart = (now: Date): string => dayOf(new Date(now.getTime() - (SIGHTING_WINDOW_DAYS - 1) * DAY_MS));

interface ScanValue {
  kind: SightingKind;
  /** As compared and hashed. */
  value: string;
  /** As this scan shows it. */
  shown: string;
}

/**
 * The values a scan can report: the sender's number (E.164) and address as the person gave them, and the
 * hosts of its links, except hosts many people share (a shortener is not one sender).
 */
export function scanValues(input: Pick<ScanInput, 'phoneNumber' | 'email'>, links: ScanResult['links']): ScanValue[] {
  const out = new Map<string, ScanValue>();
  const phone = input.phoneNumber ? normalizePhone(input.phoneNumber) : null;
  if (phone && input.phoneNumber) out.set(`phone ${phone}`, { kind: 'phone', value: phone, shown: input.phoneNumber });
  const email = input.email ? normalizeEmail(input.email) : null;
  if (email && input.email) out.set(`email ${email}`, { kind: 'email', value: email, shown: input.email });
  let hosts = 0;
  for (const link of links) {
    if (hosts >= MAX_HOSTS) break;
    const n = normalizeUrl(link.url);
    if (!n || out.has(`host ${n.host}`) || isSharedHost(n.host)) continue;
    out.set(`host ${n.host}`, { kind: 'host', value: n.host, shown: n.host });
    hosts++;
  }
  return [...out.values()];
}

/** Which of the message's links a list entry is about, and how it matched. */
function listingsFor(
  rows: readonly ListingRow[],
  links: ReadonlyArray<{ url: string; normalized: string; hosts: string[] }>,
): Listing[] {
  const out: Listing[] = [];
  for (const row of rows) {
    for (const link of links) {
      if (row.kind === 'url' && row.value === link.normalized)
        out.push({ list: row.feed, listedAt: row.listedAt, match: 'url', url: link.url });
      else if (row.host !== null && link.hosts.includes(row.host))
        out.push({ list: row.feed, listedAt: row.listedAt, match: 'host', url: link.url });
    }
  }
  return out;
}

export interface ScanReputationCheck {
  input: Pick<ScanInput, 'phoneNumber' | 'email'>;
  result: ScanResult;
  /** The account may count: the scan is its own. */
  userId: string;
}

type HashedValue = ScanValue & { valueHash: string; contributorHash: string };

/**
 * The links an analysis found in the message (ScanResult.links; a QR image's link is in the message, where the
 * client puts it) on this instance's copy of the known-bad lists (known-bad.ts; `listsVersion` as the scan's
 * first statement read it). The engine weighs them as evidence (EngineInput knownBad, policy step 8):
 * engine/pool.ts createEngine asks for them between the analysis and its decision. Null when no copy of the
 * lists can be loaded (logged without values): the scan is then answered without them.
 */
export async function lookupListings(
  ctx: ScanCtx,
  found: ScanResult['links'],
  listsVersion?: string,
): Promise<Listing[] | null> {
  const links = linksToMatch(found);
  if (!links.length) return [];
  const rows = await ctx.knownBad.match(
    [...new Set(links.map((l) => l.normalized))],
    [...new Set(links.flatMap((l) => l.hosts))],
    listsVersion,
  );
  if (rows === null) {
    ctx.logger.warn({ links: links.length }, 'reputation lookup failed; scan answered without it');
    return null;
  }
  return listingsFor(rows, links);
}

function linksToMatch(links: ScanResult['links']): { url: string; normalized: string; hosts: string[] }[] {
  return links.flatMap((l) => {
    const n = normalizeUrl(l.url);
    return n ? [{ url: l.url, normalized: n.url, hosts: hostCandidates(n.host) }] : [];
  });
}

export interface PlannedReputation {
  /** The engine's result with `reputation` (its sightings still empty). */
  result: ScanResult;
  /** The reports the scan's store writes and counts (null: nothing to report, or the lists were unavailable). */
  reports: { parts: (allowed: SQL) => { ctes: WithSubquery[]; sightings: SQL }; values: ScanReportValues } | null;
  hashed: HashedValue[];
  flagged: boolean;
}

/**
 * What the scan reports, for its store to write and count in the same statement (docs/decisions/116): no round
 * trip of its own, and the listings the engine weighed (`lookupListings`, of the links the engine kept) in
 * `reputation`. A scan with neither links nor a number nor an address has nothing to report. When the lists
 * could not be loaded (`listed` null) nothing is reported: the scan is what the person came for.
 */
export async function planReputation(
  ctx: ScanCtx,
  check: ScanReputationCheck,
  listed: readonly Listing[] | null,
): Promise<PlannedReputation> {
  const { result, userId } = check;
  const links = linksToMatch(result.links);
  const values = scanValues(check.input, result.links);
  if (!links.length && !values.length) return { result, reports: null, hashed: [], flagged: false };
  if (listed === null) return { result, reports: null, hashed: [], flagged: false };
  const keys = sightingKeys(ctx.config.auth.secret);
  const now = ctx.clock.now();
  const hashed = values.map((v) => ({
    ...v,
    valueHash: keys.value(v.kind, v.value),
    contributorHash: keys.contributor(userId, v.kind, v.value),
  }));
  // Only a flagged scan reports; a report is not an entitlement. Flagged by the message itself, without its
  // listings: the score the known-bad step started from.
  const listedStep = result.policy?.find((s) => s.id === 'known_bad_link');
  const flagged = (listedStep ? listedStep.from : result.riskScore) >= RISK_BAND_SUSPICIOUS;
  const listings = listed.filter((l) => result.links.some((x) => x.url === l.url));
  const reputation: ScanReputation = { listings, sightings: [] };
  const reports = hashed.length
    ? {
        parts: (allowed: SQL) => scanReportParts(ctx.database.db, allowed),
        values: scanReportValues({
          values: hashed,
          sinceDay: windowStart(now),
          threshold: SIGHTING_THRESHOLD,
          contribution: flagged
            ? { day: dayOf(now), establishedBefore: new Date(now.getTime() - REPORTER_MIN_AGE_DAYS * DAY_MS) }
            : null,
        }),
      }
    : null;
  return { result: { ...result, reputation }, reports, hashed, flagged };
}

/**
 * The scan was marked "not a scam" by its owner: the account's reports of its values are withdrawn (of the
 * same values from its other scans too: one account is one report per value).
 */
export async function withdrawScanReports(
  ctx: Ctx,
  userId: string,
  scan: { phoneNumber: string | null; email: string | null; result: ScanResult },
): Promise<number> {
  const keys = sightingKeys(ctx.config.auth.secret);
  const values = scanValues(
    { phoneNumber: scan.phoneNumber ?? undefined, email: scan.email ?? undefined },
    scan.result.links ?? [],
  );
  const withdrawn = await deleteContributions(
    ctx.database.db,
    values.map((v) => keys.contributor(userId, v.kind, v.value)),
  );
  if (withdrawn) ctx.logger.info({ withdrawn }, 'reports withdrawn');
  return withdrawn;
}

export async function getReportSharing(ctx: Ctx, userId: string): Promise<{ shareReports: boolean }> {
  return { shareReports: !(await isOptedOut(ctx.database.db, userId)) };
}

/** The account's setting. Keeping scans out also withdraws the reports the account already made. */
export async function setReportSharing(
  ctx: Ctx,
  userId: string,
  shareReports: boolean,
): Promise<{ shareReports: boolean }> {
  await setOptedOut(ctx.database.db, userId, !shareReports, ctx.clock.now());
  if (!shareReports) await withdrawAccountReports(ctx, userId);
  return { shareReports };
}

/**
 * Every report the account's flagged scans made, withdrawn (the setting turned off, or the account deleted):
 * the scans say which values they named, which the hashes alone cannot.
 */
export async function withdrawAccountReports(ctx: Ctx, userId: string): Promise<number> {
  const db = ctx.database.db;
  const keys = sightingKeys(ctx.config.auth.secret);
  const hashes = new Set<string>();
  for (const scan of await flaggedScanValues(db, userId, RISK_BAND_SUSPICIOUS)) {
    for (const v of scanValues(
      { phoneNumber: scan.phoneNumber ?? undefined, email: scan.email ?? undefined },
      scan.result.links ?? [],
    ))
      hashes.add(keys.contributor(userId, v.kind, v.value));
  }
  const withdrawn = await deleteContributions(db, [...hashes]);
  ctx.logger.info({ withdrawn }, 'reports of an account withdrawn');
  return withdrawn;
}

/** Lookups are Premium's (a trial's five scans include phone and e-mail checks, not a lookup service). */
export async function requirePremiumLookup(ctx: Ctx, userId: string): Promise<void> {
  if (!isPremium(await getPlanState(ctx, userId)))
    throw new AppError('PREMIUM_REQUIRED', 'Looking up numbers, addresses and links is a Premium feature');
}

/**
 * GET /v1/lookup: one number, address or link, as a scan would see it. Looking up reports nothing. The count
 * is shown only past the threshold, as in a scan, so a lookup never reveals one account's report.
 */
export async function lookup(ctx: Ctx, userId: string, q: LookupQuery): Promise<LookupResponse> {
  const db = ctx.database.db;
  const keys = sightingKeys(ctx.config.auth.secret);
  const invalid = (field: string, message: string) =>
    new AppError('VALIDATION_ERROR', message, { details: { fields: [{ path: field, message }] } });
  let kind: SightingKind;
  let normalized: string;
  let reportValue: string | null;
  let rows: ListingRow[] = [];
  if (q.url !== undefined) {
    const n = normalizeUrl(q.url);
    if (!n) throw invalid('url', 'Not an http(s) link');
    kind = 'host';
    normalized = n.url;
    reportValue = isSharedHost(n.host) ? null : n.host;
    rows = await findListings(db, [n.url], hostCandidates(n.host));
  } else if (q.email !== undefined) {
    const e = normalizeEmail(q.email);
    if (!e) throw invalid('email', 'Not an e-mail address');
    kind = 'email';
    normalized = e;
    reportValue = e;
    const domain = normalizeHost(e.split('@')[1] ?? '');
    // An address's domain on a list of domains (never a shared mail provider's: hostCandidates gives none).
    if (domain) rows = (await findListings(db, [], hostCandidates(domain))).filter((r) => r.kind === 'host');
  } else {
    const p = normalizePhone(q.phone ?? '');
    if (!p) throw invalid('phone', 'Not a valid phone number (use the international format, e.g. +1 202 555 0143)');
    kind = 'phone';
    normalized = p;
    reportValue = p;
  }
  const counted =
    reportValue === null
      ? null
      : await countSightings(
          db,
          keys.value(kind, reportValue),
          keys.contributor(userId, kind, reportValue),
          windowStart(ctx.clock.now()),
        );
  const listings = rows.map((r) => ({
    list: r.feed,
    listedAt: r.listedAt,
    match: (r.kind === 'url' && r.value === normalized ? 'url' : 'host') as 'url' | 'host',
  }));
  const reports =
    counted && counted.count >= SIGHTING_THRESHOLD ? { count: counted.count, since: counted.since } : null;
  // A note explains a finding; one about lists beside no listing reads as a listing.
  const notes = [...(listings.length > 0 ? [LISTED_MEANS] : []), ...(reports ? [REPORTS_ARE_NOT_PROOF] : [])];
  return {
    kind: q.url !== undefined ? 'url' : kind,
    normalized,
    listings,
    reports,
    notes: notes.length > 0 ? notes : [NOTHING_KNOWN_MEANS],
  };
}
