// A throw-away PostgreSQL server on a loopback port, from Debian's postgresql package: the one start-up the
// test run (scripts/test-all.mjs) and the benchmarks (bench/scans.ts) share. As root it runs as the postgres
// system user (PostgreSQL refuses root). `stop()` stops it and removes its folder.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The newest installed PostgreSQL's bin folder, or null when none is installed. */
export function findPgBin(base = '/usr/lib/postgresql') {
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

/**
 * Starts a server on 127.0.0.1:`port` with `settings` (`-c name=value` each), or returns null when PostgreSQL is
 * not installed. Throws when it is installed but does not start.
 */
export function startPostgres({ port, prefix = 'redflag-pg-', settings = {} }) {
  const bin = findPgBin();
  if (!bin) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const dataDir = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  chmodSync(dir, 0o700);
  const pg = (args) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', ...args], { stdio: 'pipe' })
      : execFileSync(args[0], args.slice(1), { stdio: 'pipe' });
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`),
  ].join(' ');
  try {
    pg([path.join(bin, 'initdb'), '-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    pg([
      path.join(bin, 'pg_ctl'),
      '-D',
      dataDir,
      '-w',
      '-t',
      '60',
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      options,
      'start',
    ]);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** The postmaster's process id, or null once it is gone. */
    postmaster() {
      try {
        return Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      } catch {
        return null;
      }
    },
    stop() {
      try {
        pg([path.join(bin, 'pg_ctl'), '-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
