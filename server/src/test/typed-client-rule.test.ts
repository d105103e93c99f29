import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '@redflag/contracts/api-routes';
import { V1_ROUTES } from '@redflag/contracts/v1-routes';

/**
 * Tests call routes through the typed clients (server/src/test/api-client.ts: `apiClient` for /api rows,
 * `v1Client` for /v1 rows), so the answer is parsed by the row's schema and a renamed path or changed body
 * fails to compile. A raw `.request('/api…')` or `.request('/v1…')` stays only where the test is about raw
 * HTTP (headers, malformed bodies, unknown paths, content types, body limits), and says so on the line
 * before: `// raw HTTP: <why>`. Raw calls to a path of the route tables are capped so the exception stays one
 * (docs/decisions/124); paths no table has (better-auth's own routes, the test clock, the billing webhooks)
 * have no typed client to go through, so they are marked but not counted.
 */

const MAX_RAW_CALLS = 30;
const MARK = '// raw HTTP:';
const SERVER_SRC = fileURLToPath(new URL('..', import.meta.url));
const REPO = fileURLToPath(new URL('../../..', import.meta.url));

interface RawCall {
  line: number;
  marked: boolean;
  /** The literal path up to its query, template parts as `:param` (`/api/scans/:param`). */
  path: string;
}

const segments = (path: string) => path.replace(/\/+$/, '').split('/');
const TABLE_PATHS = [...Object.values(API_ROUTES), ...Object.values(V1_ROUTES)].map((row) => segments(row.path));

/** True when a path is one of the route tables' rows (a `:name` segment of a row matches any segment). */
export function inRouteTable(path: string): boolean {
  const parts = segments(path);
  return TABLE_PATHS.some(
    (row) =>
      row.length === parts.length &&
      row.every((seg, i) => seg.startsWith(':') || parts[i] === ':param' || seg === parts[i]),
  );
}

/** Every `.request(` whose first argument is a literal path under /api or /v1, with whether it is marked. */
export function rawCalls(source: string): RawCall[] {
  const lines = source.split('\n');
  const calls: RawCall[] = [];
  for (const match of source.matchAll(/\.request\(\s*['"`](\/(?:api|v1)(?:[/?'"`]|\$\{)[^'"`?]*)/g)) {
    const line = source.slice(0, match.index).split('\n').length;
    const path = (match[1] ?? '').replace(/\$\{[^}]*\}/g, ':param').replace(/['"`]$/, '');
    calls.push({ line, marked: (lines[line - 2] ?? '').trim().startsWith(MARK), path });
  }
  return calls;
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the typed test clients rule', () => {
  it('finds single-quoted, template and multi-line raw calls, and sees the mark on the line before', () => {
    const source = [
      "await t.request('/api/scans');",
      '// raw HTTP: a malformed body',
      "await app.request('/v1/scans', { body: '{' });",
      'await t.request(`/v1/scans/${id}`);',
      'await t.request(',
      "  '/api/me',",
      ');',
      "await t.request('/health');",
      'await t.request(path);',
    ].join('\n');
    expect(rawCalls(source)).toEqual([
      { line: 1, marked: false, path: '/api/scans' },
      { line: 3, marked: true, path: '/v1/scans' },
      { line: 4, marked: false, path: '/v1/scans/:param' },
      { line: 5, marked: false, path: '/api/me' },
    ]);
  });

  it('tells a path of the route tables from one no table has', () => {
    expect(inRouteTable('/api/scans')).toBe(true);
    expect(inRouteTable('/v1/scans/:param')).toBe(true);
    expect(inRouteTable('/api/scans/abc-123')).toBe(true);
    expect(inRouteTable('/api/auth/sign-in/email')).toBe(false);
    expect(inRouteTable('/api/no-such-route')).toBe(false);
  });

  const files = testFiles(SERVER_SRC).filter((f) => !f.endsWith('typed-client-rule.test.ts'));
  const found = files.flatMap((file) =>
    rawCalls(readFileSync(file, 'utf8')).map((call) => ({ file: relative(REPO, file), ...call })),
  );

  it('every raw /api or /v1 call in a server test says why it is raw, on the line before', () => {
    const unmarked = found.filter((c) => !c.marked).map((c) => `${c.file}:${c.line}`);
    expect(unmarked, `call these through apiClient / v1Client, or mark them "${MARK} <why>"`).toEqual([]);
  });

  it(`at most ${MAX_RAW_CALLS} raw calls to the route tables' paths remain in all server tests`, () => {
    const counted = found.filter((c) => inRouteTable(c.path));
    const where = counted.map((c) => `${c.file}:${c.line} ${c.path}`).join('\n');
    expect(counted.length, `raw calls to table paths:\n${where}`).toBeLessThanOrEqual(MAX_RAW_CALLS);
  });
});
