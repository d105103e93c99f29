import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { createQueryClient, shouldRetryQuery } from './query-client';

describe('query retry policy', () => {
  const unauthorized = new ApiError({ status: 401, code: 'UNAUTHORIZED', message: 'Authentication required' });
  const serverError = new ApiError({ status: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong' });

  it('retries errors containing 401 at most twice', () => {
    expect(shouldRetryQuery(0, unauthorized)).toBe(true);
    expect(shouldRetryQuery(1, unauthorized)).toBe(true);
    expect(shouldRetryQuery(2, unauthorized)).toBe(false);
  });

  it('does not retry other errors', () => {
    expect(shouldRetryQuery(0, serverError)).toBe(false);
    expect(shouldRetryQuery(0, new Error('Failed to fetch'))).toBe(false);
  });

  it('uses the spec defaults: infinite stale time, no focus or interval refetch, 1 s retry delay, no mutation retry', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(Infinity);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.refetchInterval).toBe(false);
    expect(defaults.queries?.retryDelay).toBe(1000);
    expect(defaults.mutations?.retry).toBe(false);
  });
});
