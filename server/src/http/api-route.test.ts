import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { API_ROUTES, type ApiRouteName } from '@redflag/contracts/api-routes';
import { V1_ROUTES } from '@redflag/contracts/v1-routes';
import { AppError } from '../lib/app-error.ts';
import { apiClient, okData, overApp, v1Client } from '../test/api-client.ts';
import { apiRoute, v1Route } from './api-route.ts';
import { handleError } from './error-handler.ts';
import type { AppEnv } from './types.ts';

/**
 * apiRoute declares a web-app route from its row in the contracts' route table (decision 094). The first
 * part drives the helper on a bare Hono app with the app's one error handler; the second holds the server
 * to "declared once": every row is served through apiRoute or by better-auth, and no row's path is
 * registered by hand.
 */

function appWith(register: (app: Hono<AppEnv>) => void): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  register(app);
  return app;
}

describe('apiRoute', () => {
  it("answers with the row's method, path and 2xx: 201 for a row that says so, 204 for z.undefined()", async () => {
    const app = appWith((a) => {
      apiRoute(a, 'createApiKey', async (_c, req) => {
        const { name } = await req.body();
        return {
          id: 'k1',
          name,
          prefix: 'rf_live_abcd',
          createdAt: '2026-11-25T00:00:00.000Z',
          lastUsedAt: null,
          revokedAt: null,
          key: 'rf_live_secret',
        };
      });
      apiRoute(a, 'sendEvent', async (_c, req) => {
        await req.body();
        return undefined;
      });
    });
    const call = apiClient(overApp(app));
    expect(okData(await call('createApiKey', { body: { name: 'CI' } }), 201)).toMatchObject({ id: 'k1', name: 'CI' });
    const event = await call('sendEvent', { body: { name: 'scan_completed', properties: {} } });
    expect(event.status).toBe(204);
    expect(await event.res.text()).toBe('');
    // Another method on the row's path is not this route.
    // raw HTTP: a method no row has on this path
    expect((await app.request('/api/api-keys', { method: 'PUT' })).status).toBe(404);
  });

  it("parses the body with the row's schema: 400 for JSON that does not parse, 422 naming the field otherwise", async () => {
    const app = appWith((a) =>
      apiRoute(a, 'saveFeedback', async (_c, req) => {
        const body = await req.body();
        return {
          feedback: {
            scanId: req.params.id,
            label: body.label,
            note: body.note,
            consentToUseText: body.consentToUseText,
            engineVersion: 'v',
            riskScore: 0,
            scamType: null,
            updatedAt: '2026-11-25T00:00:00.000Z',
          },
        };
      }),
    );
    const call = apiClient(overApp(app));
    const params = { id: 's1' };
    const saved = await call('saveFeedback', { params, body: { label: 'scam', note: '  ' } });
    expect(okData(saved, 200)).toMatchObject({
      feedback: { scanId: 's1', label: 'scam', note: null, consentToUseText: false },
    });
    // raw HTTP: a body that is not JSON
    const notJson = await app.request('/api/scans/s1/feedback', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"label":',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    const invalid = await call('saveFeedback', { params, invalidBody: { label: 'maybe' } });
    expect(invalid).toMatchObject({
      status: 422,
      error: { code: 'VALIDATION_ERROR', details: { fields: [{ path: 'label' }] } },
    });
  });

  it('parses the body only when the handler asks, after its own checks (a signed-out caller gets 401, not 422)', async () => {
    const seen: unknown[] = [];
    const app = appWith((a) =>
      apiRoute(a, 'createScan', async (c, req) => {
        if (!c.req.header('cookie')) throw new AppError('UNAUTHORIZED');
        await req.body((raw) => {
          seen.push(raw);
          throw new AppError('MESSAGE_REQUIRED', 'Please enter a message to analyze');
        });
        throw new Error('unreachable: the check threw');
      }),
    );
    const call = apiClient(overApp(app));
    expect(await call('createScan', { invalidBody: { message: 42 } })).toMatchObject({
      status: 401,
      error: { code: 'UNAUTHORIZED' },
    });
    expect(seen).toEqual([]);
    const checked = await call('createScan', { body: { message: ' ' }, headers: { cookie: 'a=b' } });
    expect(checked).toMatchObject({ status: 422, error: { code: 'MESSAGE_REQUIRED' } });
    expect(seen).toEqual([{ message: ' ' }]);
  });

  it("hands the path parameters and the parsed query (the row's defaults applied) to the handler", async () => {
    const app = appWith((a) => {
      apiRoute(a, 'listScans', async (c, req) => {
        c.header('X-Seen', JSON.stringify(req.query()));
        return [];
      });
      apiRoute(a, 'getSharedScan', async (c, req) => {
        c.header('X-Token', req.params.token);
        throw new AppError('NOT_FOUND');
      });
    });
    const call = apiClient(overApp(app));
    const list = await call('listScans', { query: { page: 2, verdict: 'scam' } });
    expect(list.status).toBe(200);
    expect(JSON.parse(list.res.headers.get('x-seen') ?? '{}')).toMatchObject({ page: 2, verdict: 'scam' });
    expect(await call('listScans', { query: { page: -1 } })).toMatchObject({
      status: 422,
      error: { code: 'VALIDATION_ERROR' },
    });
    const shared = await call('getSharedScan', { params: { token: 't k' } });
    expect(shared).toMatchObject({ status: 404, error: { code: 'NOT_FOUND' } });
    expect(shared.res.headers.get('x-token')).toBe('t k');
  });
});

describe('v1Route', () => {
  const SCAN_ID = '0b6f3c1e-8f7a-4c7e-9d2a-5e4b3c2a1f00';

  it("parses the row's path parameters before the handler: an id that is not one answers 404 NOT_FOUND", async () => {
    const seen: string[] = [];
    const app = appWith((a) =>
      v1Route(a, 'getScan', async (_c, req) => {
        // Typed by the row's params schema: a string, never undefined.
        const id: string = req.params.id;
        seen.push(id);
        throw new AppError('NOT_FOUND', 'Scan not found');
      }),
    );
    const v1 = v1Client(overApp(app));
    const bad = await v1('getScan', { params: { id: 'not-a-uuid' } });
    expect(bad).toMatchObject({ status: 404, error: { code: 'NOT_FOUND' } });
    expect(seen).toEqual([]);
    expect((await v1('getScan', { params: { id: SCAN_ID } })).status).toBe(404);
    expect(seen).toEqual([SCAN_ID]);
  });

  it("answers with the row's status and parses its body after the path", async () => {
    const bodies: unknown[] = [];
    const app = appWith((a) =>
      v1Route(a, 'answerScan', async (_c, req) => {
        bodies.push(await req.body());
        throw new AppError('NOT_FOUND', 'Scan not found');
      }),
    );
    // A bad id is refused before the body is read: 404, not 422 for the body.
    const v1 = v1Client(overApp(app));
    const invalidBody = { knowsSender: 'maybe' };
    expect(await v1('answerScan', { params: { id: 'x' }, invalidBody })).toMatchObject({
      status: 404,
      error: { code: 'NOT_FOUND' },
    });
    const invalid = await v1('answerScan', { params: { id: SCAN_ID }, invalidBody });
    expect(invalid).toMatchObject({ status: 422, error: { code: 'VALIDATION_ERROR' } });
    expect(bodies).toEqual([]);
  });
});

const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function productionSources(dir: string): Array<{ file: string; text: string }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : productionSources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
      ? [{ file: path.relative(SERVER_SRC, full), text: readFileSync(full, 'utf8') }]
      : [];
  });
}

/** Rows better-auth answers itself (mounted at /api/auth/*): the route-table test checks their answers. */
const BETTER_AUTH_ROWS = new Set<ApiRouteName>([
  'getSession',
  'listSignInMethods',
  'changeEmail',
  'changePassword',
  'signOut',
  'revokeSessions',
]);

describe('every route of the table is declared once', () => {
  const sources = productionSources(SERVER_SRC);

  it('each row is served through apiRoute, or by better-auth', () => {
    const declared = new Map<string, string[]>();
    for (const { file, text } of sources) {
      for (const m of text.matchAll(/apiRoute\(\s*\w+,\s*'(\w+)'/g))
        declared.set(m[1] ?? '', [...(declared.get(m[1] ?? '') ?? []), file]);
    }
    for (const name of Object.keys(API_ROUTES) as ApiRouteName[]) {
      if (BETTER_AUTH_ROWS.has(name)) {
        expect(API_ROUTES[name].path.startsWith('/api/auth/'), name).toBe(true);
        expect(declared.has(name), `${name} is better-auth's`).toBe(false);
      } else {
        expect(
          declared.get(name),
          `${name} (${API_ROUTES[name].method} ${API_ROUTES[name].path}) declared once through apiRoute`,
        ).toHaveLength(1);
      }
    }
    for (const name of declared.keys()) expect(Object.keys(API_ROUTES), `apiRoute names '${name}'`).toContain(name);
  });

  it('each /v1 row is served through v1Route, once', () => {
    const declared: string[] = [];
    for (const { text } of sources)
      for (const m of text.matchAll(/v1Route\(\s*\w+,\s*'(\w+)'/g)) declared.push(m[1] ?? '');
    expect(declared.sort()).toEqual(Object.keys(V1_ROUTES).sort());
  });

  it('no route of ours in the table is registered by hand beside it', () => {
    // better-auth's rows may have middleware of ours in front (rate limits); the answer is better-auth's.
    const ours = (Object.keys(API_ROUTES) as ApiRouteName[]).filter((name) => !BETTER_AUTH_ROWS.has(name));
    const rowKeys = new Set(ours.map((name) => `${API_ROUTES[name].method} ${API_ROUTES[name].path}`));
    const byHand: string[] = [];
    for (const { file, text } of sources) {
      for (const m of text.matchAll(/\.(get|post|put|delete)\(\s*'(\/api\/[^']*)'/g)) {
        if (rowKeys.has(`${(m[1] ?? '').toUpperCase()} ${m[2]}`)) byHand.push(`${file}: ${m[1]} ${m[2]}`);
      }
    }
    expect(byHand).toEqual([]);
  });
});
