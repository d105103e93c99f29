/**
 * The operator export (decision 071):
 *
 *   npm run feedback:export -- --since 2026-01-01 [--out feedback.jsonl]
 *
 * writes the feedback given or changed since DATE whose owner consented to the use of the message text,
 * as JSON Lines in the schema of ../shared/data (README.md there), so that `npm run eval -- --data FILE`
 * scores the engine on it; and prints how often the verdicts agreed with the people's answers, per engine
 * version and per scam type. The report counts every answer (labels are kept without consent); the file
 * holds text only with consent. "Not sure" answers are counted but give no record (they carry no label).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { riskBand, type RiskBand } from '@redflag/contracts/constants';
import { loadConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/client.ts';
import { feedbackSince } from './feedback.repo.ts';

export const EXPORT_SOURCE = 'redflag_feedback';

/** One line of the file: ../shared/data's record (id, text, label, type, channel, source) plus platform. */
export interface ExportRecord {
  id: string;
  text: string;
  label: 'scam' | 'legit';
  type: string;
  channel: string;
  source: typeof EXPORT_SOURCE;
  platform: string | null;
}

export interface AgreementRow {
  /** Answers that say Scam or Not a scam (Not sure is counted apart). */
  answered: number;
  /** The verdict matched: Scam on a scam verdict (70+), Not a scam on a legitimate one (below 40). */
  agreed: number;
  /** The verdict was the opposite of the answer. */
  disagreed: number;
  /** A suspicious verdict (40-69): neither right nor wrong by this measure. */
  suspicious: number;
  notSure: number;
  /** agreed / (agreed + disagreed); null when there is neither. */
  agreement: number | null;
}

export interface FeedbackExport {
  records: ExportRecord[];
  report: {
    total: number;
    consented: number;
    byEngineVersion: Record<string, AgreementRow>;
    byType: Record<string, AgreementRow>;
  };
}

type Row = Awaited<ReturnType<typeof feedbackSince>>[number];

/** The scan's platform as the data's channel: texts and e-mails as themselves, every other app as chat. */
export function channelOf(platform: string | null): string {
  if (platform === 'sms' || platform === 'email') return platform;
  return platform ? 'chat' : 'unknown';
}

function emptyRow(): AgreementRow {
  return { answered: 0, agreed: 0, disagreed: 0, suspicious: 0, notSure: 0, agreement: null };
}

function count(row: AgreementRow, label: string, band: RiskBand): void {
  if (label === 'not_sure') {
    row.notSure += 1;
    return;
  }
  row.answered += 1;
  if (band === 'suspicious') row.suspicious += 1;
  else if ((label === 'scam') === (band === 'scam')) row.agreed += 1;
  else row.disagreed += 1;
  const decided = row.agreed + row.disagreed;
  row.agreement = decided ? row.agreed / decided : null;
}

/** Pure: the file's records and the agreement report from the stored rows. */
export function buildExport(rows: readonly Row[]): FeedbackExport {
  const records: ExportRecord[] = [];
  const byEngineVersion: Record<string, AgreementRow> = {};
  const byType: Record<string, AgreementRow> = {};
  let consented = 0;
  for (const { feedback: f, message, platform } of rows) {
    const band = riskBand(f.riskScore);
    // Below 40 a type is only the closest match: such a verdict is "no type".
    const type = band === 'legitimate' ? 'none' : (f.scamType ?? 'none');
    count((byEngineVersion[f.engineVersion] ??= emptyRow()), f.label, band);
    count((byType[type] ??= emptyRow()), f.label, band);
    if (!f.consentToUseText) continue;
    consented += 1;
    if (f.label === 'not_sure') continue;
    records.push({
      id: `${EXPORT_SOURCE}-${f.id}`,
      text: message.replace(/\r\n?/g, '\n').trim(),
      label: f.label === 'scam' ? 'scam' : 'legit',
      type: f.label === 'scam' ? 'user_scam' : 'user_not_scam',
      channel: channelOf(platform),
      source: EXPORT_SOURCE,
      platform,
    });
  }
  return { records, report: { total: rows.length, consented, byEngineVersion, byType } };
}

export async function exportFeedback(db: Db, since: Date): Promise<FeedbackExport> {
  return buildExport(await feedbackSince(db, since));
}

export function toJsonLines(records: readonly ExportRecord[]): string {
  return records.map((r) => `${JSON.stringify(r)}\n`).join('');
}

export function formatReport(exp: FeedbackExport, since: Date): string {
  const pct = (x: number | null) => (x === null ? 'n/a' : `${(x * 100).toFixed(1)}%`);
  const table = (title: string, rows: Record<string, AgreementRow>) => [
    `${title}:`,
    ...Object.entries(rows)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([key, r]) =>
          `  ${key.padEnd(32)} answered ${String(r.answered).padStart(5)}  agreed ${String(r.agreed).padStart(5)}  disagreed ${String(r.disagreed).padStart(5)}  suspicious ${String(r.suspicious).padStart(5)}  not sure ${String(r.notSure).padStart(5)}  agreement ${pct(r.agreement)}`,
      ),
  ];
  return [
    `Feedback since ${since.toISOString()}: ${exp.report.total} answers, ${exp.report.consented} with consent to use the text, ${exp.records.length} records written`,
    'Agreement = the verdict matched the answer (Scam on 70+, Not a scam below 40) among answers on scam or legitimate verdicts.',
    ...table('By engine version', exp.report.byEngineVersion),
    ...table('By scam type (as the engine named it)', exp.report.byType),
  ].join('\n');
}

/** --since DATE (required; a date or a date-time) and --out FILE. */
export function parseArgs(argv: readonly string[]): { since: Date; out: string } {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const sinceText = value('--since');
  const since = sinceText ? new Date(sinceText) : null;
  if (!since || Number.isNaN(since.getTime()))
    throw new Error('usage: npm run feedback:export -- --since YYYY-MM-DD [--out FILE.jsonl]');
  const out = value('--out') ?? `feedback-${since.toISOString().slice(0, 10)}.jsonl`;
  return { since, out };
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(
    config.database.driver === 'pglite'
      ? { driver: 'pglite', dir: config.database.dir }
      : { driver: 'postgres', url: config.database.url, poolSize: 2 },
  );
  try {
    await database.migrate();
    const exp = await exportFeedback(database.db, args.since);
    writeFileSync(args.out, toJsonLines(exp.records));
    console.log(formatReport(exp, args.since));
    console.log(`Written: ${path.resolve(args.out)}`);
    return 0;
  } finally {
    await database.close();
  }
}

// Run only as the npm script's entry, not when a test imports the functions above.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
