import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { format } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createPremiumUser, type TestUser } from '../test/users.ts';

/**
 * Logs never hold user content. A unique marker goes through every route that takes
 * text, first with a healthy database, then with every write that carries it failing, then with every
 * query failing; everything the process writes (the app's log stream, stdout, stderr, console) is kept,
 * and the marker must appear in none of it.
 */

const MARKER = `zqmark${randomBytes(6).toString('hex')}`;
const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer | string, _enc, done) {
    lines.push(chunk.toString());
    done();
  },
});

let t: TestApp;
let u: TestUser;
const restore: Array<() => void> = [];

beforeAll(async () => {
  const capture = (stream: NodeJS.WriteStream) => {
    const spy = vi.spyOn(stream, 'write').mockImplementation((chunk: unknown) => {
      lines.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString());
      return true;
    });
    restore.push(() => spy.mockRestore());
  };
  capture(process.stdout);
  capture(process.stderr);
  for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
    const spy = vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(format(...args));
    });
    restore.push(() => spy.mockRestore());
  }
  t = await createTestApp({ LOG_LEVEL: 'trace' }, { logDestination: sink });
  // Premium, so scans reach the database whatever the trial quota says.
  u = await createPremiumUser(t);
});

afterAll(async () => {
  for (const r of restore) r();
  await t.close();
});

const email = (tag: string) => `${MARKER}.${tag}@example.com`;

/** Every route that takes text, each with the marker in every text field it has. */
async function sendEverywhere(round: string): Promise<number[]> {
  const req = (path: string, json: unknown, headers: Record<string, string> = u.headers) =>
    // raw HTTP: bodies with the marker in fields the contracts do not name, to routes better-auth's included
    t.request(path, { method: 'POST', headers, json });
  const responses = [
    await req('/api/scans', {
      message: `Hello ${MARKER} click http://${MARKER}.example/pay`,
      phoneNumber: `+1 555 ${MARKER}`,
      email: email(`scan${round}`),
      platform: 'sms',
    }),
    await req(
      '/api/contact',
      { name: `${MARKER} Name`, email: email(`contact${round}`), message: `Contact ${MARKER}` },
      {},
    ),
    await req(
      '/api/auth/sign-up/email',
      {
        email: email(`signup${round}`),
        password: `${MARKER}-Pass-Phrase-77`,
        firstName: MARKER,
        lastName: MARKER,
        name: `${MARKER} ${MARKER}`,
      },
      {},
    ),
    await req('/api/auth/sign-in/email', { email: email(`signin${round}`), password: `${MARKER}-Pass-Phrase-77` }, {}),
    await req('/api/auth/sign-in/magic-link', { email: email(`magic${round}`) }, {}),
    await req(
      '/api/auth/sign-in/magic-link',
      { email: u.user.email, name: MARKER, callbackURL: `/dashboard?${MARKER}` },
      {},
    ),
    await req('/api/auth/send-verification-email', { email: email(`verify${round}`) }, {}),
    await req('/api/auth/request-password-reset', { email: email(`reset${round}`) }, {}),
    await req('/api/auth/update-user', { firstName: `${MARKER}F`, lastName: `${MARKER}L`, name: `${MARKER} N` }),
    await req('/api/auth/change-email', { newEmail: email(`change${round}`) }),
    await req('/api/auth/change-password', {
      currentPassword: `${MARKER}-Old-Pass-1`,
      newPassword: `${MARKER}-New-Pass-2`,
    }),
    await req('/api/events', { name: 'scan_completed', properties: { source: MARKER, scamType: MARKER } }),
    await req('/api/account/delete', { confirmEmail: email(`delete${round}`) }),
    await req('/api/stripe/create-portal-session', { returnUrl: `/account?${MARKER}` }),
    await req('/api/create-checkout-session', { note: MARKER }),
    await t.request(`/billing/test-checkout/${MARKER}`, {
      method: 'POST',
      headers: { ...u.headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: MARKER, expiry: MARKER, cvc: MARKER }).toString(),
    }),
    (await apiClient(t)('getScan', { params: { id: MARKER }, headers: u.headers })).res,
    // raw HTTP: better-auth route, not in the route table
    await t.request(`/api/auth/verify-email?token=${MARKER}`, {}),
  ];
  // A new window for the per-address and per-e-mail limits, so every round reaches the database.
  t.ctx.clock.advance(2 * 60 * 60 * 1000);
  return responses.map((r) => r.status);
}

async function exec(query: string) {
  await t.ctx.database.db.execute(sql.raw(query));
}

const TABLES = `select tablename from pg_tables where schemaname = 'public' and tablename not like '\\_\\_%'`;

describe('logs never hold user content', () => {
  it('a marker sent through every text route, with the database healthy, failing writes and failing reads, is in no log line', async () => {
    await sendEverywhere('ok');

    // Every write whose row carries the marker fails inside the database, after the app has sent it.
    await exec(`create function rf_fail_marked() returns trigger language plpgsql as $$
      begin
        if row_to_json(new)::text like '%${MARKER}%' then raise exception 'forced failure for the log test'; end if;
        return new;
      end $$`);
    await exec(`do $$ declare t text; begin
      for t in ${TABLES} loop
        execute format('create trigger rf_fail_marked before insert or update on %I for each row execute function rf_fail_marked()', t);
      end loop; end $$`);
    const writes = await sendEverywhere('write');
    await exec(`do $$ declare t text; begin
      for t in ${TABLES} loop execute format('drop trigger rf_fail_marked on %I', t); end loop; end $$`);

    // Every query fails: the tables are gone (renamed) while the requests run.
    await exec(`do $$ declare t text; begin
      for t in ${TABLES} loop execute format('alter table %I rename to %I', t, 'broken_' || t); end loop; end $$`);
    let reads: number[];
    try {
      reads = await sendEverywhere('read');
    } finally {
      await exec(`do $$ declare t text; begin
        for t in select tablename from pg_tables where schemaname = 'public' and tablename like 'broken\\_%' loop
          execute format('alter table %I rename to %I', t, substr(t, 8));
        end loop; end $$`);
    }

    // The failures really happened and were logged (so the check below has something to look at).
    expect(writes.filter((s) => s === 500).length).toBeGreaterThanOrEqual(3);
    expect(reads.filter((s) => s >= 500).length).toBeGreaterThanOrEqual(5);
    const all = lines.join('');
    expect(all).toContain('unhandled error');

    const leaks = lines.flatMap((chunk) => chunk.split('\n')).filter((l) => l.toLowerCase().includes(MARKER));
    expect(leaks, `log lines holding the marker:\n${leaks.join('\n').slice(0, 4000)}`).toEqual([]);
  });
});
