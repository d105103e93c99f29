import { z } from 'zod';
import { storableString } from './text.ts';

/**
 * What the world has seen (docs/decisions/103-known-bad-lists-and-reports.md): links on public
 * known-bad lists, and numbers, addresses and link hosts that scams from other accounts flagged.
 */

/** Scans from at least this many different accounts flag a value before anyone is told (other than themselves). */
export const SIGHTING_THRESHOLD = 3;
/** Only flags from the last this many days count. */
export const SIGHTING_WINDOW_DAYS = 30;

/** The lists RedFlag can read, by their published format. */
export const FEED_FORMATS = ['urlhaus', 'openphish', 'phishtank', 'domains'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

/** The words every answer carries beside a count: what it means and what it does not. */
export const REPORTS_ARE_NOT_PROOF =
  'Reported by other RedFlag users is not proof: it means scans from several different accounts flagged it as a likely scam. A number or address can be spoofed, and a real business can be reported by mistake.';
export const LISTED_MEANS =
  'Listed by a public list of known phishing or malware links: security researchers and the public reported it and the list checked it. Lists can be out of date.';
/** A lookup that found nothing: that is not a clean bill of health. */
export const NOTHING_KNOWN_MEANS =
  'Not on any known-bad list RedFlag reads, and not reported by enough other RedFlag users. That is not proof it is safe: a new scam is on no list yet.';

/** A link found on a known-bad list: which list, since when, and whether the whole link or its site matched. */
export const listingSchema = z.object({
  /** The list's name as the operator configured it (e.g. "openphish"). */
  list: z.string(),
  /** When the list says it was listed (or when RedFlag first saw it there); null when unknown. */
  listedAt: z.string().nullable(),
  /** 'url': this exact link; 'host': the site it is on. */
  match: z.enum(['url', 'host']),
  /** The link as it appears in the message. */
  url: z.string(),
});
export type Listing = z.infer<typeof listingSchema>;

export const sightingKindSchema = z.enum(['phone', 'email', 'host']);
export type SightingKind = z.infer<typeof sightingKindSchema>;

/** "Reported in N other scans since DATE" for one value of this scan. */
export const sightingSchema = z.object({
  kind: sightingKindSchema,
  /** The number, address or host as this scan has it (the person's own input or message). */
  value: z.string(),
  /** Different other accounts whose flagged scans named it within the window. */
  count: z.number().int().min(1),
  /** The day (YYYY-MM-DD, UTC) of the earliest of those flags. */
  since: z.string(),
});
export type Sighting = z.infer<typeof sightingSchema>;

/** The part of a scan result about what others have seen; absent on scans stored before it existed. */
export const scanReputationSchema = z.object({
  listings: z.array(listingSchema),
  sightings: z.array(sightingSchema),
});
export type ScanReputation = z.infer<typeof scanReputationSchema>;

/**
 * The same on a shared verdict's public page: without the link, number, address or host unless the owner
 * chose to include the message (they come from it, or from the owner's own input).
 */
export const sharedReputationSchema = z.object({
  listings: z.array(listingSchema.extend({ url: z.string().nullable() })),
  sightings: z.array(sightingSchema.extend({ value: z.string().nullable() })),
});
export type SharedReputation = z.infer<typeof sharedReputationSchema>;

/** The sentence a sighting is shown as. */
export function sightingText(s: Pick<Sighting, 'kind' | 'count' | 'since'>): string {
  const what = s.kind === 'phone' ? 'This number' : s.kind === 'email' ? 'This address' : "This link's site";
  return `${what} was reported in ${s.count} other scan${s.count === 1 ? '' : 's'} since ${s.since}`;
}

/** The sentence a listing is shown as (also the reason the engine's result carries). */
export function listingText(l: Pick<Listing, 'list' | 'listedAt' | 'match'>): string {
  const what = l.match === 'url' ? 'This link is' : "This link's site is";
  return `${what} on the known-bad list "${l.list}"${l.listedAt ? ` (listed ${l.listedAt.slice(0, 10)})` : ''}`;
}

/** GET /v1/lookup: exactly one of phone, email, url. */
export const lookupQuerySchema = z
  .object({
    phone: storableString().trim().min(1).max(40).optional(),
    email: storableString().trim().min(1).max(320).optional(),
    url: storableString().trim().min(1).max(2048).optional(),
  })
  .refine((q) => [q.phone, q.email, q.url].filter((v) => v !== undefined).length === 1, {
    message: 'Give exactly one of phone, email or url',
  });
export type LookupQuery = z.output<typeof lookupQuerySchema>;

export const lookupResponseSchema = z.object({
  kind: sightingKindSchema.or(z.literal('url')),
  /** The value as RedFlag compares it: E.164, the lower-case address, or the normalised link. */
  normalized: z.string(),
  /** Public known-bad lists that have this link or its site (a url, or an address's domain). */
  listings: z.array(listingSchema.omit({ url: true })),
  /** Flagged scans from other accounts, when at least SIGHTING_THRESHOLD did within SIGHTING_WINDOW_DAYS. */
  reports: z.object({ count: z.number().int().min(1), since: z.string() }).nullable(),
  /** What the answer means and what it does not: one note per kind of finding, or one saying nothing was found. */
  notes: z.array(z.string()),
});
export type LookupResponse = z.infer<typeof lookupResponseSchema>;

/** GET / PUT /api/account/report-sharing: whether this account's flagged scans count for others. */
export const reportSharingSchema = z.object({ shareReports: z.boolean() });
export type ReportSharing = z.infer<typeof reportSharingSchema>;
