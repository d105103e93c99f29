import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateApiPaths, queryKeyPath } from './query-paths';

describe('queryKeyPath', () => {
  it('reads path-style and segment-style keys alike', () => {
    expect(queryKeyPath(['/api/scans', { limit: 5 }])).toBe('api/scans');
    expect(queryKeyPath(['api', 'users', 'stats'])).toBe('api/users/stats');
  });
});

describe('invalidateApiPaths', () => {
  it('invalidates the named paths and their sub-keys, and nothing else', async () => {
    const client = new QueryClient();
    for (const key of [['/api/scans'], ['/api/scans', { limit: 5 }], ['/api/users/stats'], ['/api/users/scan-usage'], ['/api/users/plan'], ['/api/scansx']]) {
      client.setQueryData(key, 1);
    }
    await invalidateApiPaths(client, ['/api/scans', '/api/users/stats', '/api/users/scan-usage']);
    const stale = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => JSON.stringify(q.queryKey))
      .sort();
    expect(stale).toEqual(['["/api/scans",{"limit":5}]', '["/api/scans"]', '["/api/users/scan-usage"]', '["/api/users/stats"]'].sort());
  });
});
