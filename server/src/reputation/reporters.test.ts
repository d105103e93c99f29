import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LookupResponse } from '@redflag/contracts/reputation';
import type { StoredScan } from '@redflag/contracts/scan';
import { reputationSighting } from '../db/schema/reputation.ts';
import { apiClient, okData, v1Client } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createPaidUser, createPremiumUser, createTrialUser, type TestUser } from '../test/users.ts';

// Who counts as "another user" in a report (decisions 103 and 113): only an account that could not be made
// in a minute - verified, and at least 7 days old or with a paid plan - and never the caller's own. Sock
// accounts made on the spot can neither make a number "reported" nor learn whether a real account did.

const HOST = 'parcel-fee-redelivery.top';
const scamWith = (host: string) =>
  `USPS: Your package is on hold due to an unpaid shipping fee of $1.99. Pay now at https://${host}/pay or it will be returned.`;
const LEGIT = 'Hey, is the bike still available? I could pick it up Saturday afternoon.';
const DAY_MS = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function scan(u: TestUser, body: { message: string; phoneNumber?: string }): Promise<StoredScan> {
  return okData(await apiClient(t)('createScan', { body, headers: u.headers }), 200);
}

async function keyOf(u: TestUser): Promise<string> {
  return okData(await apiClient(t)('createApiKey', { body: { name: 'lookup' }, headers: u.headers }), 201).key;
}

async function lookupPhone(key: string, phone: string): Promise<LookupResponse> {
  return okData(await v1Client(t, { key })('lookup', { query: { phone } }), 200);
}

const rowCount = async () =>
  (await t.ctx.database.db.select({ h: reputationSighting.contributorHash }).from(reputationSighting)).length;

describe('reports from accounts made on the spot', () => {
  it('three fresh accounts (verified, trial with a card) cannot make a number or a site "reported"', async () => {
    const phone = '+44 20 7946 0311';
    const socks = await Promise.all([createTrialUser(t), createTrialUser(t), createTrialUser(t)]);
    const flagged = await Promise.all(socks.map((u) => scan(u, { message: scamWith(HOST), phoneNumber: phone })));
    expect(flagged.every((s) => s.riskScore >= 40)).toBe(true);
    expect(await rowCount()).toBe(0);

    const anyone = await createPaidUser(t);
    const seen = await scan(anyone, { message: `${LEGIT} https://${HOST}/other`, phoneNumber: phone });
    expect(seen.reputation?.sightings ?? []).toEqual([]);
  });

  it('two socks cannot learn whether a real account reported a number: the answer is the same either way', async () => {
    const [reported, unreported] = ['+44 20 7946 0322', '+44 20 7946 0333'];
    const real = await createPaidUser(t);
    const before = await rowCount();
    await scan(real, { message: scamWith('fee-redelivery-parcel.top'), phoneNumber: reported });
    // The real account's report is stored (its number and the link's host).
    expect(await rowCount()).toBe(before + 2);

    const socks = await Promise.all([createPremiumUser(t), createPremiumUser(t)]);
    for (const phone of [reported, unreported]) {
      await Promise.all(
        socks.map((u) => scan(u, { message: scamWith('fee-redelivery-parcel.top'), phoneNumber: phone })),
      );
    }
    const key = await keyOf(socks[0] as TestUser);
    const answers = await Promise.all([lookupPhone(key, reported), lookupPhone(key, unreported)]);
    expect(answers.map((a) => a.reports)).toEqual([null, null]);
    // And in a scan's result, for a third sock.
    const third = await createPremiumUser(t);
    for (const phone of [reported, unreported]) {
      expect((await scan(third, { message: LEGIT, phoneNumber: phone })).reputation?.sightings ?? []).toEqual([]);
    }
  });

  it('an account counts from its seventh day, and a paid one from its first', async () => {
    const phone = '+44 20 7946 0344';
    const [older, alsoOlder] = await Promise.all([createPremiumUser(t), createPremiumUser(t)]);
    t.ctx.clock.advance(7 * DAY_MS);
    const paid = await createPaidUser(t);
    await Promise.all([older, alsoOlder, paid].map((u) => scan(u, { message: scamWith(HOST), phoneNumber: phone })));
    const key = await keyOf(await createPremiumUser(t));
    expect((await lookupPhone(key, phone)).reports?.count).toBe(3);
  });
});
