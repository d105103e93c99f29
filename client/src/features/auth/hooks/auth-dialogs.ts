import { useSyncExternalStore } from 'react';
import type { AuthTab } from '@/lib/events';

/**
 * Which of the accounts dialogs is open. One small store so the dialogs can hand over to each other
 * (sign-up → CHECK YOUR EMAIL, sign-in → QUICK RECOVERY, any → error dialog) without prop chains.
 */
export type AuthDialogState =
  | { kind: 'none' }
  | { kind: 'auth'; tab: AuthTab; email?: string }
  | { kind: 'verify'; email: string }
  | { kind: 'recovery'; email?: string }
  | { kind: 'error'; error: unknown };

let state: AuthDialogState = { kind: 'none' };
const listeners = new Set<() => void>();

export function setAuthDialog(next: AuthDialogState): void {
  state = next;
  if (next.kind === 'none') drafts.clear();
  for (const l of listeners) l();
}

/**
 * What was typed in each tab of the accounts dialog, kept in memory while it is open: Radix unmounts the
 * inactive tab, and switching tabs must not clear a form (issue 12). Forgotten when the dialogs close.
 */
const drafts = new Map<AuthTab, Record<string, string>>();

export function readDraft(tab: AuthTab): Record<string, string> {
  return drafts.get(tab) ?? {};
}

export function saveDraft(tab: AuthTab, values: Record<string, unknown>): void {
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (typeof v === 'string') kept[k] = v;
  drafts.set(tab, kept);
}

export function closeAuthDialogs(): void {
  setAuthDialog({ kind: 'none' });
}

/**
 * The control that opened the accounts dialogs (Login, Sign Up, START FREE TRIAL...), remembered when the
 * open event arrives: the dialog opens 100 ms later, lazily loaded, and by then the page may have moved
 * focus. When the last accounts dialog closes, focus goes back to it (issue 12, list item 7).
 */
let trigger: HTMLElement | null = null;

export function rememberTrigger(el: Element | null): void {
  // A dialog handing over to another (error dialog → sign in) keeps the first trigger.
  if (state.kind !== 'none') return;
  const usable =
    el instanceof HTMLElement && el !== document.body && !el.closest('[role="dialog"],[role="alertdialog"]');
  trigger = usable ? el : null;
}

/**
 * For a dialog's onCloseAutoFocus: when no other accounts dialog took over, focus the remembered trigger;
 * while one hands over to another, leave focus to the one opening.
 */
export function returnFocusOnClose(event: Event): void {
  if (state.kind !== 'none') {
    event.preventDefault();
    return;
  }
  if (trigger?.isConnected) {
    event.preventDefault();
    trigger.focus();
  }
  trigger = null;
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
