import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ROUTES,
  apiRoutePath,
  apiRouteSearch,
  type ApiRouteName,
  type ApiRouteResponse,
} from '@redflag/contracts/api-routes';
import { createTestApp, type TestApp } from './harness.ts';
import { createVerifiedUser, TEST_PASSWORD, type TestUser } from './users.ts';

/**
 * The contracts' route table (packages/contracts/src/api-routes.ts, docs/decisions/083) against the real
 * app: every row is called as the web app calls it, and the real answer must parse with the row's response
 * schema (and declared headers). A server change that breaks a contract the client parses fails here; a
 * row added to the table without a call here fails the last test.
 */

let t: TestApp;
const called = new Set<ApiRouteName>();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface CallInput {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** Calls a row of the table on the app, expects a 2xx and answers the body parsed with the row's schema. */
async function call<N extends ApiRouteName>(
  name: N,
  user: TestUser | null,
  input: CallInput = {},
): Promise<ApiRouteResponse<N>> {
  const spec = API_ROUTES[name];
  const res = await t.request(apiRoutePath(spec.path, input.params) + apiRouteSearch(input.query), {
    method: spec.method,
    headers: { ...(user?.headers ?? {}), ...(spec.method === 'GET' ? {} : { origin: t.config.publicUrl }) },
    ...(input.body === undefined ? {} : { json: input.body }),
  });
  const text = await res.text();
  expect(res.status, `${spec.method} ${spec.path}: ${text.slice(0, 300)}`).toBeLessThan(300);
  const body: unknown = res.status === 204 || !text ? undefined : JSON.parse(text);
  const parsed = spec.response.safeParse(body);
  expect(parsed.error?.issues, `${spec.method} ${spec.path} answered outside its contract`).toBeUndefined();
  if ('headers' in spec) {
    const headers = spec.headers.safeParse(Object.fromEntries(res.headers));
    expect(headers.error?.issues, `${spec.method} ${spec.path} headers`).toBeUndefined();
  }
  called.add(name);
  // Parsed by this row's own schema just above; the generic row name does not carry its output type.
  return parsed.data as ApiRouteResponse<N>;
}

/** A user on a 7-day trial: checkout through the built-in test checkout with a good card. */
async function trialUser(): Promise<TestUser> {
  const u = await createVerifiedUser(t);
  const { checkout_url } = await call('createCheckoutSession', u);
  const res = await t.request(new URL(checkout_url).pathname, {
    method: 'POST',
    headers: { ...u.headers, 'content-type': 'application/x-www-form-urlencoded', origin: t.config.publicUrl },
    body: new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' }).toString(),
  });
  expect(res.status).toBe(303);
  return u;
}

describe('the route table against the real app', () => {
  it('public routes: config, the session signed out, analytics, contact', async () => {
    await call('getConfig', null);
    expect(await call('getSession', null)).toBeNull();
    await call('sendEvent', null, { body: { name: 'scan_initiated', properties: { hasPhone: false } } });
    await call('sendContact', null, { body: { name: 'Ada', email: 'ada@example.com', message: 'Hello there' } });
  });

  it('a new account: session, user, sign-in methods and every plan view', async () => {
    const u = await createVerifiedUser(t);
    expect((await call('getSession', u))?.user.id).toBe(u.user.id);
    await call('getAuthUser', u);
    expect((await call('listSignInMethods', u)).map((a) => a.providerId)).toContain('credential');
    for (const name of [
      'getPlan',
      'getScanUsage',
      'getTrialStatus',
      'getSubscriptionStatus',
      'checkTrialConversion',
      'getConversionPreview',
    ] as const) {
      await call(name, u);
    }
  });

  it('a trial user: scans, history, report, feedback, share links, the portal, conversion and cancelling', async () => {
    const u = await trialUser();
    const scan = await call('createScan', u, {
      body: {
        message: 'Your parcel is on hold. Pay the $1.99 fee at http://parcel-fee.example.com today',
        platform: 'sms',
      },
    });
    const page = await call('listScans', u, { query: { q: 'parcel', page: 1, limit: 5 } });
    expect(page.map((s) => s.id)).toEqual([scan.id]);
    await call('getScan', u, { params: { id: scan.id } });
    await call('answerScan', u, { params: { id: scan.id }, body: { context: { knowsSender: false } } });
    await call('getScanStats', u);
    await call('getFeedback', u, { params: { id: scan.id } });
    await call('saveFeedback', u, { params: { id: scan.id }, body: { label: 'scam', note: 'Got it twice' } });
    await call('getShare', u, { params: { id: scan.id } });
    const { share } = await call('saveShare', u, { params: { id: scan.id }, body: { includeMessage: true } });
    await call('getSharedScan', null, { params: { token: share?.token ?? '' } });
    await call('revokeShare', u, { params: { id: scan.id } });
    await call('deleteScan', u, { params: { id: scan.id } });
    await call('createScan', u, { body: { message: 'Is the bike still available? I can pick it up on Saturday.' } });
    expect((await call('deleteAllScans', u)).deleted).toBe(1);

    await call('openBillingPortal', u);
    await call('createPortalSession', u, { body: { returnUrl: `${t.config.publicUrl}/account` } });
    expect((await call('convertTrial', u)).success).toBe(true);
    await call('cancelSubscription', u);
  });

  it('API keys: list, create, revoke', async () => {
    const u = await createVerifiedUser(t);
    const created = await call('createApiKey', u, { body: { name: 'Zapier' } });
    await call('listApiKeys', u);
    await call('revokeApiKey', u, { params: { id: created.id } });
  });

  it('the forwarding address: read and renewed (disabled here: no INBOUND_SMTP_PORT)', async () => {
    const u = await createVerifiedUser(t);
    await call('getForwardingAddress', u);
    await call('renewForwardingAddress', u, { body: {} });
  });

  it('reports from other users: the account setting read and changed', async () => {
    const u = await createVerifiedUser(t);
    expect((await call('getReportSharing', u)).shareReports).toBe(true);
    expect((await call('saveReportSharing', u, { body: { shareReports: false } })).shareReports).toBe(false);
  });

  it('account actions: change password and e-mail, sign out (everywhere), delete', async () => {
    const u = await createVerifiedUser(t);
    await call('changePassword', u, {
      body: { currentPassword: TEST_PASSWORD, newPassword: 'Another-Sturdy-Passphrase-77' },
    });
    await call('changeEmail', u, { body: { newEmail: `new-${u.user.email}` } });
    await call('signOut', u, { body: {} });
    const v = await createVerifiedUser(t);
    await call('revokeSessions', v, { body: {} });
    const w = await createVerifiedUser(t);
    const exported = await call('exportAccount', w);
    expect(exported.exportedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await call('deleteAccount', w, { body: { confirmEmail: w.user.email } });
  });

  it("signed out, every row answers as its access says: 401 UNAUTHORIZED unless it is 'public'", async () => {
    // Path parameters and bodies of the right shape, so a route that checked its input before the session
    // would answer 422, not 401.
    const scan = '00000000-0000-4000-8000-000000000000';
    const samples: Partial<Record<ApiRouteName, CallInput>> = {
      sendContact: { body: { name: 'Ada', email: 'ada@example.com', message: 'Hello there' } },
      sendEvent: { body: { name: 'scan_initiated', properties: { hasPhone: false } } },
      createScan: { body: { message: 'Is the bike still available?' } },
    };
    for (const [name, spec] of Object.entries(API_ROUTES) as [ApiRouteName, (typeof API_ROUTES)[ApiRouteName]][]) {
      const params = Object.fromEntries([...spec.path.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1], scan]));
      const input = samples[name] ?? ('body' in spec ? { body: {} } : {});
      const res = await t.request(apiRoutePath(spec.path, params), {
        method: spec.method,
        headers: spec.method === 'GET' ? {} : { origin: t.config.publicUrl },
        ...(input.body === undefined ? {} : { json: input.body }),
      });
      const body = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
      if ('access' in spec && spec.access === 'public') expect(res.status, `${spec.method} ${spec.path}`).not.toBe(401);
      else expect(`${res.status} ${body?.error?.code}`, `${spec.method} ${spec.path}`).toBe('401 UNAUTHORIZED');
    }
  });

  it('every row of the table was called above', () => {
    expect([...called].sort()).toEqual(Object.keys(API_ROUTES).sort());
  });
});
