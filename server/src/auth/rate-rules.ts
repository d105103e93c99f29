import type { RateRule } from '../http/rate-limit.ts';

/**
 * Limits on the account endpoints (docs/design.md §6, decisions 032 and 048). Generous enough for a
 * household behind one address, tight enough to make guessing passwords and mail-bombing an address
 * pointless.
 *
 * Sign-in is keyed on the e-mail address *plus* the client (decision 048): one client that fails for an
 * address is stopped by `emailClient`, and cannot lock the owner out of their own account elsewhere. The
 * per-address `emailFailures` bucket counts only failed attempts, from every client together, to slow a
 * guess spread over many addresses; a browser that has signed in to that account before (it holds the
 * known-device cookie) is not subject to it, and the owner can always recover with a magic link.
 */
export const AUTH_RATE_RULES = {
  signIn: {
    ip: { name: 'sign-in:ip', limit: 20, windowSeconds: 15 * 60 },
    emailClient: { name: 'sign-in:email-client', limit: 10, windowSeconds: 15 * 60 },
    emailFailures: { name: 'sign-in:email-failures', limit: 50, windowSeconds: 60 * 60 },
  },
  signUp: {
    ip: { name: 'sign-up:ip', limit: 20, windowSeconds: 60 * 60 },
    email: { name: 'sign-up:email', limit: 5, windowSeconds: 60 * 60 },
  },
  magicLink: {
    ip: { name: 'magic-link:ip', limit: 10, windowSeconds: 15 * 60 },
    email: { name: 'magic-link:email', limit: 3, windowSeconds: 15 * 60 },
  },
  resend: {
    ip: { name: 'resend:ip', limit: 10, windowSeconds: 15 * 60 },
    email: { name: 'resend:email', limit: 3, windowSeconds: 15 * 60 },
  },
  /** Each attempt checks the current password: per account (the session's user) and per client. */
  changePassword: {
    ip: { name: 'change-password:ip', limit: 20, windowSeconds: 15 * 60 },
    user: { name: 'change-password:user', limit: 5, windowSeconds: 15 * 60 },
  },
  /** Each request mails a link: per account, per client, and per new address (it need not be the caller's). */
  changeEmail: {
    ip: { name: 'change-email:ip', limit: 10, windowSeconds: 15 * 60 },
    user: { name: 'change-email:user', limit: 3, windowSeconds: 15 * 60 },
    email: { name: 'change-email:new-email', limit: 3, windowSeconds: 15 * 60 },
  },
  /**
   * The last step of a change of address (decision 132): each finish checks the account's password or a
   * code, and each code request mails the account. Per client and per account (the one the link names).
   */
  changeEmailFinish: {
    ip: { name: 'change-email-finish:ip', limit: 20, windowSeconds: 15 * 60 },
    user: { name: 'change-email-finish:user', limit: 10, windowSeconds: 15 * 60 },
  },
  changeEmailCode: {
    ip: { name: 'change-email-code:ip', limit: 10, windowSeconds: 15 * 60 },
    user: { name: 'change-email-code:user', limit: 3, windowSeconds: 15 * 60 },
  },
} as const satisfies Record<string, Record<string, RateRule>>;
