// Relative imports: the root vitest.config.ts does not resolve the client's '@/' alias.
import { STORAGE_KEYS, type StorageKey } from '../../../lib/storage-keys';
import type { ScanFormValues } from './scan-form';

/** The slice of the storage helper this module needs, so tests can pass an in-memory one. */
export interface KeyValueStore {
  get(key: StorageKey): string | null;
  set(key: StorageKey, value: string): void;
  remove(key: StorageKey): void;
}

/** product-spec.md section 3, "Pending analysis": message, phoneNumber, email, platform. */
export type PendingAnalysis = ScanFormValues;

export function savePendingAnalysis(store: KeyValueStore, values: Partial<PendingAnalysis>): void {
  const pending: PendingAnalysis = {
    message: values.message ?? '',
    phoneNumber: values.phoneNumber ?? '',
    email: values.email ?? '',
    platform: values.platform ?? '',
  };
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
  const pending = {
    message: str(record.message),
    phoneNumber: str(record.phoneNumber),
    email: str(record.email),
    platform: str(record.platform),
  };
  return pending.message.trim() ? pending : null;
}

export function clearPendingAnalysis(store: KeyValueStore): void {
  store.remove(STORAGE_KEYS.pendingAnalysis);
  // The sign-up that started at the analyzer is over once its analysis has run.
  if (store.get(STORAGE_KEYS.signupContext) === 'scam_analyzer') store.remove(STORAGE_KEYS.signupContext);
}

/**
 * product-spec.md section 4: after sign-in the saved analysis is submitted automatically (after about
 * 500 ms) unless requireTierSelection is 'true' or signupContext is scam_analyzer; then the fields are
 * only refilled and the analysis is kept.
 */
export function restoreMode(store: KeyValueStore): 'auto_submit' | 'refill' {
  if (store.get(STORAGE_KEYS.requireTierSelection) === 'true') return 'refill';
  if (store.get(STORAGE_KEYS.signupContext) === 'scam_analyzer') return 'refill';
  return 'auto_submit';
}

export const AUTO_SUBMIT_DELAY_MS = 500;
