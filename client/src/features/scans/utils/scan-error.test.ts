import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { classifyScanError, errorCopy } from './scan-error';

const apiError = (status: number, code: string, message: string) => new ApiError({ status, code, message });

describe('classifyScanError', () => {
  it('sends 401 to the sign-in handler', () => {
    expect(classifyScanError(apiError(401, 'UNAUTHORIZED', 'Authentication required'))).toBe('auth');
    expect(classifyScanError(new Error('Unauthorized'))).toBe('auth');
  });
  it('recognises the trial and limit refusals', () => {
    expect(classifyScanError(apiError(403, 'TRIAL_EXPIRED', 'Your free trial has ended'))).toBe('trial_expired');
    expect(classifyScanError(apiError(403, 'SCAN_LIMIT_REACHED', 'Free tier scan limit reached'))).toBe('scan_limit');
    expect(classifyScanError(new Error('403: Free tier scan limit reached'))).toBe('scan_limit');
    expect(classifyScanError(apiError(403, 'PREMIUM_REQUIRED', 'Phone verification needs Premium'))).toBe('premium_required');
  });
  it('sends anything else to the general handler', () => {
    expect(classifyScanError(apiError(500, 'INTERNAL_ERROR', 'x'))).toBe('general');
    expect(classifyScanError(apiError(403, 'PAYMENT_SETUP_REQUIRED', 'Finish setup'))).toBe('general');
    expect(classifyScanError(new TypeError('Failed to fetch'))).toBe('general');
  });
});

describe('errorCopy', () => {
  it('uses the spec titles per error type', () => {
    expect(errorCopy(apiError(401, 'UNAUTHORIZED', 'Authentication required')).title).toBe('Sign In Required');
    expect(errorCopy(apiError(403, 'TRIAL_EXPIRED', 'Trial over')).title).toBe('Account Setup Required');
    expect(errorCopy(apiError(429, 'RATE_LIMITED', 'Slow down')).title).toBe('Please Wait');
    expect(errorCopy(apiError(503, 'SERVICE_UNAVAILABLE', 'db down')).title).toBe('Service Temporarily Unavailable');
    expect(errorCopy(new TypeError('Failed to fetch')).title).toBe('Connection Problem');
    expect(errorCopy(apiError(422, 'VALIDATION_ERROR', 'Bad platform')).title).toBe('Invalid Information');
    expect(errorCopy(apiError(418, 'TEAPOT', 'odd')).title).toBe('Something Went Wrong');
  });
  it('never shows a server error message from a 5xx', () => {
    expect(errorCopy(apiError(500, 'INTERNAL_ERROR', 'stack trace here')).description).not.toContain('stack');
  });
});
