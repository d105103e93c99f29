/**
 * Every key the client keeps in browser storage (docs/product.md §3, "Browser-stored keys").
 * The session itself is not here: better-auth keeps it in an httpOnly cookie (docs/design.md §3.1).
 */
export const STORAGE_KEYS = {
  /** premium_signup | trial_signup | scam_analyzer: where the sign-up started. */
  signupContext: 'signupContext',
  /** 'true' when the account must add a payment method before scanning. */
  requirePaymentSetup: 'requirePaymentSetup',
  requireTierSelection: 'requireTierSelection',
  /** google | facebook: the OAuth provider of a sign-in in flight. */
  oauthProvider: 'oauthProvider',
  pendingCheckoutRedirect: 'pendingCheckoutRedirect',
  /** session_failed | callback_failed */
  oauthError: 'oauthError',
  showTrialToast: 'showTrialToast',
  /** JSON of { message, phoneNumber, email, platform } typed before signing in; run after sign-in. */
  pendingAnalysis: 'pendingAnalysis',
  /** US | UK | IN | … | other: the country the user picked under "Report it"; it wins over any guess. */
  reportCountry: 'reportCountry',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export type SignupContext = 'premium_signup' | 'trial_signup' | 'scam_analyzer';
export type OAuthProvider = 'google' | 'facebook';
export type OAuthErrorKind = 'session_failed' | 'callback_failed';

/** Storage can throw (Safari private mode, disabled cookies); losing a hint is better than crashing. */
export const storage = {
  get(key: StorageKey): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: the flow continues without the hint */
    }
  },
  remove(key: StorageKey): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* storage unavailable */
    }
  },
};
