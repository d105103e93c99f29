/**
 * Loads a known-bad list from a file into the database the server uses (decision 103):
 *
 *   npm run feeds:import -- --format urlhaus FILE [--name NAME]
 *
 *   npm run feeds:import -- --remove NAME
 *
 * FORMAT is urlhaus (the CSV dump), openphish (one link per line), phishtank (online-valid.json) or domains
 * (one domain per line). NAME defaults to the format. The file's copy replaces the list's last copy; a file
 * with nothing usable in it, or an HTML page, changes nothing and exits 1. Unreadable lines, links over
 * 2,048 characters and domains of big shared sites (discordapp.com, shopify.com, nytimes.com, 1.1.1.1,
 * 192.168.1.1) are left out, and each refused domain is printed with why (decision 108); a link on such a
 * host is loaded to match as that whole link only, and the import says how many and why (decision 131).
 * --remove deletes a list and its entries (a list still in FEEDS comes back at its next refresh). With PGlite (no DATABASE_URL) stop the server first: one
 * process holds the data folder.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FEED_FORMATS, type FeedFormat } from '@redflag/contracts/reputation';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createClock } from '../lib/clock.ts';
import { createLogger } from '../lib/logger.ts';
import { importFeed, type ImportResult } from './feeds.service.ts';
import { MAX_URL_CHARS } from './formats.ts';
import { deleteFeed } from './reputation.repo.ts';

export type ImportArgs = { format: FeedFormat; file: string; name: string } | { remove: string };

const USAGE = `usage: npm run feeds:import -- --format ${FEED_FORMATS.join('|')} FILE [--name NAME], or --remove NAME`;
const NAME = /^[a-z0-9][a-z0-9_-]{0,39}$/;

export function parseImportArgs(argv: readonly string[]): ImportArgs {
  if (argv[0] === '--remove') {
    const name = (argv[1] ?? '').toLowerCase();
    if (argv.length !== 2 || !NAME.test(name)) throw new Error(USAGE);
    return { remove: name };
  }
  let format: string | undefined;
  let name: string | undefined;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--format') format = argv[++i];
    else if (a.startsWith('--format=')) format = a.slice('--format='.length);
    else if (a === '--name') name = argv[++i];
    else if (a.startsWith('--name=')) name = a.slice('--name='.length);
    else rest.push(a);
  }
  const f = FEED_FORMATS.find((x) => x === format);
  if (!f || rest.length !== 1 || !rest[0]) throw new Error(USAGE);
  const n = (name ?? f).toLowerCase();
  if (!NAME.test(n)) throw new Error(`--name: letters, digits, - and _ only (${USAGE})`);
  return { format: f, file: rest[0], name: n };
}

/** How many refused domains the import prints one by one; the rest are counted. */
const REFUSED_SHOWN = 20;

/**
 * What the import prints: the count loaded and left out, how many links match as whole links only and why,
 * then each refused domain with why.
 */
export function importReport(r: ImportResult): string[] {
  const wholeLinksOnly = r.narrowed.reduce((n, c) => n + c.count, 0);
  const left = [
    r.skipped ? `${r.skipped} lines unreadable` : '',
    r.tooLong ? `${r.tooLong} over ${MAX_URL_CHARS} characters skipped` : '',
    r.refused.length ? `${r.refused.length} refused` : '',
    wholeLinksOnly ? `${wholeLinksOnly} match as whole links only` : '',
  ].filter(Boolean);
  const lines = [`${r.name}: ${r.entries} entries loaded${left.length ? `, ${left.join(', ')}` : ''}`];
  for (const { count, reason } of r.narrowed) lines.push(`  whole links only: ${count} ${reason}`);
  for (const { host, reason } of r.refused.slice(0, REFUSED_SHOWN)) lines.push(`  refused ${host}: ${reason}`);
  if (r.refused.length > REFUSED_SHOWN) lines.push(`  and ${r.refused.length - REFUSED_SHOWN} more refused`);
  return lines;
}

async function main(): Promise<number> {
  let args: ImportArgs;
  try {
    args = parseImportArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    return 2;
  }
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(
    config.database.driver === 'pglite'
      ? { driver: 'pglite', dir: config.database.dir }
      : { driver: 'postgres', url: config.database.url, poolSize: 2 },
  );
  try {
    await database.migrate();
    if ('remove' in args) {
      const removed = await deleteFeed(database.db, args.remove);
      console.log(removed ? `${args.remove}: removed with its entries` : `${args.remove}: no such list`);
      return removed ? 0 : 1;
    }
    const text = readFileSync(args.file, 'utf8');
    const result = await importFeed(
      { config, database, logger, clock: createClock(false) },
      { name: args.name, format: args.format, sourceUrl: null },
      text,
    );
    for (const line of importReport(result)) console.log(line);
    return 0;
  } catch (err) {
    console.error(
      'remove' in args
        ? `${args.remove}: not removed (${(err as Error).message})`
        : `${args.name}: not loaded (${(err as Error).message}); the list's last copy is unchanged`,
    );
    return 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
