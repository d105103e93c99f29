import { useSyncExternalStore } from 'react';
import type { AuthTab } from '@/lib/events';

/**
 * Which of the accounts dialogs is open. One small store so the dialogs can hand over to each other
 * (sign-up → CHECK YOUR EMAIL, sign-in → QUICK RECOVERY, any → error dialog) without prop chains.
 */
export type AuthDialogState =
  | { kind: 'none' }
  | { kind: 'auth'; tab: AuthTab }
  | { kind: 'verify'; email: string }
  | { kind: 'recovery' }
  | { kind: 'error'; error: unknown };

let state: AuthDialogState = { kind: 'none' };
const listeners = new Set<() => void>();

export function setAuthDialog(next: AuthDialogState): void {
  state = next;
  for (const l of listeners) l();
}

export function closeAuthDialogs(): void {
  setAuthDialog({ kind: 'none' });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuthDialog(): AuthDialogState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
