import { randomBytes } from 'node:crypto';
import {
  SHARED_RESULT_PATH_PREFIX,
  SHARE_TOKEN_PATTERN,
  type Feedback,
  type FeedbackInput,
  type Share,
  type SharedScan,
} from '@redflag/contracts/feedback';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import { withdrawScanReports } from '../reputation/reputation.service.ts';
import { findScan, type ScanRow } from '../scans/scans.repo.ts';
import { redactor } from './redact.ts';
import {
  deleteShare,
  findFeedback,
  findShare,
  findSharedScan,
  upsertFeedback,
  upsertShare,
  type FeedbackRow,
  type ShareRow,
} from './feedback.repo.ts';

type Ctx = Pick<AppContext, 'config' | 'database' | 'clock' | 'logger'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Someone else's scan, a deleted one and a made-up id all answer the same 404, as GET /api/scans/:id. */
function scanNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Scan not found');
}

async function ownedScan(ctx: Ctx, userId: string, scanId: string): Promise<ScanRow> {
  if (!UUID.test(scanId)) throw scanNotFound();
  const scan = await findScan(ctx.database.db, userId, scanId);
  if (!scan) throw scanNotFound();
  return scan;
}

function toFeedback(row: FeedbackRow): Feedback {
  return {
    scanId: row.scanId,
    label: row.label as Feedback['label'],
    note: row.note,
    consentToUseText: row.consentToUseText,
    engineVersion: row.engineVersion,
    riskScore: row.riskScore,
    scamType: row.scamType,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getFeedback(ctx: Ctx, userId: string, scanId: string): Promise<Feedback | null> {
  await ownedScan(ctx, userId, scanId);
  const row = await findFeedback(ctx.database.db, userId, scanId);
  return row ? toFeedback(row) : null;
}

export async function saveFeedback(ctx: Ctx, userId: string, scanId: string, input: FeedbackInput): Promise<Feedback> {
  const scan = await ownedScan(ctx, userId, scanId);
  const row = await upsertFeedback(ctx.database.db, scan, input, ctx.clock.now());
  // "Not a scam" from the owner withdraws the account's reports of the scan's values (decision 103).
  if (row.label === 'not_scam') await withdrawScanReports(ctx, userId, scan);
  // Ids, the label and the consent flag only: never the note or the message.
  ctx.logger.info(
    { scanId, label: row.label, consent: row.consentToUseText, noteLength: row.note?.length ?? 0 },
    'feedback stored',
  );
  return toFeedback(row);
}

function toShare(row: ShareRow): Share {
  return {
    token: row.token,
    path: `${SHARED_RESULT_PATH_PREFIX}${row.token}`,
    includeMessage: row.includeMessage,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getShare(ctx: Ctx, userId: string, scanId: string): Promise<Share | null> {
  await ownedScan(ctx, userId, scanId);
  const row = await findShare(ctx.database.db, userId, scanId);
  return row ? toShare(row) : null;
}

/** 32 random bytes: 256 bits, far past guessing (decision 072). */
export function newShareToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function saveShare(ctx: Ctx, userId: string, scanId: string, includeMessage: boolean): Promise<Share> {
  const scan = await ownedScan(ctx, userId, scanId);
  const row = await upsertShare(ctx.database.db, scan, newShareToken(), includeMessage, ctx.clock.now());
  ctx.logger.info({ scanId, includeMessage }, 'share link saved');
  return toShare(row);
}

export async function revokeShare(ctx: Ctx, userId: string, scanId: string): Promise<{ revoked: number }> {
  if (!UUID.test(scanId)) throw scanNotFound();
  const revoked = await deleteShare(ctx.database.db, userId, scanId);
  if (revoked === 0) throw new AppError('NOT_FOUND', 'No shared link for this scan');
  ctx.logger.info({ scanId }, 'share link revoked');
  return { revoked };
}

function shareNotFound(): AppError {
  return new AppError('NOT_FOUND', 'This shared result does not exist or was removed by its owner');
}

export { NOT_SHARED } from './redact.ts';

/**
 * A reason's sentence without what it quotes from the message or the person's input: the engine writes some
 * reasons with the link's host or address, the number, a QR code's payload (shortened past 80 characters) or
 * a quoted phrase in them ("The link x.top imitates USPS"); an AI reviewer's reason may cite the message
 * anywhere. redact.ts finds each of those forms.
 */
function withoutQuotes(scan: ScanRow): (text: string) => string {
  const result = scan.result;
  const values: Array<string | null | undefined> = [];
  const shortened: Array<string | null | undefined> = [];
  for (const link of result.links ?? []) {
    values.push(link.host, link.domain);
    shortened.push(link.url);
  }
  for (const d of result.reasonDetails ?? []) {
    for (const e of d.evidence) {
      if (e.kind === 'span') values.push(e.text);
      // A link's address, or a QR code's whole payload (a Wi-Fi password, a contact card) for "QR code leads to".
      if (e.kind === 'url') shortened.push(e.url);
    }
  }
  values.push(
    scan.phoneNumber,
    scan.email,
    result.phoneAnalysis?.input,
    result.phoneAnalysis?.e164,
    result.emailAnalysis?.input,
    result.emailAnalysis?.domain,
  );
  const redact = redactor({ values, shortened, message: scan.message });
  // Sentences from the engine's templates quote only the values above; any other (the AI reviewer's, or a
  // reason stored without its details) may cite the message anywhere.
  const templated = new Set(
    (result.reasonDetails ?? [])
      .filter((d) => !d.id.startsWith('llm') && !d.evidence.some((e) => e.kind === 'llm'))
      .map((d) => d.text),
  );
  return (text) => redact(text, !templated.has(text));
}

/**
 * What the public page shows: the verdict, type, reasons and advice. The message, and everything that
 * quotes it or comes from the person's own input (evidence, links, phone and e-mail findings, the parts of
 * a reason's sentence that quote them), only when the owner chose to include the message.
 */
export function publicView(scan: ScanRow, includeMessage: boolean): SharedScan {
  const result = scan.result;
  const say = includeMessage ? (text: string) => text : withoutQuotes(scan);
  return {
    riskScore: scan.riskScore,
    confidence: scan.confidence,
    scamType: (scan.scamType as SharedScan['scamType']) ?? null,
    reasons: scan.reasons.map(say),
    reasonDetails: (result.reasonDetails ?? []).map((d) => ({
      id: d.id,
      text: say(d.text),
      weight: d.weight,
      severity: d.severity,
      evidence: includeMessage ? d.evidence : [],
    })),
    advice: result.advice ?? null,
    platform: (scan.platform as SharedScan['platform']) ?? null,
    createdAt: scan.createdAt.toISOString(),
    message: includeMessage ? scan.message : null,
    links: includeMessage ? (result.links ?? []) : [],
    phoneAnalysis: includeMessage ? (result.phoneAnalysis ?? null) : null,
    emailAnalysis: includeMessage ? (result.emailAnalysis ?? null) : null,
    ...(result.reputation && (result.reputation.listings.length || result.reputation.sightings.length)
      ? {
          reputation: {
            listings: result.reputation.listings.map((l) => ({ ...l, url: includeMessage ? l.url : null })),
            sightings: result.reputation.sightings.map((s) => ({ ...s, value: includeMessage ? s.value : null })),
          },
        }
      : {}),
  };
}

export async function getSharedScan(ctx: Ctx, token: string): Promise<SharedScan> {
  if (!SHARE_TOKEN_PATTERN.test(token)) throw shareNotFound();
  const found = await findSharedScan(ctx.database.db, token);
  if (!found) throw shareNotFound();
  return publicView(found.scan, found.share.includeMessage);
}
