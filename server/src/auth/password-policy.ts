import { dictionary } from '@zxcvbn-ts/language-common';
import { MIN_PASSWORD_LENGTH } from '@redflag/contracts/constants';

/**
 * Password rules (product-spec.md section 5, DESIGN.md section 6): at least 6 characters and not one of the
 * ~49,000 most common passwords. The list is zxcvbn-ts's maintained common-password dictionary
 * (@zxcvbn-ts/language-common), matched case-insensitively.
 */

export const MAX_PASSWORD_LENGTH = 128;

export type WeakPasswordReason = 'length' | 'common';

const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

/** The reasons a password is refused; empty when it is acceptable. */
export function weakPasswordReasons(password: string): WeakPasswordReason[] {
  const reasons: WeakPasswordReason[] = [];
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) reasons.push('length');
  if (isCommonPassword(password)) reasons.push('common');
  return reasons;
}

export function weakPasswordMessage(reasons: WeakPasswordReason[]): string {
  const parts: string[] = [];
  if (reasons.includes('length'))
    parts.push(`Password must be between ${MIN_PASSWORD_LENGTH} and ${MAX_PASSWORD_LENGTH} characters.`);
  if (reasons.includes('common'))
    parts.push('This password is too common and easy to guess. Please choose another one.');
  return parts.join(' ');
}
