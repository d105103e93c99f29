import { eq, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';

// PGlite runs a statement repeated often as a named prepared statement (docs/decisions/119). Everything a
// caller sees must be what PGlite's own unnamed query gives: rows and their types, errors and their codes,
// and statements that still work after the tables they read change.
const item = pgTable('prepared_probe', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  data: jsonb('data').$type<{ tags: string[] }>(),
  at: timestamp('at', { withTimezone: true }),
});

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ driver: 'pglite' });
  await database.db.execute(
    sql`create table prepared_probe (id int primary key, name text not null, data jsonb, at timestamptz)`,
  );
});
afterAll(async () => {
  await database.close();
});

const prepared = async (): Promise<string[]> =>
  (
    (await database.db.execute(sql`select name from pg_prepared_statements order by name`)) as unknown as {
      rows: Array<{ name: string }>;
    }
  ).rows.map((r) => r.name);

describe('named prepared statements on PGlite', () => {
  it('gives the same rows, types and parameters on every call, prepared once', async () => {
    const at = new Date('2026-11-28T01:02:03.456Z');
    for (let i = 1; i <= 8; i++) {
      await database.db.insert(item).values({ id: i, name: `n${i}`, data: { tags: [`t${i}`, 'x'] }, at });
      const [row] = await database.db.select().from(item).where(eq(item.id, i));
      expect(row).toEqual({ id: i, name: `n${i}`, data: { tags: [`t${i}`, 'x'] }, at });
      expect(row?.at).toBeInstanceOf(Date);
    }
    // A null parameter and a null column come back as null.
    await database.db.update(item).set({ data: null, at: null }).where(eq(item.id, 8));
    for (let i = 0; i < 5; i++)
      expect((await database.db.select().from(item).where(eq(item.id, 8)))[0]).toEqual({
        id: 8,
        name: 'n8',
        data: null,
        at: null,
      });
    const names = await prepared();
    expect(names.length).toBeGreaterThanOrEqual(2);
    expect(names.every((n) => n.startsWith('redflag_'))).toBe(true);
  });

  it('reports a constraint error with its code, and the statement keeps working after it', async () => {
    const insert = (id: number) => database.db.insert(item).values({ id, name: 'dup' });
    for (let i = 100; i < 105; i++) await insert(i);
    const err = await insert(100).then(
      () => null,
      (e: unknown) => e as { code?: string; cause?: { code?: string } },
    );
    expect(err?.code ?? err?.cause?.code).toBe('23505');
    await insert(105);
    expect((await database.db.select().from(item).where(eq(item.id, 105)))[0]?.name).toBe('dup');
  });

  it('reports errors of every step of a batched call (parse, bind, execute) and keeps answering', async () => {
    const code = (e: unknown) => {
      const x = e as { code?: string; cause?: { code?: string } };
      return x.code ?? x.cause?.code;
    };
    // Each text is run more often than it takes to be prepared, so the later calls go through the batch.
    for (let i = 0; i < 6; i++) {
      // parse: the table does not exist
      expect(code(await database.db.execute(sql`select * from no_such_table where id = ${i}`).catch((e) => e))).toBe(
        '42P01',
      );
      // bind: a parameter that is not an integer
      expect(code(await database.db.execute(sql`select ${'not a number'}::int as n`).catch((e) => e))).toBe('22P02');
      // execute: division by zero on the row
      expect(code(await database.db.execute(sql`select 1 / (${i}::int - ${i}::int) as n`).catch((e) => e))).toBe(
        '22012',
      );
      const ok = (await database.db.execute(sql`select ${i}::int + 1 as n`)) as unknown as {
        rows: Array<{ n: number }>;
      };
      expect(ok.rows).toEqual([{ n: i + 1 }]);
    }
  });

  it('still answers after a migration changes the table a prepared statement reads', async () => {
    const read = () => database.db.execute(sql`select * from prepared_probe where id = ${1}`);
    for (let i = 0; i < 5; i++) await read();
    expect(await prepared()).not.toEqual([]);
    const client = (database.db as unknown as { $client: { exec(q: string): Promise<unknown> } }).$client;
    await client.exec("alter table prepared_probe add column extra text default 'e'");
    const rows = ((await read()) as unknown as { rows: Array<Record<string, unknown>> }).rows;
    expect(rows[0]).toMatchObject({ id: 1, extra: 'e' });
  });
});

describe('statements queued on PGlite', () => {
  it('leave the event loop a turn between them: what waits on the loop is not held until the last one ends', async () => {
    const slow = () => database.db.execute(sql`select pg_sleep(0.002), ${'x'}::text as v`);
    for (let i = 0; i < 4; i++) await slow(); // named from here on, as a busy server's statements are
    let done = 0;
    const queued = Array.from({ length: 10 }, () => slow().then(() => done++));
    // A callback of the loop's next turn (as an incoming request's is): it sees how many statements ran first.
    const seenAtNextTurn = new Promise<number>((resolve) => setImmediate(() => resolve(done)));
    await Promise.all(queued);
    expect(done).toBe(10);
    expect(await seenAtNextTurn).toBeLessThanOrEqual(2);
  });
});
