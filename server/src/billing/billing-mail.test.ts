import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRouteName, ApiRouteResponse } from '@redflag/contracts/api-routes';
import type { Plan } from '@redflag/contracts/billing';
import { TRIAL_DAYS, TRIAL_WARNING_DAYS } from '@redflag/contracts/constants';
import { billingAccount, localInvoice } from '../db/schema/billing.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { formatBillingDate } from '../mail/templates.ts';
import { apiClient, type CallResult } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createVerifiedUser, type TestUser } from '../test/users.ts';
import { runBillingJobs } from './jobs.ts';
import { DAY_MS } from './plan-state.ts';
import { syncSubscription } from './sync.ts';

/**
 * No charge without a click or a notice, and an e-mail for every billing event (docs/design.md §3 item
 * 6, docs/decisions/041-ask-before-charging.md): the real app over HTTP on PGlite with the local provider,
 * asserting answers, stored state and the outbox rows.
 */

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

const GOOD = '4242 4242 4242 4242';
const FAILS_LATER = '4000 0000 0000 0341';
const SCAM =
  'URGENT: your account is locked. Verify now at http://secure-bank-login.example.ru or it will be closed today.';

/** The parsed answer of a call that must succeed. */
function ok<N extends ApiRouteName>(r: CallResult<N>): ApiRouteResponse<N> {
  if (!r.ok) throw new Error(`expected success, got ${r.status} ${r.error.code}`);
  return r.data;
}

const convert = (u: TestUser) => call('convertTrial', { headers: u.headers });
const preview = async (u: TestUser) => ok(await call('getConversionPreview', { headers: u.headers }));
const form = (u: TestUser, path: string, fields: Record<string, string>) =>
  t.request(path, {
    method: 'POST',
    headers: { ...u.headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

async function trialUser(card = GOOD): Promise<TestUser> {
  const u = await createVerifiedUser(t, { firstName: 'Ada' });
  const { checkout_url } = ok(await call('createCheckoutSession', { headers: u.headers }));
  const res = await form(u, new URL(checkout_url).pathname, { number: card, expiry: '12/39', cvc: '123' });
  expect(res.status).toBe(303);
  return u;
}

async function plan(u: TestUser): Promise<Plan> {
  return ok(await call('getPlan', { headers: u.headers }));
}

async function mails(u: TestUser, kind?: string) {
  const rows = await t.ctx.database.db
    .select()
    .from(mailOutbox)
    .where(kind ? and(eq(mailOutbox.to, u.user.email), eq(mailOutbox.kind, kind)) : eq(mailOutbox.to, u.user.email));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

async function invoices(u: TestUser) {
  const [account] = await t.ctx.database.db.select().from(billingAccount).where(eq(billingAccount.userId, u.user.id));
  return t.ctx.database.db
    .select()
    .from(localInvoice)
    .where(eq(localInvoice.subscriptionId, account?.subscriptionId ?? ''));
}

async function advance(ms: number) {
  // raw HTTP: the test clock (TEST_CLOCK only), not in the route table
  const res = await t.request('/api/test/clock', { method: 'POST', json: { advanceMs: ms } });
  expect(res.status).toBe(200);
}

async function portalPath(u: TestUser): Promise<string> {
  return new URL(ok(await call('openBillingPortal', { headers: u.headers })).url).pathname;
}

describe('starting the trial', () => {
  it('stores one "trial started" mail with the first charge date and nothing charged today, branded RedFlag', async () => {
    const u = await trialUser();
    const p = await plan(u);
    const firstCharge = formatBillingDate(new Date(p.trialEndsAt ?? 0));
    const rows = await mails(u, 'trial_started');
    expect(rows).toHaveLength(1);
    const [mail] = rows;
    expect(mail?.subject).toBe('Your RedFlag trial has started: nothing charged today');
    expect(mail?.status).toBe('outbox');
    expect(mail?.text).toContain('Hi Ada,');
    expect(mail?.text).toContain('7 days or 5 scans, whichever comes first. Nothing was charged today.');
    expect(mail?.text).toContain(`First charge: $9.99 on ${firstCharge}`);
    expect(mail?.text).toContain('Visa card ending in 4242');
    expect(mail?.html).toContain('Red<span style="color:#f87171;">Flag</span>');
    expect(mail?.html).not.toContain('RED<span');
    expect(await invoices(u)).toHaveLength(0);
    // Syncing again (a replayed webhook, a second instance) stores nothing more.
    const [account] = await t.ctx.database.db.select().from(billingAccount).where(eq(billingAccount.userId, u.user.id));
    await syncSubscription(t.ctx, account?.customerId ?? '');
    await syncSubscription(t.ctx, account?.customerId ?? '');
    expect(await mails(u)).toHaveLength(1);
  });
});

describe('the scan limit asks before charging', () => {
  it('POST /api/scans answers 403 SCAN_LIMIT_REACHED after the fifth trial scan and nothing is charged or mailed', async () => {
    const u = await trialUser();
    const scan = () => call('createScan', { headers: u.headers, body: { message: SCAM } });
    for (let i = 0; i < 5; i++) expect((await scan()).status).toBe(200);
    const sixth = await scan();
    expect(sixth.status).toBe(403);
    expect(sixth).toMatchObject({ error: { code: 'SCAN_LIMIT_REACHED' } });
    // Nothing runs by itself: not the check, not the job.
    expect((await call('checkTrialConversion', { headers: u.headers })).status).toBe(200);
    await advance(0);
    expect(await plan(u)).toMatchObject({ planTier: 'free', subscriptionStatus: 'trialing' });
    expect(await invoices(u)).toHaveLength(0);
    expect((await mails(u)).map((m) => m.kind)).toEqual(['trial_started']);
  });

  it('GET /api/billing/conversion-preview states amount, card and date; POST /api/convert-trial charges once and mails a receipt', async () => {
    const u = await trialUser();
    const before = await preview(u);
    // The charge date is "now" on the server's clock, read a moment before this line.
    expect(before).toEqual({
      canConvert: true,
      amountCents: 999,
      currency: 'usd',
      interval: 'month',
      chargeDate: expect.any(String),
      card: { brand: 'Visa', last4: '4242' },
    });
    expect(Math.abs(Date.parse(before.chargeDate) - t.ctx.clock.now().getTime())).toBeLessThan(60_000);
    expect(await invoices(u)).toHaveLength(0);

    const res = await convert(u);
    expect(res.status).toBe(200);
    expect(ok(res)).toMatchObject({ success: true });
    expect(await plan(u)).toMatchObject({ planTier: 'premium', subscriptionStatus: 'active' });
    const paid = await invoices(u);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ status: 'paid', amountCents: 999 });

    const receipts = await mails(u, 'receipt');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.id).toBe(`billing:receipt:${paid[0]?.id}`);
    expect(receipts[0]?.subject).toBe(`Your RedFlag receipt: $9.99 paid on ${formatBillingDate(t.ctx.clock.now())}`);
    expect(receipts[0]?.text).toContain('Card: Visa ending in 4242');
    expect(receipts[0]?.text).toContain('Next charge: $9.99 on');

    // A second click is harmless: no second charge, no second receipt.
    expect(ok(await convert(u))).toMatchObject({ success: true });
    expect(await invoices(u)).toHaveLength(1);
    expect(await mails(u, 'receipt')).toHaveLength(1);
    expect((await preview(u)).canConvert).toBe(false);
  });

  it('a declined click leaves the trial as it was and mails "payment failed"', async () => {
    const u = await trialUser(FAILS_LATER);
    const body = ok(await convert(u));
    expect(body.success).toBe(false);
    expect(await plan(u)).toMatchObject({
      planTier: 'free',
      subscriptionStatus: 'trialing',
      paymentError: 'Your card was declined.',
    });
    const failed = await mails(u, 'payment_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.subject).toBe('Your RedFlag payment of $9.99 failed');
    expect(failed[0]?.text).toContain('Visa card ending in 0341');
    expect(failed[0]?.text).toContain('Nothing was charged.');
  });

  it('answers 401 signed out', async () => {
    expect(await call('getConversionPreview')).toMatchObject({ status: 401, error: { code: 'UNAUTHORIZED' } });
  });
});

describe('the end of the trial', () => {
  it('a reminder TRIAL_WARNING_DAYS before (when the header warns), once however many job runs; then the charge', async () => {
    const u = await trialUser();
    const p = await plan(u);
    // Just before the lead time: no reminder yet; just inside it: the reminder.
    await advance((TRIAL_DAYS - TRIAL_WARNING_DAYS) * DAY_MS - 60_000);
    expect(await mails(u, 'trial_reminder')).toHaveLength(0);
    await advance(60_000);
    // Several instances running the job at the same moment.
    await Promise.all([runBillingJobs(t.ctx), runBillingJobs(t.ctx), advance(0)]);
    await advance(60_000);
    const reminders = await mails(u, 'trial_reminder');
    expect(reminders).toHaveLength(1);
    const date = formatBillingDate(new Date(p.trialEndsAt ?? 0));
    expect(reminders[0]?.subject).toBe(`Your RedFlag trial ends on ${date}: $9.99 will be charged`);
    expect(reminders[0]?.text).toContain('Visa card ending in 4242 will be charged $9.99');
    expect(reminders[0]?.html).toContain(`Your trial ends on ${date}`);
    expect(await invoices(u)).toHaveLength(0);

    await advance(TRIAL_WARNING_DAYS * DAY_MS);
    expect(await plan(u)).toMatchObject({ planTier: 'premium', subscriptionStatus: 'active' });
    expect(await mails(u, 'receipt')).toHaveLength(1);
    expect(await mails(u, 'trial_reminder')).toHaveLength(1);
    // Every renewal is a charge, and every charge has its receipt.
    await advance(31 * DAY_MS);
    expect((await invoices(u)).filter((i) => i.status === 'paid')).toHaveLength(2);
    expect(await mails(u, 'receipt')).toHaveLength(2);
  });

  it('a failed charge at the trial end mails "payment failed"; fixing the card mails the receipt', async () => {
    const u = await trialUser(FAILS_LATER);
    await advance(7 * DAY_MS + 1000);
    expect(await plan(u)).toMatchObject({ subscriptionStatus: 'inactive' });
    const failed = await mails(u, 'payment_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.text).toContain('Scanning is paused until the payment goes through.');
    const path = await portalPath(u);
    expect((await form(u, `${path}/card`, { number: GOOD, expiry: '12/39', cvc: '123' })).status).toBe(303);
    expect(await plan(u)).toMatchObject({ planTier: 'premium', subscriptionStatus: 'active' });
    expect(await mails(u, 'receipt')).toHaveLength(1);
  });
});

describe('cancelling', () => {
  it('a cancelled trial gets a confirmation that nothing will be charged, no reminder and no charge', async () => {
    const u = await trialUser();
    const path = await portalPath(u);
    expect((await t.request(`${path}/cancel`, { method: 'POST', headers: u.headers })).status).toBe(303);
    const cancelled = await mails(u, 'cancellation');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]?.subject).toBe('Your RedFlag trial is cancelled: you will not be charged');
    expect(cancelled[0]?.text).toContain('You keep access until');
    await advance(6 * DAY_MS);
    await advance(2 * DAY_MS);
    expect(await mails(u, 'trial_reminder')).toHaveLength(0);
    expect(await mails(u, 'receipt')).toHaveLength(0);
    expect(await mails(u, 'cancellation')).toHaveLength(1);
    expect(await invoices(u)).toHaveLength(0);
  });

  it('a paid subscription cancelled in the portal is confirmed once; cancelling again after resuming is confirmed again', async () => {
    const u = await trialUser();
    expect(ok(await convert(u)).success).toBe(true);
    const path = await portalPath(u);
    await t.request(`${path}/cancel`, { method: 'POST', headers: u.headers });
    const first = await mails(u, 'cancellation');
    expect(first).toHaveLength(1);
    expect(first[0]?.subject).toBe('Your RedFlag subscription is cancelled');
    expect(first[0]?.text).toContain('You will not be charged again.');
    await t.request(`${path}/resume`, { method: 'POST', headers: u.headers });
    t.ctx.clock.advance(1000);
    await t.request(`${path}/cancel`, { method: 'POST', headers: u.headers });
    expect(await mails(u, 'cancellation')).toHaveLength(2);
  });
});

describe('with SMTP', () => {
  it('billing mails are stored pending for the worker to send', async () => {
    const smtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const u = await createVerifiedUser(smtp);
      const { checkout_url } = ok(await apiClient(smtp)('createCheckoutSession', { headers: u.headers }));
      await smtp.request(new URL(checkout_url).pathname, {
        method: 'POST',
        headers: { ...u.headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ number: GOOD, expiry: '12/39', cvc: '123' }).toString(),
      });
      const rows = await smtp.ctx.database.db
        .select()
        .from(mailOutbox)
        .where(like(mailOutbox.id, 'billing:trial-started:%'));
      expect(rows.map((r) => [r.to, r.status])).toEqual([[u.user.email, 'pending']]);
    } finally {
      await smtp.close();
    }
  });
});
