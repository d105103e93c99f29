// Relative imports: the root vitest.config.ts does not resolve the client's '@/' alias.
import { STORAGE_KEYS, type StorageKey } from '../../../lib/storage-keys';
import { MAX_QR_LINKS } from '@redflag/contracts/constants';
import { buildScanPayload, type BuildScanPayloadResult, type ScanFormValues } from './scan-form';

/** The slice of the storage helper this module needs, so tests can pass an in-memory one. */
export interface KeyValueStore {
  get(key: StorageKey): string | null;
  set(key: StorageKey, value: string): void;
  remove(key: StorageKey): void;
}

/**
 * docs/product.md §3, "Pending analysis": message, phoneNumber, email, platform; and, for a message
 * read from a screenshot, source 'image' and its QR links, so the scan after sign-up is the one
 * the visitor asked for (decision 089).
 */
export type PendingAnalysis = ScanFormValues & { source?: 'image'; qrLinks?: string[] };

export function savePendingAnalysis(
  store: KeyValueStore,
  values: Partial<ScanFormValues> & { source?: 'text' | 'image'; qrLinks?: string[] | undefined },
): void {
  const pending: PendingAnalysis = {
    message: values.message ?? '',
    phoneNumber: values.phoneNumber ?? '',
    email: values.email ?? '',
    platform: values.platform ?? '',
  };
  if (values.source === 'image') {
    pending.source = 'image';
    if (values.qrLinks?.length) pending.qrLinks = values.qrLinks;
  }
  store.set(STORAGE_KEYS.pendingAnalysis, JSON.stringify(pending));
  store.set(STORAGE_KEYS.signupContext, 'scam_analyzer');
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The saved analysis, or null when there is none (or it is unreadable, or its message is blank). */
export function readPendingAnalysis(store: KeyValueStore): PendingAnalysis | null {
  const raw = store.get(STORAGE_KEYS.pendingAnalysis);
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const record = parsed as Record<string, unknown>;
  const pending: PendingAnalysis = {
    message: str(record.message),
    phoneNumber: str(record.phoneNumber),
    email: str(record.email),
    platform: str(record.platform),
  };
  if (record.source === 'image') {
    pending.source = 'image';
    const links = Array.isArray(record.qrLinks)
      ? record.qrLinks.filter((l): l is string => typeof l === 'string' && l.trim() !== '')
      : [];
    if (links.length) pending.qrLinks = links.slice(0, MAX_QR_LINKS);
  }
  return pending.message.trim() ? pending : null;
}

/** The scan a restored analysis asks for: the form's payload, plus where its text came from and its QR links. */
export function pendingScanPayload(pending: PendingAnalysis): BuildScanPayloadResult {
  const built = buildScanPayload(pending);
  if (!built.ok || pending.source !== 'image') return built;
  return {
    ok: true,
    payload: { ...built.payload, source: 'image', ...(pending.qrLinks?.length ? { qrLinks: pending.qrLinks } : {}) },
  };
}

export function clearPendingAnalysis(store: KeyValueStore): void {
  store.remove(STORAGE_KEYS.pendingAnalysis);
  // The sign-up that started at the analyzer is over once its analysis has run.
  if (store.get(STORAGE_KEYS.signupContext) === 'scam_analyzer') store.remove(STORAGE_KEYS.signupContext);
}

/**
 * docs/product.md §4: after sign-in the saved analysis is submitted automatically (after about
 * 500 ms) unless requireTierSelection is 'true' or signupContext is scam_analyzer; then the fields are
 * only refilled and the analysis is kept.
 */
export function restoreMode(store: KeyValueStore): 'auto_submit' | 'refill' {
  if (store.get(STORAGE_KEYS.requireTierSelection) === 'true') return 'refill';
  if (store.get(STORAGE_KEYS.signupContext) === 'scam_analyzer') return 'refill';
  return 'auto_submit';
}

export const AUTO_SUBMIT_DELAY_MS = 500;
