/**
 * Leave-one-source-out evaluation: for each development source, train the model (and the learned
 * combiner) on every OTHER source with the shipped recipe, then score the source left out. A figure here
 * says how the engine does on a kind of message it has never seen, which is what users paste; the
 * development split says little. Models and settings are chosen by the WORST source.
 */
import type { LabelledRecord } from './data.ts';
import { MODEL_CLASSES, type ModelClass } from './classifiers.ts';
import { FeatureCache, capPerSource, toTextModel, trainCalibrated } from './recipe.ts';
import { groupBy, rocAuc } from './metrics.ts';
import { collectCombinerRows, fitCombiner, type CombinerRow } from './combiner.ts';
import { platformOf } from './evaluate.ts';
import { analyzeLocal } from '../analyze.ts';
import { sigmoid, type CombinerParams } from '../score/combine.ts';
import { RISK_BAND_SUSPICIOUS } from '@redflag/contracts/constants';

export interface SourceRow {
  source: string;
  legit: number;
  /** Share of legitimate messages flagged (riskScore >= 40). */
  legitFlagged: number | null;
  scam: number;
  /** Share of scams flagged (riskScore >= 40). */
  scamRecall: number | null;
  auc: number | null;
  byType: Record<string, { n: number; flagged: number }>;
}

export interface LosoTable {
  what: string;
  rows: SourceRow[];
  /** max over sources of max(legit flagged, scams missed): lower is better. */
  worstError: number;
  worstSource: string;
}

const THRESHOLD = RISK_BAND_SUSPICIOUS;

/**
 * Sources that share texts are left out together: Mishra & Soni re-uses most of the UCI collection
 * (shared/data/README.md), so training on one and scoring the other would measure memory, not skill.
 */
export function sourceGroup(source: string): string {
  return source === 'uci_sms_spam' || source === 'mishra_soni_smishing' ? 'uci_sms_spam+mishra_soni_smishing' : source;
}

function row(source: string, items: { r: LabelledRecord; score: number }[]): SourceRow {
  const legit = items.filter((x) => x.r.label === 'legit');
  const scam = items.filter((x) => x.r.label === 'scam');
  const byType: SourceRow['byType'] = {};
  for (const [type, list] of groupBy(items, (x) => `${x.r.label}:${x.r.type ?? x.r.label}`)) {
    byType[type] = { n: list.length, flagged: list.filter((x) => x.score >= THRESHOLD).length };
  }
  return {
    source,
    legit: legit.length,
    legitFlagged: legit.length ? legit.filter((x) => x.score >= THRESHOLD).length / legit.length : null,
    scam: scam.length,
    scamRecall: scam.length ? scam.filter((x) => x.score >= THRESHOLD).length / scam.length : null,
    auc: rocAuc(
      items.map((x) => x.score),
      items.map((x) => x.r.label === 'scam'),
    ),
    byType,
  };
}

export function summarise(what: string, rows: SourceRow[]): LosoTable {
  let worstError = 0;
  let worstSource = '';
  for (const r of rows) {
    const err = Math.max(r.legitFlagged ?? 0, r.scamRecall === null ? 0 : 1 - r.scamRecall);
    if (err >= worstError) {
      worstError = err;
      worstSource = r.source;
    }
  }
  return { what, rows, worstError, worstSource };
}

export interface LosoResult {
  models: LosoTable[];
  engine: LosoTable | null;
  /** Out-of-source model logits per record, for fitting the shipped combiner. */
  oof: Map<LabelledRecord, number>;
  /** Per record scored by the whole engine: what the model-only trade-off table is built from. */
  scored: ScoredRecord[];
}

export interface ScoredRecord {
  source: string;
  label: 'scam' | 'legit';
  score: number;
  /** Flagged with no reason but the text model (no detector, link, number or sender finding raised it). */
  modelOnly: boolean;
  /** The out-of-source text model's probability. */
  modelP: number;
}

export interface LosoOptions {
  classes?: readonly ModelClass[];
  /** Also score the whole engine (model + detectors + combiner) with this class. */
  engineClass?: ModelClass | null;
  log?: (line: string) => void;
  /** Per-source caps (recipe.ts capsWith); the default caps the synthetic source at SYNTHETIC_CAP. */
  caps?: Record<string, number>;
  /** Leave out only these sources (groups); the others are always trained on. Default: every source. */
  heldOut?: readonly string[];
}

export function runLoso(all: readonly LabelledRecord[], opts: LosoOptions = {}): LosoResult {
  const log = opts.log ?? (() => undefined);
  const classes = opts.classes ?? MODEL_CLASSES;
  const records = capPerSource(all, undefined, opts.caps);
  const cache = new FeatureCache();
  const groupOf = (r: LabelledRecord): string => sourceGroup(r.source ?? 'other');
  const sources = [...new Set(records.map(groupOf))].sort().filter((g) => !opts.heldOut || opts.heldOut.includes(g));
  const models: LosoTable[] = [];
  const oof = new Map<LabelledRecord, number>();
  const foldModels = new Map<string, ReturnType<typeof toTextModel>['model']>();
  for (const kind of classes) {
    const rows: SourceRow[] = [];
    for (const held of sources) {
      const t0 = performance.now();
      const train = records.filter((r) => groupOf(r) !== held);
      const test = records.filter((r) => groupOf(r) === held);
      const trained = trainCalibrated(kind, train, cache);
      const { model } = toTextModel(trained, `loso-${held}`);
      const scored = test.map((r) => {
        const z = model.logit(r.text);
        if (kind === opts.engineClass) oof.set(r, z);
        return { r, score: Math.round(sigmoid(z) * 100) };
      });
      if (kind === opts.engineClass) foldModels.set(held, model);
      for (const [src, list] of groupBy(scored, (x) => x.r.source ?? 'other')) rows.push(row(src, list));
      log(`loso ${kind}: ${held} done in ${Math.round((performance.now() - t0) / 1000)} s`);
    }
    models.push(summarise(`text model alone: ${kind}`, rows));
  }
  let engine: LosoTable | null = null;
  const scoredRecords: ScoredRecord[] = [];
  if (opts.engineClass) {
    const combinerRows = collectCombinerRows(records, oof);
    const rows: SourceRow[] = [];
    for (const held of sources) {
      const params: CombinerParams = fitCombiner(combinerRows.filter((c: CombinerRow) => groupOf(c.record) !== held));
      const model = foldModels.get(held) ?? null;
      const test = records.filter((r) => groupOf(r) === held);
      const scored = test.map((r) => {
        const result = analyzeLocal(
          { message: r.text, platform: platformOf(r) },
          { model, nanp: null, combiner: params },
        );
        const modelOnly =
          result.riskScore >= THRESHOLD && !result.reasonDetails.some((d) => d.id !== 'text_model' && d.weight > 0);
        scoredRecords.push({
          source: r.source ?? 'other',
          label: r.label,
          score: result.riskScore,
          modelOnly,
          modelP: sigmoid(oof.get(r) ?? 0),
        });
        return { r, score: result.riskScore };
      });
      for (const [src, list] of groupBy(scored, (x) => x.r.source ?? 'other')) rows.push(row(src, list));
      log(`loso engine: ${held} done`);
    }
    engine = summarise(`whole engine (model ${opts.engineClass} + detectors + learned combiner)`, rows);
  }
  return { models, engine, oof, scored: scoredRecords };
}

/** A share as the tables print it; '–' when there is nothing to count. */
export const pct = (x: number | null): string => (x === null ? '–' : `${(x * 100).toFixed(1)}%`);

/** The table as Markdown, worst source named: what `npm run eval -- --loso` prints and docs/ keeps. */
export function formatTable(t: LosoTable): string {
  const lines = [
    `### ${t.what}`,
    '',
    '| source left out | legit n | legit flagged | scam n | scams caught | AUC |',
    '|---|---|---|---|---|---|',
  ];
  for (const r of t.rows)
    lines.push(
      `| ${r.source} | ${r.legit} | ${pct(r.legitFlagged)} | ${r.scam} | ${pct(r.scamRecall)} | ${r.auc?.toFixed(3) ?? '–'} |`,
    );
  lines.push('', `Worst source: **${t.worstSource}** (${pct(t.worstError)} of its messages on the wrong side of 40).`);
  return lines.join('\n');
}

export function formatTypes(t: LosoTable): string {
  const lines = ['| source | label:type | n | flagged |', '|---|---|---|---|'];
  for (const r of t.rows)
    for (const [type, v] of Object.entries(r.byType))
      lines.push(`| ${r.source} | ${type} | ${v.n} | ${pct(v.flagged / v.n)} |`);
  return lines.join('\n');
}

/** Model certainty levels the trade-off table tries: a model-only alarm stands only at or above the level. */
export const MODEL_ONLY_LEVELS = [0.5, 0.7, 0.8, 0.9, 0.95, 0.98] as const;

/**
 * Legitimate flagged against scams caught, per source, if an alarm raised by the text model alone stood only
 * when the model's probability reached each level (below it the message would stay under 40). The first
 * column is the engine as it is, before the model-only step (policy.ts model_only_cap).
 */
export function formatModelOnlyTradeoff(scored: readonly ScoredRecord[]): string {
  const head = [
    '| source left out | model-only alarms (legit / scam) | as is | ' +
      MODEL_ONLY_LEVELS.map((l) => `p ≥ ${l}`).join(' | ') +
      ' |',
    '|---|---|---|' + MODEL_ONLY_LEVELS.map(() => '---').join('|') + '|',
  ];
  const lines = [...head];
  for (const [source, list] of groupBy(scored, (x) => x.source)) {
    const legit = list.filter((x) => x.label === 'legit');
    const scam = list.filter((x) => x.label === 'scam');
    const cell = (level: number | null) => {
      const flagged = (x: ScoredRecord) =>
        x.score >= THRESHOLD && (!x.modelOnly || level === null || x.modelP >= level);
      const lf = legit.length ? pct(legit.filter(flagged).length / legit.length) : '–';
      const sc = scam.length ? pct(scam.filter(flagged).length / scam.length) : '–';
      return `${lf} / ${sc}`;
    };
    const mo = `${legit.filter((x) => x.modelOnly).length} / ${scam.filter((x) => x.modelOnly).length}`;
    lines.push(`| ${source} | ${mo} | ${cell(null)} | ${MODEL_ONLY_LEVELS.map((l) => cell(l)).join(' | ')} |`);
  }
  lines.push('', 'Each cell: legitimate flagged / scams caught.');
  return lines.join('\n');
}
