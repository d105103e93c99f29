import { describe, expect, it } from 'vitest';
import { ApiError, toApiError } from '@/lib/api';
import { changeEmailError, changePasswordError } from './form-errors';

const apiError = (status: number, error: Record<string, unknown>) => toApiError(status, '', JSON.stringify({ error }));

describe('changePasswordError', () => {
  it('puts a wrong current password under the current password, not the sign-in wording', () => {
    expect(
      changePasswordError(apiError(401, { code: 'invalid_credentials', message: 'Invalid email or password' })),
    ).toEqual({
      field: 'currentPassword',
      message: 'Your current password is not correct.',
    });
  });

  it("puts the server's password rule under the new password", () => {
    const err = apiError(422, {
      code: 'weak_password',
      message: 'Password must be between 10 and 128 characters.',
      details: { reasons: ['length'] },
    });
    expect(changePasswordError(err)).toEqual({
      field: 'newPassword',
      message: 'Password must be between 10 and 128 characters.',
    });
  });

  it('a rate limit or a network failure goes under the form', () => {
    expect(changePasswordError(apiError(429, { code: 'RATE_LIMITED', message: 'x' })).field).toBeNull();
    expect(changePasswordError(new TypeError('Failed to fetch'))).toEqual({
      field: null,
      message: 'We could not reach RedFlag. Check your connection and try again.',
    });
  });

  it('never shows a 500 message', () => {
    expect(
      changePasswordError(new ApiError({ status: 500, code: 'INTERNAL_ERROR', message: 'db exploded' })).message,
    ).not.toContain('db');
  });
});

describe('changeEmailError', () => {
  it('a field error from the contract lands under the new e-mail field', () => {
    const err = apiError(422, {
      code: 'VALIDATION_ERROR',
      message: 'Please enter a valid email address',
      details: { fields: [{ path: 'newEmail', message: 'Please enter a valid email address' }] },
    });
    expect(changeEmailError(err)).toEqual({ field: 'newEmail', message: 'Please enter a valid email address' });
  });

  it('an address taken by another account is said plainly, without "sign in instead"', () => {
    expect(
      changeEmailError(
        apiError(409, {
          code: 'ACCOUNT_EXISTS',
          message: 'An account with this email already exists. Please sign in instead.',
        }),
      ),
    ).toEqual({
      field: 'newEmail',
      message: 'Another account already uses this e-mail address.',
    });
  });
});
