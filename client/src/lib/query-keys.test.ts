import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { CONVERSION_DEPENDENT_KEYS, invalidateKeys, queryKeys, SCAN_DEPENDENT_KEYS } from './query-keys';

/** Fills a cache with one entry per key, invalidates `keys`, answers which entries went stale. */
async function staleAfter(keys: Parameters<typeof invalidateKeys>[1]): Promise<string[]> {
  const client = new QueryClient();
  const all = [
    queryKeys.scans.list({ page: 2 }),
    queryKeys.scans.detail('s1'),
    queryKeys.scans.feedback('s1'),
    queryKeys.stats,
    queryKeys.scanUsage,
    queryKeys.plan,
    queryKeys.trialStatus,
    queryKeys.subscriptionStatus,
    queryKeys.authUser.forUser('u1'),
    queryKeys.session,
    queryKeys.config,
    queryKeys.shared('t'),
  ];
  for (const key of all) client.setQueryData(key, 1);
  await invalidateKeys(client, keys);
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => JSON.stringify(q.queryKey))
    .sort();
}

describe('query keys', () => {
  it('after a scan: every history page, report, stats and usage go stale, and nothing else', async () => {
    expect(await staleAfter(SCAN_DEPENDENT_KEYS)).toEqual(
      [
        '["/api/scans","list",{"page":2}]',
        '["/api/scans","s1"]',
        '["/api/scans","s1","feedback"]',
        '["/api/users/stats"]',
        '["/api/users/scan-usage"]',
      ].sort(),
    );
  });

  it("after a conversion: the plan's views and every user's record go stale, not the scans", async () => {
    expect(await staleAfter(CONVERSION_DEPENDENT_KEYS)).toEqual(
      [
        '["/api/users/plan"]',
        '["/api/users/trial-status"]',
        '["/api/stripe/subscription-status"]',
        '["/api/users/scan-usage"]',
        '["/api/auth/user","u1"]',
      ].sort(),
    );
  });
});
