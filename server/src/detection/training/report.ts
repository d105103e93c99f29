/**
 * The parts of docs/engine-evaluation.md that `npm run train` writes: the leave-one-source-out tables, the
 * real sources' summary (worst source and mean), the model-only trade-off and the synthetic source's effect.
 * Each lives between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`; the prose around them is ours.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './data.ts';
import { pct, type LosoTable, type SourceRow } from './loso.ts';
import { SYNTHETIC_SOURCE } from './synthetic.ts';

export const EVALUATION_DOC = join(REPO_ROOT, 'docs', 'engine-evaluation.md');

const errorOf = (r: SourceRow): number => Math.max(r.legitFlagged ?? 0, r.scamRecall === null ? 0 : 1 - r.scamRecall);
const mean = (xs: number[]): number | null => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** Worst real source and the means over the real sources (the synthetic row is not evidence about users). */
export function realSummary(t: LosoTable) {
  const real = t.rows.filter((r) => r.source !== SYNTHETIC_SOURCE);
  const worst = real.reduce<SourceRow | null>((w, r) => (!w || errorOf(r) > errorOf(w) ? r : w), null);
  return {
    worstSource: worst?.source ?? '',
    worstError: worst ? errorOf(worst) : 0,
    meanError: mean(real.map(errorOf)),
    meanLegitFlagged: mean(real.flatMap((r) => (r.legitFlagged === null ? [] : [r.legitFlagged]))),
    meanScamsCaught: mean(real.flatMap((r) => (r.scamRecall === null ? [] : [r.scamRecall]))),
  };
}

export function realSourceSummary(t: LosoTable): string {
  const s = realSummary(t);
  return `Real sources only: worst **${s.worstSource}** (${pct(s.worstError)} on the wrong side of 40); mean error ${pct(s.meanError)}, mean legitimate flagged ${pct(s.meanLegitFlagged)}, mean scams caught ${pct(s.meanScamsCaught)}.`;
}

/** Each real source left out in two runs (before → after): legitimate flagged, scams caught, AUC, worst source and mean. */
export function formatComparison(before: LosoTable, after: LosoTable, names: { before: string; after: string }): string {
  const lines = [`| real source left out | legit flagged ${names.before} → ${names.after} | scams caught ${names.before} → ${names.after} | AUC ${names.before} → ${names.after} |`, '|---|---|---|---|'];
  for (const r of before.rows) {
    const w = after.rows.find((x) => x.source === r.source);
    if (!w || r.source === SYNTHETIC_SOURCE) continue;
    lines.push(`| ${r.source} | ${pct(r.legitFlagged)} → ${pct(w.legitFlagged)} | ${pct(r.scamRecall)} → ${pct(w.scamRecall)} | ${r.auc?.toFixed(3) ?? '–'} → ${w.auc?.toFixed(3) ?? '–'} |`);
  }
  const a = realSummary(before);
  const b = realSummary(after);
  lines.push('', `Worst real source: ${a.worstSource} ${pct(a.worstError)} → ${b.worstSource} ${pct(b.worstError)}. Mean error over the real sources: ${pct(a.meanError)} → ${pct(b.meanError)}. Mean legitimate flagged ${pct(a.meanLegitFlagged)} → ${pct(b.meanLegitFlagged)}; mean scams caught ${pct(a.meanScamsCaught)} → ${pct(b.meanScamsCaught)}.`);
  return lines.join('\n');
}

/** Each real source left out, without and with the synthetic source in training. */
export function formatSyntheticEffect(without: LosoTable, withSynthetic: LosoTable): string {
  const lines = [formatComparison(without, withSynthetic, { before: 'without', after: 'with' })];
  const syn = withSynthetic.rows.find((x) => x.source === SYNTHETIC_SOURCE);
  if (syn) lines.push(`The synthetic source left out (the real sources predicting it): legitimate flagged ${pct(syn.legitFlagged)}, scams caught ${pct(syn.scamRecall)}, AUC ${syn.auc?.toFixed(3) ?? '–'}.`);
  return lines.join('\n');
}

/** The engine before v3 (v2's last report, kept in baseline-v2.json): what each run is compared with. */
export const BASELINE_PATH = join(REPO_ROOT, 'server', 'src', 'detection', 'training', 'baseline-v2.json');
export function readBaseline(file = BASELINE_PATH): { what: string; engineTable: LosoTable } | null {
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as { what: string; engineTable: LosoTable };
}

/** Replaces the generated section NAME of the evaluation document (appends it when it is not there yet). */
export function writeGeneratedSection(name: string, body: string, file = EVALUATION_DOC): void {
  const begin = `<!-- generated:${name} -->`;
  const end = `<!-- /generated:${name} -->`;
  const doc = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const block = `${begin}\n${body}\n${end}`;
  const i = doc.indexOf(begin);
  const j = doc.indexOf(end);
  const next = i >= 0 && j > i ? doc.slice(0, i) + block + doc.slice(j + end.length) : `${doc.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}
