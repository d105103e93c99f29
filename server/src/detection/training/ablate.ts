/**
 * `node --import tsx server/src/detection/training/ablate.ts [--data-dir DIR] [--out FILE.md] [--held a,b]
 * [--files x.jsonl,y.jsonl]` (--held: the modern sources to leave out, default all four; --files: the
 * files to drop one at a time, default every file)
 *
 * What each file of the synthetic source does (the engine's rule: "each new batch kept only if leave-one-source-out
 * says it helps"): the text model, leave-one-source-out on the modern real sources only (ph_sms,
 * scamspot_ig, thai_sms, indonesian_sms), trained with no synthetic source, with all of it, and with all of
 * it but one file. The text model alone, because the combiner and the detectors are the same in every
 * variant; the whole engine's table is `npm run train`'s. Never prints message text.
 */
import { writeFileSync } from 'node:fs';
import { readDevData, resolveDataDir, type LabelledRecord } from './data.ts';
import { pct, runLoso, type LosoTable } from './loso.ts';
import { MODERN_SOURCES } from './report.ts';
import { readSyntheticFiles, SYNTHETIC_SOURCE } from './synthetic.ts';

const argv = process.argv.slice(2);
const dev = readDevData(resolveDataDir(argv, process.env));
const files = readSyntheticFiles();
const withFiles = (names: readonly string[]): LabelledRecord[] => [
  ...dev,
  ...files
    .filter((f) => names.includes(f.file))
    .flatMap((f) => f.records.map((r) => ({ ...r, source: SYNTHETIC_SOURCE }))),
];
const all = files.map((f) => f.file);
const listArg = (name: string): string[] | null => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] ? (argv[i + 1] ?? '').split(',') : null;
};
const held = listArg('--held') ?? [...MODERN_SOURCES];
const dropOne = listArg('--files') ?? all;
const variants: Array<[string, string[]]> = [
  ['no synthetic source', []],
  ['all synthetic files', all],
  ...dropOne.map((f): [string, string[]] => [`all but ${f}`, all.filter((x) => x !== f)]),
];

const errorOf = (r: LosoTable['rows'][number]) =>
  Math.max(r.legitFlagged ?? 0, r.scamRecall === null ? 0 : 1 - r.scamRecall);
const lines = [
  '| variant | ' + held.map((s) => `${s} legit flagged / caught / AUC`).join(' | ') + ' | mean error |',
  `|---|${held.map(() => '---').join('|')}|---|`,
];
for (const [name, names] of variants) {
  const t0 = performance.now();
  const { models } = runLoso(withFiles(names), { classes: ['lr'], engineClass: null, heldOut: held });
  const table = models[0];
  if (!table) continue;
  const cells = held.map((s) => {
    const r = table.rows.find((x) => x.source === s);
    return r ? `${pct(r.legitFlagged)} / ${pct(r.scamRecall)} / ${r.auc?.toFixed(3) ?? '–'}` : '–';
  });
  const rows = table.rows.filter((r) => held.includes(r.source));
  const mean = rows.reduce((a, r) => a + errorOf(r), 0) / Math.max(1, rows.length);
  lines.push(`| ${name} | ${cells.join(' | ')} | ${pct(mean)} |`);
  console.log(`ablate: ${name} done in ${Math.round((performance.now() - t0) / 1000)} s; mean error ${pct(mean)}`);
}
const out = argv.indexOf('--out');
const text = lines.join('\n');
if (out >= 0 && argv[out + 1]) writeFileSync(argv[out + 1] ?? '', `${text}\n`);
console.log(`\n${text}`);
