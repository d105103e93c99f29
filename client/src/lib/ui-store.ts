import { useSyncExternalStore } from 'react';

/**
 * The one place for which app-wide dialog is open: the accounts dialogs (sign in / up,
 * CHECK YOUR EMAIL, QUICK RECOVERY, choose your password, the error dialog) and CONTACT US. Any part of the page opens one by
 * calling a function here (features do not import each other); the lazily loaded dialogs read it with
 * useDialog. One dialog at a time, so one hands over to another without prop chains or window events.
 * Dialogs that belong to one page's flow (the scan flow's error and upgrade dialogs) keep their state there.
 */

export type AuthTab = 'signin' | 'signup';

export type DialogState =
  | { kind: 'none' }
  | { kind: 'auth'; tab: AuthTab; email?: string }
  | { kind: 'verify'; email: string }
  | { kind: 'recovery'; email?: string }
  | { kind: 'choose-password'; token: string; email: string }
  | { kind: 'confirm-email-change'; token: string }
  | { kind: 'error'; error: unknown }
  | { kind: 'contact' };

let state: DialogState = { kind: 'none' };
const listeners = new Set<() => void>();

export function getDialog(): DialogState {
  return state;
}

export function setDialog(next: DialogState): void {
  state = next;
  for (const l of listeners) l();
}

export function closeDialogs(): void {
  setDialog({ kind: 'none' });
}

export function subscribeDialog(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDialog(): DialogState {
  return useSyncExternalStore(subscribeDialog, getDialog, getDialog);
}

/**
 * The control that opened a dialog (Login, Sign Up, START FREE TRIAL...), remembered when it asks: the
 * auth dialog opens 100 ms later, lazily loaded, and by then the page may have moved focus. When the last
 * dialog closes, focus goes back to it.
 */
let trigger: HTMLElement | null = null;

function rememberTrigger(): void {
  // A dialog handing over to another (error dialog → sign in) keeps the first trigger.
  if (state.kind !== 'none' || typeof document === 'undefined') return;
  const el = document.activeElement;
  const usable =
    el instanceof HTMLElement && el !== document.body && !el.closest('[role="dialog"],[role="alertdialog"]');
  trigger = usable ? el : null;
}

/**
 * For a dialog's onCloseAutoFocus: when no other dialog took over, focus the remembered trigger; while
 * one hands over to another, leave focus to the one opening.
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

/** docs/product.md §9: the auth dialog opens 100 ms after it is asked for. */
export const AUTH_MODAL_DELAY_MS = 100;
let authTimer: ReturnType<typeof setTimeout> | undefined;

export function openAuthModal(tab: AuthTab = 'signin'): void {
  rememberTrigger();
  clearTimeout(authTimer);
  authTimer = setTimeout(() => setDialog({ kind: 'auth', tab }), AUTH_MODAL_DELAY_MS);
}

/** QUICK RECOVERY (magic-link sign-in), e.g. from the Authentication Required card. */
export function openRecoveryDialog(): void {
  rememberTrigger();
  setDialog({ kind: 'recovery' });
}

export function openContactDialog(): void {
  setDialog({ kind: 'contact' });
}
