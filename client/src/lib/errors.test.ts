import { describe, expect, it } from 'vitest';
import { ApiError, networkError } from './api';
import { classifyError, isNotFound, isUnauthorized } from './errors';

const apiError = (status: number, code: string, message = 'x') => new ApiError({ status, code, message });

describe("classifyError: the spec's titles (docs/product.md §8) and one next step per error", () => {
  const cases: Array<[string, unknown, string, string, string]> = [
    [
      'invalid_credentials',
      { status: 401, error: { code: 'invalid_credentials', message: 'Invalid email or password' } },
      'invalid_credentials',
      'Incorrect email or password',
      'sign_in',
    ],
    [
      'email_not_confirmed',
      { status: 403, error: { code: 'email_not_confirmed', message: '...' } },
      'email_not_confirmed',
      'Check Your Email',
      'sign_in',
    ],
    [
      'signup_disabled',
      { status: 403, error: { code: 'signup_disabled', message: '...' } },
      'signup_disabled',
      'Service Temporarily Unavailable',
      'retry',
    ],
    ['a network failure', networkError(new TypeError('Failed to fetch')), 'network', 'Connection Problem', 'retry'],
    ['a thrown fetch TypeError', new TypeError('Failed to fetch'), 'network', 'Connection Problem', 'retry'],
    ['401', apiError(401, 'UNAUTHORIZED', 'Authentication required'), 'unauthorized', 'Sign In Required', 'sign_in'],
    ['403 FORBIDDEN', apiError(403, 'FORBIDDEN', 'Access denied'), 'forbidden', 'Account Setup Required', 'none'],
    ['403 TRIAL_EXPIRED', apiError(403, 'TRIAL_EXPIRED'), 'trial_expired', 'Account Setup Required', 'upgrade'],
    ['403 SCAN_LIMIT_REACHED', apiError(403, 'SCAN_LIMIT_REACHED'), 'scan_limit', 'Account Setup Required', 'upgrade'],
    [
      "the limit's message under another code",
      new Error('403: Free tier scan limit reached'),
      'scan_limit',
      'Account Setup Required',
      'upgrade',
    ],
    [
      '403 PREMIUM_REQUIRED',
      apiError(403, 'PREMIUM_REQUIRED'),
      'premium_required',
      'Account Setup Required',
      'upgrade',
    ],
    ['429', apiError(429, 'RATE_LIMITED'), 'rate_limited', 'Please Wait', 'retry'],
    ['503', apiError(503, 'SERVICE_UNAVAILABLE', 'db down'), 'server', 'Service Temporarily Unavailable', 'retry'],
    [
      'card_error',
      { status: 402, error: { code: 'card_error', message: 'declined' } },
      'payment',
      'Payment Error',
      'none',
    ],
    [
      '422 VALIDATION_ERROR',
      apiError(422, 'VALIDATION_ERROR', 'Bad platform'),
      'validation',
      'Invalid Information',
      'none',
    ],
    [
      'an answer outside the contract',
      apiError(200, 'INVALID_RESPONSE'),
      'invalid_response',
      'Something Went Wrong',
      'retry',
    ],
    ['anything else', apiError(418, 'TEAPOT', 'odd'), 'unknown', 'Something Went Wrong', 'retry'],
  ];
  it.each(cases)('%s', (_name, err, kind, title, action) => {
    expect(classifyError(err)).toMatchObject({ kind, title, action });
  });

  it("shows the server's 4xx message and never a 5xx one", () => {
    expect(classifyError(apiError(403, 'TRIAL_EXPIRED', 'Your 7-day free trial has ended')).description).toBe(
      'Your 7-day free trial has ended',
    );
    const internal = classifyError(apiError(500, 'INTERNAL_ERROR', 'stack trace here'));
    expect(internal.description).not.toContain('stack');
    expect(internal.serverMessage).toBeNull();
  });

  it('says how long to wait after a 429', () => {
    expect(
      classifyError(new ApiError({ status: 429, code: 'RATE_LIMITED', message: 'x', retryAfterSeconds: 600 }))
        .description,
    ).toContain('10 minutes');
  });

  it('reads a 401 and a 404 by status, not by digits in the text', () => {
    expect(isUnauthorized(apiError(401, 'UNAUTHORIZED'))).toBe(true);
    expect(isUnauthorized(apiError(404, 'NOT_FOUND', 'No scan 40173'))).toBe(false);
    expect(isUnauthorized(new Error('401'))).toBe(false);
    expect(isNotFound(apiError(404, 'NOT_FOUND'))).toBe(true);
    expect(isNotFound(networkError(new TypeError('x')))).toBe(false);
  });
});
