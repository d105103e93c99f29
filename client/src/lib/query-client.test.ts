import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { isUnauthorized } from './errors';
import { createQueryClient, shouldRetryQuery } from './query-client';

const unauthorized = new ApiError({ status: 401, code: 'UNAUTHORIZED', message: 'Authentication required' });
// Its text holds "401" ("404: No scan 40173"), its status does not: not a session problem.
const notFound = new ApiError({ status: 404, code: 'NOT_FOUND', message: 'No scan 40173' });

/** Runs one query through the app's client until it settles; answers how often the fetcher ran. */
async function attempts(fail: (attempt: number) => Error | null): Promise<{ calls: number; status: string }> {
  let calls = 0;
  const observer = new QueryObserver(createQueryClient(), {
    queryKey: ['test'],
    queryFn: () => {
      calls += 1;
      const error = fail(calls);
      return error ? Promise.reject(error) : Promise.resolve('ok');
    },
  });
  const status = await new Promise<string>((resolve) => {
    const stop = observer.subscribe((r) => {
      if (r.status === 'pending') return;
      stop();
      resolve(r.status);
    });
  });
  return { calls, status };
}

describe('query retry policy', () => {
  it('recognises a 401 by its status, not by "401" in the text', () => {
    expect(isUnauthorized(unauthorized)).toBe(true);
    expect(isUnauthorized(notFound)).toBe(false);
    expect(isUnauthorized(new Error('401'))).toBe(false);
    expect(shouldRetryQuery(0, notFound)).toBe(false);
  });

  it('retries a 401 twice, one second apart, and then fails', async () => {
    const started = Date.now();
    await expect(attempts(() => unauthorized)).resolves.toEqual({ calls: 3, status: 'error' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });

  it('succeeds when the session is back on the second try', async () => {
    await expect(attempts((n) => (n === 1 ? unauthorized : null))).resolves.toEqual({ calls: 2, status: 'success' });
  });

  it('fails at once on any other error', async () => {
    await expect(attempts(() => notFound)).resolves.toEqual({ calls: 1, status: 'error' });
    await expect(attempts(() => new TypeError('Failed to fetch'))).resolves.toEqual({ calls: 1, status: 'error' });
  });
});
