import { describe, expect, it } from 'vitest';
import { presentError, toErrorLike } from './auth-errors';

describe('presentError (product-spec.md section 8)', () => {
  const cases: Array<[unknown, string, boolean]> = [
    [
      { status: 401, error: { code: 'invalid_credentials', message: 'Invalid email or password' } },
      'Sign In Required',
      true,
    ],
    [{ status: 403, error: { code: 'email_not_confirmed', message: '...' } }, 'Check Your Email', true],
    [{ status: 403, error: { code: 'signup_disabled', message: '...' } }, 'Service Temporarily Unavailable', false],
    [new TypeError('Failed to fetch'), 'Connection Problem', false],
    [{ status: 401, error: { code: 'UNAUTHORIZED', message: 'Authentication required' } }, 'Sign In Required', true],
    [{ status: 403, error: { code: 'FORBIDDEN', message: 'Access denied' } }, 'Account Setup Required', false],
    [
      { status: 429, error: { code: 'RATE_LIMITED', message: 'Too many', retryAfterSeconds: 30 } },
      'Please Wait',
      false,
    ],
    [
      { status: 503, error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } },
      'Service Temporarily Unavailable',
      false,
    ],
    [{ status: 402, error: { code: 'card_error', message: 'declined' } }, 'Payment Error', false],
    [
      { status: 422, error: { code: 'VALIDATION_ERROR', message: 'Please enter a valid email address' } },
      'Invalid Information',
      false,
    ],
    [{ status: 418, error: { code: 'TEAPOT', message: 'odd' } }, 'Something Went Wrong', false],
  ];
  it.each(cases)('%j → %s', (err, title, isAuth) => {
    const p = presentError(err);
    expect(p.title).toBe(title);
    expect(p.isAuthError).toBe(isAuth);
  });

  it('an expired or used mail link says so', () => {
    expect(presentError({ status: 401, error: { code: 'link_invalid', message: 'INVALID_TOKEN' } })).toMatchObject({
      title: 'Sign In Required',
      description: 'This link has expired or was already used.',
      isAuthError: true,
    });
  });

  it('429 says how long to wait', () => {
    expect(
      presentError({ status: 429, error: { code: 'RATE_LIMITED', message: 'x', retryAfterSeconds: 600 } }).description,
    ).toContain('10 minutes');
  });

  it('reads weak_password reasons', () => {
    expect(
      toErrorLike({ status: 422, error: { code: 'weak_password', message: 'm', details: { reasons: ['common'] } } })
        .details,
    ).toEqual({ reasons: ['common'] });
    expect(
      presentError({
        status: 422,
        error: { code: 'weak_password', message: 'Too common', details: { reasons: ['common'] } },
      }).suggestion,
    ).toMatch(/common/);
  });
});
