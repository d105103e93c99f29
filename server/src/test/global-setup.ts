import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';

export const TEMPLATE_DB = 'redflag_test_template';

/**
 * Migrates one database up front so each test file can start from a fresh copy in milliseconds:
 * a PGlite data-dir tarball, or (when TEST_DATABASE_URL points at a PostgreSQL server) a template database.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const templateUrl = withDatabase(url, TEMPLATE_DB);
    const db = await openDatabase({ driver: 'postgres', url: templateUrl, poolSize: 1 });
    await db.migrate();
    await db.close();
    project.provide('testDatabase', { driver: 'postgres', url });
    return;
  }
  const db = await openDatabase({ driver: 'pglite' });
  await db.migrate();
  const dump = await db.dump!();
  await db.close();
  const dir = path.resolve('.tmp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { driver: 'pglite', templateFile: file });
}

export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { driver: 'pglite'; templateFile: string } | { driver: 'postgres'; url: string };
  }
}
