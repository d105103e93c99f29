import { describe, expect, it } from 'vitest';
import { presentError } from './auth-errors';

describe('presentError: where the accounts forms show an error', () => {
  it('offers recovery after a wrong password, and the dialog a Sign In button', () => {
    expect(
      presentError({ status: 401, error: { code: 'invalid_credentials', message: 'Invalid email or password' } }),
    ).toMatchObject({
      title: 'Incorrect email or password',
      isAuthError: true,
      action: 'recovery',
    });
  });

  it('offers a new verification mail for an unconfirmed address', () => {
    expect(presentError({ status: 403, error: { code: 'email_not_confirmed', message: '...' } })).toMatchObject({
      title: 'Check Your Email',
      action: 'resend_verification',
    });
  });

  it('offers signing in instead when the account exists', () => {
    expect(presentError({ status: 409, error: { code: 'ACCOUNT_EXISTS', message: '...' } })).toMatchObject({
      title: 'Account Already Exists',
      action: 'sign_in_instead',
    });
  });

  it('puts a weak password under the password field, with the advice its reasons call for', () => {
    const p = presentError({
      status: 422,
      error: { code: 'weak_password', message: 'Too common', details: { reasons: ['common'] } },
    });
    expect(p.field).toBe('password');
    expect(p.suggestion).toMatch(/common/);
  });

  it('says why Google or Facebook did not join an account whose address is unconfirmed, and what to do', () => {
    const p = presentError({ status: 401, error: { code: 'oauth_failed', message: 'account_not_linked' } });
    expect(p.description).toMatch(/not confirmed yet/);
    expect(p.suggestion).toMatch(/confirmation link/);
    expect(presentError({ status: 401, error: { code: 'oauth_failed', message: 'access_denied' } }).description).toBe(
      'Sign-in with your Google or Facebook account did not complete.',
    );
  });

  it('keeps other errors out of the fields and without a Sign In button', () => {
    expect(presentError({ status: 503, error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } })).toEqual({
      title: 'Service Temporarily Unavailable',
      description: 'Something went wrong on our side.',
      suggestion: 'Please try again in a few minutes.',
      isAuthError: false,
    });
  });
});
