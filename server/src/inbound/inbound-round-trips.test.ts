import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccount } from '../db/schema/billing.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { scans } from '../db/schema/scans.ts';
import { apiClient } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createPremiumUser, createTrialUser, type TestUser } from '../test/users.ts';
import { forwardingAddressOf, OUTLOOK_TEXT, rawMail, smtpSession } from './fixtures.ts';
import { startInboundSmtp, type InboundSmtp } from './smtp.ts';

/**
 * The database round trips one forwarded mail costs, counted at the driver (db/client.ts stats) over a real
 * SMTP conversation with rate limits on, as in production. The conversation is driven command by command so
 * that its two phases are counted apart:
 *
 * - RCPT TO: the forwarding address looked up (its account, the address answers go to and whether it is
 *   verified) with the account's hourly limit looked at, in one statement. This decides whether the mail is
 *   taken at all, before its data is sent, so that a mail to an unknown address or an account over its limit
 *   is refused without being read; it cannot be folded into the scan's claim, which must wait for the sender
 *   check on the parsed mail. Counted and held on its own: one.
 * - DATA to its 250: the mail accepted for scanning (parsed, sender checked, no database) to the stored
 *   scan, which is what row 8 holds to two, like a web scan (docs/decisions/116): the claim (the hourly hit,
 *   the plan, the trial scan) and the store. The answer mailed to the account is stored in the outbox after
 *   the scan, before the 250 (a failure answers 451 and the sender retries): one more statement, not the
 *   scan's, counted as such.
 */
const DOMAIN = 'redflag.test';
/** The answer mailed to the account: one insert into the outbox, after the scan is stored. */
const REPLY = 1;

let t: TestApp;
let smtp: InboundSmtp;
let call: ReturnType<typeof apiClient>;
beforeAll(async () => {
  t = await createTestApp({ INBOUND_SMTP_PORT: '2525', INBOUND_MAIL_DOMAIN: DOMAIN, RATE_LIMITS: 'on' });
  smtp = await startInboundSmtp(t.ctx, { port: 0 });
  call = apiClient(t);
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
});

const addressOf = (u: TestUser): Promise<string> => forwardingAddressOf(call, u);

/** One forwarded mail from the account's own address, and the statements each phase cost. */
async function forward(u: TestUser, to: string) {
  const stats = t.ctx.database.stats;
  const session = await smtpSession(smtp.port);
  try {
    expect((await session.say('EHLO client.example')).code).toBe(250);
    expect((await session.say(`MAIL FROM:<${u.user.email}>`)).code).toBe(250);
    const beforeRcpt = stats.statements;
    expect((await session.say(`RCPT TO:<${to}>`)).code).toBe(250);
    const rcpt = stats.statements - beforeRcpt;
    expect((await session.say('DATA')).code).toBe(354);
    const beforeData = stats.statements;
    const raw = rawMail({ from: u.user.email, to, subject: 'Fwd: Password expires today', text: OUTLOOK_TEXT });
    const accepted = await session.say(`${raw.replace(/\r?\n/g, '\r\n')}\r\n.`);
    expect(accepted.code).toBe(250);
    const data = stats.statements - beforeData;
    await session.say('QUIT');
    return { rcpt, data };
  } finally {
    session.end();
  }
}

const scansOf = (u: TestUser) => t.ctx.database.db.select().from(scans).where(eq(scans.userId, u.user.id));
const verdictsTo = (u: TestUser) =>
  t.ctx.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, u.user.email), eq(mailOutbox.kind, 'forwarded_verdict')));

describe('database round trips per forwarded mail', () => {
  it('a Premium account: at most 2 for the scan, 1 for the answer, 1 at RCPT', async () => {
    const u = await createPremiumUser(t);
    const to = await addressOf(u);
    await forward(u, to); // the first mail loads this instance's lists and warms the engine
    const { rcpt, data } = await forward(u, to);
    expect(data - REPLY).toBeLessThanOrEqual(2);
    expect(rcpt).toBeLessThanOrEqual(1);
    expect(await scansOf(u)).toHaveLength(2);
    expect(await verdictsTo(u)).toHaveLength(2);
  });

  it('a trial account: at most 2 for the scan, and the trial scan is counted', async () => {
    const u = await createTrialUser(t, { scansUsed: 1 });
    const to = await addressOf(u);
    await forward(u, to);
    const { rcpt, data } = await forward(u, to);
    expect(data - REPLY).toBeLessThanOrEqual(2);
    expect(rcpt).toBeLessThanOrEqual(1);
    expect(await scansOf(u)).toHaveLength(2);
    expect(await verdictsTo(u)).toHaveLength(2);
    const [account] = await t.ctx.database.db.select().from(billingAccount).where(eq(billingAccount.userId, u.user.id));
    expect(account?.trialScansUsed).toBe(3);
  });
});
