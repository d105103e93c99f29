import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scans } from '../db/schema/scans.ts';
import { PIG_BUTCHERING } from '../detection/conversation/threads.ts';
import { apiClient } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createPaidUser } from '../test/users.ts';
import { worstChat } from '../test/pathological.ts';

/**
 * A chat's scan as stored (decision 134): its turns are packed in the row, and every way of reading the scan
 * (the report, the history, a re-score's answer) gives back the turns exactly as the scan answered them.
 */
let t: TestApp;
let call: ReturnType<typeof apiClient>;
beforeAll(async () => {
  t = await createTestApp();
  call = apiClient(t);
});
afterAll(async () => {
  await t.close();
});

const longChat = worstChat(9);

async function storedRow(id: string) {
  const res = await t.ctx.database.db.execute(
    sql`select (result->'conversation') ? 'packed' as packed, (result->'conversation') ? 'turns' as objects,
          octet_length(result::text) as size from ${scans} where ${scans.id} = ${id}::uuid`,
  );
  return (res as unknown as { rows: Array<{ packed: boolean; objects: boolean; size: number }> }).rows[0];
}

describe('a chat scan as stored', () => {
  for (const [name, message] of [
    ['a WhatsApp export scored turn by turn', PIG_BUTCHERING.text],
    ['a chat of 2,000 turns read whole', longChat],
  ] as const) {
    it(`${name}: packed in the row, read back by the report, the history and a re-score as answered`, async () => {
      const u = await createPaidUser(t);
      const made = await call('createScan', { headers: u.headers, body: { message } });
      if (!made.ok) throw new Error(`scan answered ${made.status}`);
      const turns = made.data.conversation?.turns ?? [];
      expect(turns.length).toBeGreaterThan(5);

      const row = await storedRow(made.data.id);
      expect(row?.packed).toBe(true);
      expect(row?.objects).toBe(false);
      // The long chat's turns as objects are about 90 KB; packed, its whole stored result is a fraction of that.
      if (message === longChat) expect(Number(row?.size)).toBeLessThan(JSON.stringify(turns).length / 3);

      const report = await call('getScan', { params: { id: made.data.id }, headers: u.headers });
      expect(report.ok && report.data.conversation).toEqual(made.data.conversation);
      const list = await call('listScans', { headers: u.headers });
      expect(list.ok && list.data[0]?.conversation).toEqual(made.data.conversation);
      const answered = await call('answerScan', {
        params: { id: made.data.id },
        headers: u.headers,
        body: { context: { knowsSender: false } },
      });
      if (!answered.ok) throw new Error(`re-score answered ${answered.status}`);
      expect(answered.data.conversation?.turns).toEqual(turns);
      expect((await storedRow(made.data.id))?.packed).toBe(true);
    });
  }

  it('a scan stored before packing (turns as objects) reads as it was', async () => {
    const u = await createPaidUser(t);
    const made = await call('createScan', { headers: u.headers, body: { message: PIG_BUTCHERING.text } });
    if (!made.ok) throw new Error(`scan answered ${made.status}`);
    const id = made.data.id;
    // The result as it was stored before packing: the answered result, turns as objects.
    const [before] = await t.ctx.database.db.select().from(scans).where(eq(scans.id, id));
    const old = JSON.stringify(before?.result);
    await t.ctx.database.db.execute(sql`update ${scans} set result = ${old}::jsonb where ${scans.id} = ${id}::uuid`);
    expect((await storedRow(id))?.objects).toBe(true);
    const report = await call('getScan', { params: { id }, headers: u.headers });
    expect(report.ok && report.data.conversation).toEqual(made.data.conversation);
    const [direct] = await t.ctx.database.db.select().from(scans).where(eq(scans.id, id));
    expect(direct?.result.conversation).toEqual(made.data.conversation);
  });
});
