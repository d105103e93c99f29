import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';

/**
 * The known-device cookie (decision 048, after OWASP's "device cookies" against account lock-out): a
 * browser that signed in to an account successfully gets a keyed hash of that account's address. Failed
 * sign-ins spread over many clients fill the account's `sign-in:email-failures` bucket; a browser holding
 * the cookie is not subject to that bucket, so the owner still signs in while the account is under attack.
 * The cookie names no address (an HMAC with the app's secret) and grants nothing else: the per-client
 * limits still apply, and the password is still checked.
 */

export const KNOWN_DEVICE_COOKIE = 'rf_known_device';
const MAX_ACCOUNTS = 5;
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

function tokenFor(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`known-device:${email.trim().toLowerCase()}`).digest('base64url');
}

function tokensIn(c: Context): string[] {
  const value = getCookie(c, KNOWN_DEVICE_COOKIE);
  return value ? value.split('.').filter(Boolean).slice(0, MAX_ACCOUNTS) : [];
}

/** Whether this request comes from a browser that has signed in to the account with this address before. */
export function isKnownDevice(c: Context, secret: string, email: string): boolean {
  const expected = Buffer.from(tokenFor(secret, email));
  return tokensIn(c).some((t) => {
    const got = Buffer.from(t);
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
}

/** Marks this browser as known for the account (after a successful sign-in); keeps the last few accounts. */
export function rememberDevice(c: Context, secret: string, email: string, secure: boolean): void {
  const token = tokenFor(secret, email);
  const tokens = [token, ...tokensIn(c).filter((t) => t !== token)].slice(0, MAX_ACCOUNTS);
  setCookie(c, KNOWN_DEVICE_COOKIE, tokens.join('.'), {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    maxAge: MAX_AGE_SECONDS,
  });
}
