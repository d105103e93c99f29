/**
 * Window events that let any part of the page open dialogs owned by other features, without importing
 * them (features do not import each other). The dialogs subscribe with `window.addEventListener`.
 */
export const AUTH_MODAL_EVENT = 'triggerAuthModal';
export const CONTACT_DIALOG_EVENT = 'openContactDialog';
/** QUICK RECOVERY (magic-link sign-in), e.g. from the Authentication Required card. */
export const RECOVERY_DIALOG_EVENT = 'openRecoveryDialog';

export type AuthTab = 'signin' | 'signup';
export interface AuthModalDetail {
  tab: AuthTab;
}

export function openAuthModal(tab: AuthTab = 'signin'): void {
  window.dispatchEvent(new CustomEvent<AuthModalDetail>(AUTH_MODAL_EVENT, { detail: { tab } }));
}

export function openContactDialog(): void {
  window.dispatchEvent(new CustomEvent(CONTACT_DIALOG_EVENT));
}

export function openRecoveryDialog(): void {
  window.dispatchEvent(new CustomEvent(RECOVERY_DIALOG_EVENT));
}

declare global {
  interface WindowEventMap {
    triggerAuthModal: CustomEvent<AuthModalDetail>;
    openContactDialog: CustomEvent<undefined>;
    openRecoveryDialog: CustomEvent<undefined>;
  }
}
