import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { API_ROUTES, type ApiRouteName } from '@redflag/contracts/api-routes';
import { V1_ROUTES } from '@redflag/contracts/v1-routes';
import { AppError } from '../lib/app-error.ts';
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

const json = (body: unknown, method = 'POST') => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

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
    const created = await app.request('/api/api-keys', json({ name: 'CI' }));
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ id: 'k1', name: 'CI' });
    const event = await app.request('/api/events', json({ name: 'scan_completed', properties: {} }));
    expect(event.status).toBe(204);
    expect(await event.text()).toBe('');
    // Another method on the row's path is not this route.
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
    const saved = await app.request('/api/scans/s1/feedback', json({ label: 'scam', note: '  ' }, 'PUT'));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      feedback: { scanId: 's1', label: 'scam', note: null, consentToUseText: false },
    });
    const notJson = await app.request('/api/scans/s1/feedback', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"label":',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    const invalid = await app.request('/api/scans/s1/feedback', json({ label: 'maybe' }, 'PUT'));
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toMatchObject({
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
    expect((await app.request('/api/scans', json({ message: 42 }))).status).toBe(401);
    expect(seen).toEqual([]);
    const checked = await app.request('/api/scans', {
      ...json({ message: ' ' }),
      headers: { 'content-type': 'application/json', cookie: 'a=b' },
    });
    expect(checked.status).toBe(422);
    expect(await checked.json()).toMatchObject({ error: { code: 'MESSAGE_REQUIRED' } });
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
    const list = await app.request('/api/scans?page=2&verdict=scam');
    expect(list.status).toBe(200);
    expect(JSON.parse(list.headers.get('x-seen') ?? '{}')).toMatchObject({ page: 2, verdict: 'scam' });
    expect((await app.request('/api/scans?page=-1')).status).toBe(422);
    const shared = await app.request('/api/shared/t%20k');
    expect(shared.status).toBe(404);
    expect(shared.headers.get('x-token')).toBe('t k');
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
    const bad = await app.request('/v1/scans/not-a-uuid');
    expect(bad.status).toBe(404);
    expect(await bad.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect(seen).toEqual([]);
    expect((await app.request(`/v1/scans/${SCAN_ID}`)).status).toBe(404);
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
    expect((await app.request('/v1/scans/x', json({ knowsSender: 'maybe' }, 'PATCH'))).status).toBe(404);
    const invalid = await app.request(`/v1/scans/${SCAN_ID}`, json({ knowsSender: 'maybe' }, 'PATCH'));
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
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
