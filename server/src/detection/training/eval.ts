/**
 * `npm run eval -- --data FILE.jsonl [--data FILE2.jsonl] [--json] [--threshold 40]`
 *   Scores the shipped engine (model file + detectors, offline) on any file in the format of
 *   ../shared/data. "Flagged" means riskScore >= threshold (default 40: the suspicious and scam bands).
 *
 * `npm run eval -- --loso [--classes lr,nb,nblr] [--engine-class nblr] [--data-dir DIR] [--json] [--out FILE.md]`
 *   Leave-one-source-out: for each development source, trains on all the others and scores the one left
 *   out; prints the table for each model class and for the whole engine, worst source named.
 *
 * Never prints message text.
 */
import { writeFileSync } from 'node:fs';
import { readDevData, readJsonl, resolveDataDir, type LabelledRecord } from './data.ts';
import { evaluateEngine } from './evaluate.ts';
import { formatTable, formatTypes, runLoso } from './loso.ts';
import { MODEL_CLASSES, type ModelClass } from './classifiers.ts';
import { loadDefaultModel } from '../model/model.ts';
import { RISK_BAND_SUSPICIOUS } from '@redflag/contracts/constants';

function arg(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

function isClass(s: string): s is ModelClass {
  return (MODEL_CLASSES as readonly string[]).includes(s);
}

function loso(argv: readonly string[]): number {
  const classes = (arg(argv, '--classes') ?? MODEL_CLASSES.join(',')).split(',').filter(isClass);
  const shipped = loadDefaultModel();
  const engineArg = arg(argv, '--engine-class') ?? shipped?.modelClass ?? 'lr';
  const engineClass = isClass(engineArg) ? engineArg : null;
  const records = readDevData(resolveDataDir([...argv], process.env));
  const json = argv.includes('--json');
  const result = runLoso(records, { classes, engineClass, log: json ? undefined : (l) => console.error(l) });
  if (json) {
    console.log(JSON.stringify({ models: result.models, engine: result.engine }));
    return 0;
  }
  const parts = [...result.models.map(formatTable)];
  if (result.engine)
    parts.push(formatTable(result.engine), '#### Per type (whole engine)', '', formatTypes(result.engine));
  const text = parts.join('\n\n');
  console.log(text);
  const out = arg(argv, '--out');
  if (out) writeFileSync(out, `${text}\n`);
  return 0;
}

function main(): number {
  const argv = process.argv.slice(2);
  if (argv.includes('--loso')) return loso(argv);
  const files: string[] = [];
  argv.forEach((a, i) => {
    if (a === '--data' && argv[i + 1]) files.push(argv[i + 1] ?? '');
  });
  const threshold = Number(arg(argv, '--threshold') ?? RISK_BAND_SUSPICIOUS);
  if (!files.length || !Number.isFinite(threshold)) {
    console.error(
      'usage: npm run eval -- --data FILE.jsonl [--data FILE2.jsonl] [--json] [--threshold 40]\n       npm run eval -- --loso [--classes lr,nb,nblr] [--engine-class nblr] [--json] [--out FILE.md]',
    );
    return 2;
  }
  let records: LabelledRecord[] = [];
  for (const f of files) records = records.concat(readJsonl(f));
  if (!records.length) {
    console.error('no labelled records found');
    return 2;
  }
  const report = evaluateEngine(records, {}, threshold);
  if (argv.includes('--json')) {
    console.log(JSON.stringify(report));
    return 0;
  }
  const pct = (x: number): string => `${(x * 100).toFixed(2)}%`;
  const c = report.confusion;
  console.log(`RedFlag engine on ${report.n} messages (flagged = riskScore >= ${threshold})`);
  console.log(
    `accuracy ${pct(report.accuracy)}  precision ${pct(report.precision)}  recall ${pct(report.recall)}  F1 ${report.f1.toFixed(4)}  FPR ${pct(report.fpr)}  ROC AUC ${report.auc?.toFixed(4) ?? 'n/a'}`,
  );
  console.log(`confusion: TP ${c.tp}  FP ${c.fp}  TN ${c.tn}  FN ${c.fn}`);
  console.log(`latency per message: p50 ${report.latencyMs.p50} ms, p99 ${report.latencyMs.p99} ms`);
  console.log('\nby source:');
  for (const [src, m] of Object.entries(report.bySource)) {
    console.log(
      `  ${src.padEnd(24)} n=${String(m.n).padStart(5)}  acc ${pct(m.accuracy)}  prec ${pct(m.precision)}  recall ${pct(m.recall)}  FPR ${pct(m.fpr)}  F1 ${m.f1.toFixed(4)}  AUC ${m.auc?.toFixed(4) ?? 'n/a'}${m.recallAt1PctFpr !== undefined ? `  recall@1%FPR ${pct(m.recallAt1PctFpr)}` : ''}`,
    );
  }
  console.log('\nby type (share flagged):');
  for (const [type, t] of Object.entries(report.byType))
    console.log(`  ${type.padEnd(40)} n=${String(t.n).padStart(5)}  flagged ${pct(t.rate)}`);
  return 0;
}

process.exitCode = main();
