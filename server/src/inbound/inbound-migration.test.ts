import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { storedToken } from './inbound.service.ts';

/**
 * Migration 0013 keeps the forwarding addresses made before it working: it hashes each stored token in
 * SQL, and that hash must be the one the listener computes for the same token.
 */
const statements = (file: string) =>
  readFileSync(new URL(`../db/migrations/${file}`, import.meta.url), 'utf8').split('--> statement-breakpoint');

describe('migration 0013 (forwarding tokens hashed at rest)', () => {
  it('turns a token stored in clear into the hash and start the listener looks up', async () => {
    const db = new PGlite();
    try {
      await db.exec('create table "user" (id text primary key)');
      for (const s of statements('0010_inbound.sql')) await db.exec(s);
      const token = 'k3xq7mzr2abcdwefghijklmn';
      await db.query(`insert into "user" values ('u1')`);
      await db.query(`insert into inbound_address (user_id, token) values ('u1', $1)`, [token]);

      for (const s of statements('0013_inbound_token_hash.sql')) await db.exec(s);

      const { rows } = await db.query('select * from inbound_address');
      expect(rows).toEqual([{ user_id: 'u1', created_at: expect.any(Date), ...toColumns(storedToken(token)) }]);
    } finally {
      await db.close();
    }
  });
});

const toColumns = (t: { tokenHash: string; tokenStart: string }) => ({
  token_hash: t.tokenHash,
  token_start: t.tokenStart,
});
