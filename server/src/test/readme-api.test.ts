import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { V1_ROUTES } from '@redflag/contracts/v1-routes';

/** The README's public API line names every /v1 route of the route table, and no other. */
const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe("the README's public API", () => {
  it('names each /v1 route of the route table by method and path', () => {
    const line = README.split('\n\n').find((p) => p.startsWith('Public API')) ?? '';
    const named = [...line.matchAll(/`(GET|POST|PATCH|PUT|DELETE) (\/v1\/[^`]*)`/g)].map((m) => `${m[1]} ${m[2]}`);
    const routes = Object.values(V1_ROUTES).map((r) => `${r.method} ${r.path}`);
    expect(named.sort()).toEqual([...routes].sort());
  });
});
