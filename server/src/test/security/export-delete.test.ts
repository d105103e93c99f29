import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRouteName, ApiRouteResponse } from '@redflag/contracts/api-routes';
import { redactLinks } from '../../account/account.service.ts';
import { trialEmailHash } from '../../billing/trial-history.ts';
import { rateLimitBucket } from '../../db/schema/auth.ts';
import { contactMessage } from '../../db/schema/contact.ts';
import { localInvoice, localSubscription, trialGrant } from '../../db/schema/billing.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { DEV_OUTBOX_KEEP_MS } from '../../mail/mail.repo.ts';
import { apiClient, type CallResult } from '../api-client.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { createVerifiedUser, type TestUser } from '../users.ts';

/**
 * The export lacked events, invoices, the subscription and mails; deletion left mail rows
 * with the address and token links, the verification row, contact messages and rate-limit counters. Here a
 * person uses every feature that stores something, exports, deletes, and then every table of the database
 * is searched for their id and address.
 */

const ORIGIN = 'http://localhost:5000';
let t: TestApp;
/** The typed client: routes by their row's name, answers parsed by the row's schema. */
let call: ReturnType<typeof apiClient>;
beforeAll(async () => {
  t = await createTestApp();
  call = apiClient(t);
});
afterAll(async () => {
  await t.close();
});

/** better-auth's routes, which are not in the route table, as a browser posts them. */
function post(path: string, json: unknown, headers: Record<string, string> = {}) {
  // raw HTTP: better-auth routes, not in the route table (change-email with a callbackURL the contract refuses)
  return t.request(path, { method: 'POST', headers: { origin: ORIGIN, ...headers }, json });
}

function form(u: TestUser, path: string, fields: Record<string, string>) {
  return t.request(path, {
    method: 'POST',
    headers: { ...u.headers, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Rows of any table (public schema) whose text holds the address (as a whole address) or the id. */
async function rowsNaming(id: string, email: string): Promise<Array<{ table: string; row: string }>> {
  const db = t.ctx.database.db;
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  const whole = new RegExp(`(^|[^a-z0-9._%+-])${escapeRe(email.toLowerCase())}`);
  const found: Array<{ table: string; row: string }> = [];
  for (const { table_name: table } of tables.rows) {
    const res = (await db.execute(
      sql`select x::text as row from ${sql.identifier(table)} x where strpos(lower(x::text), ${email.toLowerCase()}) > 0 or strpos(lower(x::text), ${id.toLowerCase()}) > 0`,
    )) as unknown as { rows: Array<{ row: string }> };
    for (const { row } of res.rows) {
      const text = row.toLowerCase();
      if (text.includes(id.toLowerCase()) || whole.test(text)) found.push({ table, row });
    }
  }
  return found;
}

/** The parsed answer of a call that must succeed. */
function ok<N extends ApiRouteName>(r: CallResult<N>): ApiRouteResponse<N> {
  if (!r.ok) throw new Error(`expected success, got ${r.status} ${r.error.code}`);
  return r.data;
}

/** The browser's Origin on top of the caller's headers. */
const browser = (headers: Record<string, string> = {}) => ({ origin: ORIGIN, ...headers });

const apiKeys = new Map<string, string>();

/** Someone who has used everything that stores data: returns what is needed to look for it afterwards. */
async function busyUser(email: string) {
  const u = await createVerifiedUser(t, { email, firstName: 'Ann' });
  const h = u.headers;
  // Trial, a scan, conversion (an invoice and a receipt), an analytics event.
  const checkout = ok(await call('createCheckoutSession', { headers: browser(h) }));
  const checkoutPath = new URL(checkout.checkout_url).pathname;
  expect((await form(u, checkoutPath, { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' })).status).toBe(
    303,
  );
  expect(
    (
      await call('createScan', {
        headers: browser(h),
        body: { message: 'Your parcel is held, pay the fee at http://parcel.example' },
      })
    ).status,
  ).toBe(200);
  expect((await call('convertTrial', { headers: browser(h) })).status).toBe(200);
  expect(
    (await call('sendEvent', { headers: browser(h), body: { name: 'scan_completed', properties: { riskScore: 80 } } }))
      .status,
  ).toBe(204);
  // Contact messages: one signed in, one signed out from the same address written in capitals.
  const contact = (body: { name: string; email: string; message: string }, headers?: Record<string, string>) =>
    call('sendContact', { headers: browser(headers), body });
  expect((await contact({ name: 'Ann', email, message: 'Hello from my account' }, h)).status).toBe(200);
  expect((await contact({ name: 'Ann', email: email.toUpperCase(), message: 'Hello while signed out' })).status).toBe(
    200,
  );
  // A magic link (a verification row and a mail with a token), a failed sign-in (rate-limit counters).
  expect((await post('/api/auth/sign-in/magic-link', { email, callbackURL: '/dashboard' })).status).toBe(200);
  expect((await post('/api/auth/sign-in/email', { email, password: 'not-the-password-at-all' })).status).toBe(401);
  // A change of address asked for and not confirmed (a mail with a token link).
  await post('/api/auth/change-email', { newEmail: `moved-${email}`, callbackURL: '/account' }, h);
  // An API key (its hash is stored, the key itself only shown once).
  const created = await call('createApiKey', { headers: browser(h), body: { name: 'My script' } });
  expect(created.status).toBe(201);
  apiKeys.set(u.user.id, ok(created).key);
  return u;
}

describe('export and deletion hold and remove everything about the person', () => {
  it('the export holds every kind of stored data about the person, with no secret or token link', async () => {
    const email = `ann-${randomUUID().slice(0, 8)}@example.com`;
    const u = await busyUser(email);
    const res = await call('exportAccount', { headers: u.headers });
    expect(res.status).toBe(200);
    // The export is a loose object (its schema names only exportedAt): the fields are read as sent.
    const body = await res.res.json();

    expect(body.account).toMatchObject({ id: u.user.id, email });
    expect(body.signInMethods).toEqual([expect.objectContaining({ providerId: 'credential' })]);
    expect(body.sessions.length).toBeGreaterThan(0);
    expect(body.scans).toHaveLength(1);
    expect(body.events).toEqual([expect.objectContaining({ name: 'scan_completed', riskLevel: expect.any(String) })]);
    expect(body.billingAccount).toMatchObject({
      planTier: 'premium',
      subscriptionStatus: 'active',
      hasUsedTrial: true,
    });
    expect(body.subscriptions).toEqual([
      expect.objectContaining({ status: 'active', card: expect.objectContaining({ last4: '4242' }) }),
    ]);
    expect(body.invoices).toEqual([expect.objectContaining({ amountCents: 999, status: 'paid' })]);
    expect(body.contactMessages.map((m: { message: string }) => m.message).sort()).toEqual([
      'Hello from my account',
      'Hello while signed out',
    ]);
    const kinds = body.mails.map((m: { kind: string }) => m.kind);
    expect(kinds).toEqual(expect.arrayContaining(['magic_link', 'contact', 'change_email_confirm']));
    expect(kinds.length).toBeGreaterThanOrEqual(5);
    expect(body.pendingVerifications.length).toBeGreaterThan(0);
    expect(body.rateLimitCounters.length).toBeGreaterThan(0);
    expect(body.trialRecord).toEqual({ emailHash: trialEmailHash(t.config.auth.secret, email) });
    expect(body.apiKeys).toEqual([
      expect.objectContaining({ name: 'My script', prefix: expect.stringMatching(/^rf_live_/) }),
    ]);

    // No secrets: password, session token, password hash, the tokens of the links in the stored mails.
    const text = JSON.stringify(body);
    expect(text).not.toContain(u.password);
    expect(text).not.toContain(u.token);
    expect(text).not.toContain(apiKeys.get(u.user.id));
    expect(text).not.toMatch(/keyHash|key_hash/);
    expect(text).not.toMatch(/"password"|scrypt|"token"/);
    const stored = await t.ctx.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email));
    const tokens = stored
      .flatMap((m) => [...m.text.matchAll(/[?&]token=([^&\s"]+)/g)].map((x) => x[1] ?? ''))
      .filter(Boolean);
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    for (const token of tokens) expect(text).not.toContain(token);
    expect(text).not.toMatch(/token=/);
  });

  it('deletion leaves nothing naming the person in any table; invoices stay detached; others keep theirs', async () => {
    const suffix = randomUUID().slice(0, 8);
    const email = `ann-${suffix}@example.com`;
    // Another person whose address ends with this one's: nothing of theirs may go.
    const otherEmail = `joann-${suffix}@example.com`;
    const other = await createVerifiedUser(t, { email: otherEmail });
    expect(
      (
        await call('sendContact', {
          headers: browser(other.headers),
          body: { name: 'Jo', email: otherEmail, message: `I know ${email}` },
        })
      ).status,
    ).toBe(200);
    expect(
      (await post('/api/auth/sign-in/email', { email: otherEmail, password: 'not-the-password-at-all' })).status,
    ).toBe(401);

    const u = await busyUser(email);
    const id = u.user.id;
    const db = t.ctx.database.db;
    expect((await rowsNaming(id, email)).length).toBeGreaterThan(10);
    const [sub] = await db.select().from(localSubscription).where(eq(localSubscription.userId, id));
    const invoicesBefore = await db
      .select()
      .from(localInvoice)
      .where(eq(localInvoice.subscriptionId, sub?.id ?? ''));
    expect(invoicesBefore).toHaveLength(1);
    const otherBefore = {
      contact: await db.select().from(contactMessage).where(eq(contactMessage.email, otherEmail)),
      mails: await db.select().from(mailOutbox).where(eq(mailOutbox.replyTo, otherEmail)),
      buckets: (await db.select().from(rateLimitBucket)).filter((b) => b.key.includes(otherEmail)),
    };
    expect(otherBefore.buckets.length).toBeGreaterThan(0);

    // Cancel (the subscription must not bill a deleted account), then delete.
    const portal = new URL(ok(await call('openBillingPortal', { headers: browser(u.headers) })).url).pathname;
    expect(
      (await t.request(`${portal}/cancel`, { method: 'POST', headers: { ...u.headers, origin: ORIGIN } })).status,
    ).toBe(303);
    expect((await call('deleteAccount', { headers: browser(u.headers), body: { confirmEmail: email } })).status).toBe(
      200,
    );

    // Allowed: the other person's own message and its mail, which name this address in their text.
    const naming = async () => (await rowsNaming(id, email)).filter((r) => !r.row.toLowerCase().includes(otherEmail));
    // What is on its way about money stays until delivered (docs/decisions/093): the receipt and the
    // confirmation of the deletion, in the dev outbox (where the row is the delivery) for an hour; nothing
    // else, and none of it names the id. The cancellation's own notice ("you keep access... resume") is
    // not kept: the deletion's mail says the subscription was cancelled with the account.
    const left = await naming();
    expect(left.every((r) => r.table === 'mail_outbox' && !r.row.includes(id))).toBe(true);
    const kept = await db
      .select({ kind: mailOutbox.kind, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email));
    expect(kept.map((m) => m.kind).sort()).toEqual(['account_deleted', 'receipt']);
    expect(left).toHaveLength(2);
    const shown = (await (await t.request('/dev/mailbox.json')).json()) as Array<{
      to: string;
      subject: string;
      text: string;
    }>;
    const shownToThem = shown.filter((m) => m.to === email);
    expect(shownToThem.map((m) => m.subject)).not.toContain('Your RedFlag subscription is cancelled');
    expect(shownToThem.find((m) => m.subject === 'Your RedFlag account was deleted')?.text).toContain(
      'Your Premium subscription was cancelled with your account: nothing more will be charged.',
    );
    // Then the worker's round erases them: nothing of the account is left.
    await t.ctx.mailer.processDue();
    expect(await naming()).toHaveLength(2);
    t.ctx.clock.advance(DEV_OUTBOX_KEEP_MS + 1000);
    await t.ctx.mailer.processDue();
    expect(await naming()).toEqual([]);
    // What stays: the invoice, its amount and dates, attached to no one; and the trial's keyed hash.
    const invoicesAfter = await db
      .select()
      .from(localInvoice)
      .where(
        inArray(
          localInvoice.id,
          invoicesBefore.map((i) => i.id),
        ),
      );
    expect(invoicesAfter).toEqual([{ ...invoicesBefore[0], subscriptionId: null }]);
    expect(
      await db
        .select()
        .from(trialGrant)
        .where(eq(trialGrant.emailHash, trialEmailHash(t.config.auth.secret, email))),
    ).toHaveLength(1);

    // The other person's message (which names this address), mail and counters are untouched.
    expect(await db.select().from(contactMessage).where(eq(contactMessage.email, otherEmail))).toEqual(
      otherBefore.contact,
    );
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.replyTo, otherEmail))).toEqual(otherBefore.mails);
    expect((await db.select().from(rateLimitBucket)).filter((b) => b.key.includes(otherEmail))).toEqual(
      otherBefore.buckets,
    );
    expect((await call('getAuthUser', { headers: other.headers })).status).toBe(200);
  });
});

describe('redactLinks', () => {
  it('keeps where a link goes and drops its query and token-like path segments', () => {
    expect(
      redactLinks('Sign in: http://localhost:5000/api/auth/magic-link/verify?token=abc&callbackURL=%2Fdashboard now'),
    ).toBe('Sign in: http://localhost:5000/api/auth/magic-link/verify?[redacted] now');
    expect(redactLinks('<a href="https://x.example/reset-password/AbCdEfGhIjKlMnOpQrStUv12?cb=1">')).toBe(
      '<a href="https://x.example/reset-password/[redacted]?[redacted]">',
    );
    expect(redactLinks('Manage it at https://redflag.example/account.')).toBe(
      'Manage it at https://redflag.example/account.',
    );
  });
});
