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

/**
 * The real sources of today's messages (2016-2026): what the engine is judged by first. The
 * others (UCI, Mishra & Soni, Enron, SpamAssassin, Nazario, EMSCAD, Craigslist) are 2000s-2010s mail, SMS
 * and chat: still reported, not a gate.
 */
export const MODERN_SOURCES: ReadonlySet<string> = new Set(['ph_sms', 'scamspot_ig', 'thai_sms', 'indonesian_sms']);
export const isModern = (source: string): boolean => MODERN_SOURCES.has(source);
/** A modern source may lose at most this much (error: the larger of legit flagged and scams missed) to ship. */
export const MODERN_MAX_LOSS = 0.02;

/** Worst real source and the means over the real sources (the synthetic row is not evidence about users). */
export function realSummary(t: LosoTable, only: (source: string) => boolean = () => true) {
  const real = t.rows.filter((r) => r.source !== SYNTHETIC_SOURCE && only(r.source));
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
  const line = (what: string, only: (source: string) => boolean) => {
    const s = realSummary(t, only);
    return `${what}: worst **${s.worstSource}** (${pct(s.worstError)} on the wrong side of 40); mean error ${pct(s.meanError)}, mean legitimate flagged ${pct(s.meanLegitFlagged)}, mean scams caught ${pct(s.meanScamsCaught)}.`;
  };
  return [
    line('Modern real sources (ph_sms, scamspot_ig, thai_sms, indonesian_sms)', isModern),
    '',
    line('2005-2012 real sources (reported, not a gate)', (x) => !isModern(x)),
  ].join('\n');
}

/**
 * The shipping rule (docs/engine.md): the mean error over the modern real sources improves, and none of them
 * loses more than MODERN_MAX_LOSS. Sources missing from either table are not judged.
 */
export function shippingRule(before: LosoTable, after: LosoTable): { met: boolean; text: string } {
  const a = realSummary(before, isModern);
  const b = realSummary(after, isModern);
  const losses: string[] = [];
  for (const r of after.rows) {
    const was = before.rows.find((x) => x.source === r.source);
    if (!was || !isModern(r.source)) continue;
    const loss = errorOf(r) - errorOf(was);
    if (loss > MODERN_MAX_LOSS) losses.push(`${r.source} ${pct(errorOf(was))} → ${pct(errorOf(r))}`);
  }
  const improved = a.meanError !== null && b.meanError !== null && b.meanError < a.meanError;
  const met = improved && losses.length === 0;
  const text = `Shipping rule (modern mean error improves, no modern source loses more than ${MODERN_MAX_LOSS * 100} points): **${met ? 'met' : 'not met'}**. Modern mean error ${pct(a.meanError)} → ${pct(b.meanError)}${losses.length ? `; lost more than ${MODERN_MAX_LOSS * 100} points: ${losses.join(', ')}` : ''}.`;
  return { met, text };
}

/**
 * Each real source left out in two runs (before → after): legitimate flagged, scams caught, AUC; the modern
 * sources first, then the 2005-2012 ones, each group with its worst source and means.
 */
export function formatComparison(
  before: LosoTable,
  after: LosoTable,
  names: { before: string; after: string },
): string {
  const lines = [
    `| real source left out | group | legit flagged ${names.before} → ${names.after} | scams caught ${names.before} → ${names.after} | AUC ${names.before} → ${names.after} |`,
    '|---|---|---|---|---|',
  ];
  const ordered = [...after.rows.filter((r) => isModern(r.source)), ...after.rows.filter((r) => !isModern(r.source))];
  for (const w of ordered) {
    const r = before.rows.find((x) => x.source === w.source);
    if (!r || w.source === SYNTHETIC_SOURCE) continue;
    lines.push(
      `| ${w.source} | ${isModern(w.source) ? 'modern' : '2005-2012'} | ${pct(r.legitFlagged)} → ${pct(w.legitFlagged)} | ${pct(r.scamRecall)} → ${pct(w.scamRecall)} | ${r.auc?.toFixed(3) ?? '–'} → ${w.auc?.toFixed(3) ?? '–'} |`,
    );
  }
  const group = (what: string, only: (source: string) => boolean) => {
    const a = realSummary(before, only);
    const b = realSummary(after, only);
    return `${what}: worst ${a.worstSource} ${pct(a.worstError)} → ${b.worstSource} ${pct(b.worstError)}; mean error ${pct(a.meanError)} → ${pct(b.meanError)}; mean legitimate flagged ${pct(a.meanLegitFlagged)} → ${pct(b.meanLegitFlagged)}; mean scams caught ${pct(a.meanScamsCaught)} → ${pct(b.meanScamsCaught)}.`;
  };
  lines.push(
    '',
    group('Modern real sources', isModern),
    '',
    group('2005-2012 real sources', (x) => !isModern(x)),
  );
  return lines.join('\n');
}

/** Each real source left out, without and with the synthetic source in training. */
export function formatSyntheticEffect(without: LosoTable, withSynthetic: LosoTable): string {
  const lines = [formatComparison(without, withSynthetic, { before: 'without', after: 'with' })];
  const syn = withSynthetic.rows.find((x) => x.source === SYNTHETIC_SOURCE);
  if (syn)
    lines.push(
      `The synthetic source left out (the real sources predicting it): legitimate flagged ${pct(syn.legitFlagged)}, scams caught ${pct(syn.scamRecall)}, AUC ${syn.auc?.toFixed(3) ?? '–'}.`,
    );
  return lines.join('\n');
}

/** The engine before v3 (v2's last report, kept in baseline-v2.json). */
export const BASELINE_PATH = join(REPO_ROOT, 'server', 'src', 'detection', 'training', 'baseline-v2.json');
/**
 * The engine v3 as it shipped (rules of e532b11, no synthetic source), scored leave-one-source-out on the
 * development data that now includes ph_sms and scamspot_ig: what v4 is compared with and gated on.
 */
export const BASELINE_V3_PATH = join(REPO_ROOT, 'server', 'src', 'detection', 'training', 'baseline-v3.json');
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
