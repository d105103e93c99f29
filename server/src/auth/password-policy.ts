import { dictionary } from '@zxcvbn-ts/language-common';
import { MIN_PASSWORD_LENGTH } from '@redflag/contracts/constants';
import type { WeakPasswordReason } from '@redflag/contracts/auth';

/**
 * Password rules (docs/decisions/048-passwords-and-sign-in-lockouts.md), applied on
 * sign-up, change-password and reset-password:
 * - at least MIN_PASSWORD_LENGTH (10) and at most 128 characters;
 * - not one of the ~49,000 most common passwords: zxcvbn-ts's maintained common-password dictionary
 *   (@zxcvbn-ts/language-common), matched case-insensitively and ignoring surrounding spaces;
 * - not the account's e-mail address, nor its local part ("ada.lovelace" for ada.lovelace@example.com);
 * - not spaces only, nor (nearly) one repeated character: fewer than 4 distinct characters
 *   ("          ", "aaaaaaaaaa", "ababababab").
 */

export const MAX_PASSWORD_LENGTH = 128;
const MIN_DISTINCT_CHARACTERS = 4;

export type { WeakPasswordReason };

const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.trim().toLowerCase());
}

function isEmailLike(password: string, email: string | null | undefined): boolean {
  if (!email) return false;
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0] ?? '';
  const candidate = password.trim().toLowerCase();
  return candidate === address || (local.length > 0 && candidate === local) || candidate.includes(address);
}

function isRepetitive(password: string): boolean {
  if (!password.trim()) return true;
  return new Set(Array.from(password)).size < MIN_DISTINCT_CHARACTERS;
}

/** The reasons a password is refused for the account with this e-mail (when known); empty when acceptable. */
export function weakPasswordReasons(password: string, context: { email?: string | null } = {}): WeakPasswordReason[] {
  const reasons: WeakPasswordReason[] = [];
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) reasons.push('length');
  if (isRepetitive(password)) reasons.push('repetitive');
  if (isCommonPassword(password)) reasons.push('common');
  if (isEmailLike(password, context.email)) reasons.push('email');
  return reasons;
}

export function weakPasswordMessage(reasons: WeakPasswordReason[]): string {
  const parts: string[] = [];
  if (reasons.includes('length'))
    parts.push(`Password must be between ${MIN_PASSWORD_LENGTH} and ${MAX_PASSWORD_LENGTH} characters.`);
  if (reasons.includes('repetitive')) parts.push('Password cannot be spaces or the same few characters repeated.');
  if (reasons.includes('common'))
    parts.push('This password is too common and easy to guess. Please choose another one.');
  if (reasons.includes('email')) parts.push('Password cannot be your email address.');
  return parts.join(' ');
}
