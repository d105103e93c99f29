import type { RateRule } from '../http/rate-limit.ts';

/**
 * Limits on the account endpoints (DESIGN.md section 6), per client address and per e-mail address.
 * Generous enough for a household behind one address, tight enough to make guessing passwords and
 * mail-bombing an address pointless.
 */
export const AUTH_RATE_RULES = {
  signIn: {
    ip: { name: 'sign-in:ip', limit: 20, windowSeconds: 15 * 60 },
    email: { name: 'sign-in:email', limit: 10, windowSeconds: 15 * 60 },
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
} as const satisfies Record<string, { ip: RateRule; email: RateRule }>;
