import {
  closeDialogs,
  getDialog,
  setDialog,
  subscribeDialog,
  useDialog,
  type AuthTab,
  type DialogState,
} from '@/lib/ui-store';

export { returnFocusOnClose } from '@/lib/ui-store';

/**
 * The accounts dialogs' view of the app's one dialog store (lib/ui-store.ts): sign-up → CHECK YOUR EMAIL,
 * sign-in → QUICK RECOVERY, a verification link → choose your password, any → error dialog hand over
 * through it.
 */
export type AuthDialogState = Extract<
  DialogState,
  { kind: 'none' | 'auth' | 'verify' | 'recovery' | 'choose-password' | 'confirm-email-change' | 'error' }
>;

const AUTH_KINDS: ReadonlySet<DialogState['kind']> = new Set([
  'auth',
  'verify',
  'recovery',
  'choose-password',
  'confirm-email-change',
  'error',
]);

export function isAuthDialog(state: DialogState): state is Exclude<AuthDialogState, { kind: 'none' }> {
  return AUTH_KINDS.has(state.kind);
}

export const setAuthDialog = (next: AuthDialogState): void => setDialog(next);

/** Closes the accounts dialogs (and leaves any other dialog open). */
export function closeAuthDialogs(): void {
  if (isAuthDialog(getDialog())) closeDialogs();
}

/** The accounts dialog that is open, or none (another app dialog open counts as none here). */
export function useAuthDialog(): AuthDialogState {
  const state = useDialog();
  return isAuthDialog(state) ? state : { kind: 'none' };
}

/**
 * What was typed in each tab of the accounts dialog, kept in memory while it is open: Radix unmounts the
 * inactive tab, and switching tabs must not clear a form. Forgotten when the dialogs close.
 */
const drafts = new Map<AuthTab, Record<string, string>>();
subscribeDialog(() => {
  if (!isAuthDialog(getDialog())) drafts.clear();
});

export function readDraft(tab: AuthTab): Record<string, string> {
  return drafts.get(tab) ?? {};
}

export function saveDraft(tab: AuthTab, values: Record<string, unknown>): void {
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (typeof v === 'string') kept[k] = v;
  drafts.set(tab, kept);
}
