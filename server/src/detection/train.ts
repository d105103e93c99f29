/**
 * `npm run train [-- --data-dir DIR] [--epochs N] [--no-final] [--out-dir DIR]`
 *
 * 1. Reads ../shared/data/*.dev.jsonl (or --data-dir / REDFLAG_DATA_DIR).
 * 2. Holds out a deterministic 20% (model/data.ts isValidation), trains on the other 80%, fits Platt
 *    calibration on the held-out part and scores the WHOLE engine (model + detectors) on it per source.
 * 3. Retrains with the same recipe on all development data (unless --no-final) and writes
 *    model/model.json and model/eval-report.json. The report's figures are the held-out figures of step 2.
 * Never prints message text.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINE_VERSION } from './analyze.ts';
import { evaluateEngine } from './evaluate.ts';
import { isValidation, readDevData, resolveDataDir } from './model/data.ts';
import { FEATURE_BITS, TEXT_DOMAINS, featurize, textDomain, type TextDomain } from './model/features.ts';
import { DEFAULT_MODEL_PATH, MODEL_FORMAT, modelFromWeights, type ModelFile } from './model/model.ts';
import { DEFAULT_TRAIN_OPTIONS, SHORT_TEXT_LOGIT_SHIFT, SOURCE_SHARE, fitPlatt, quantize, trainLogistic } from './model/trainer.ts';
import { metrics } from './metrics.ts';

export const REPORT_PATH = fileURLToPath(new URL('./model/eval-report.json', import.meta.url));

function arg(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

function main(): void {
  const argv = process.argv.slice(2);
  const dataDir = resolveDataDir(argv, process.env);
  const opts = { ...DEFAULT_TRAIN_OPTIONS, epochs: Number(arg(argv, '--epochs') ?? DEFAULT_TRAIN_OPTIONS.epochs) };
  const final = !argv.includes('--no-final');
  const outDir = arg(argv, '--out-dir');
  const modelPath = outDir ? join(outDir, 'model.json') : DEFAULT_MODEL_PATH;
  const reportPath = outDir ? join(outDir, 'eval-report.json') : REPORT_PATH;
  if (outDir) mkdirSync(outDir, { recursive: true });
  const t0 = performance.now();
  const all = readDevData(dataDir);
  const train = all.filter((r) => !isValidation(r.text));
  const val = all.filter((r) => isValidation(r.text));
  console.log(`train: ${all.length} records from ${dataDir} (${train.length} train / ${val.length} validation)`);

  const domainFeatures = !argv.includes('--no-domain');
  const featureOpts = { domainFeatures };
  const trainFeats = train.map((r) => featurize(r.text, featureOpts));
  const w80 = trainLogistic(train, opts, trainFeats);
  const q80 = quantize(w80.weights);
  const raw80 = modelFromWeights('val', q80.q, w80.bias, q80.scale, { a: 1, b: 0 }, { domainFeatures });
  const rawVal = val.map((r) => raw80.logit(r.text));
  const yVal = val.map((r) => (r.label === 'scam' ? 1 : 0));
  const calibration = fitPlatt(rawVal, yVal);
  // Platt scaling per text domain: e-mail-like and SMS-like texts have different score distributions.
  const byDomain = {} as Record<TextDomain, { a: number; b: number }>;
  for (const d of TEXT_DOMAINS) {
    const idx = val.map((r, i) => (textDomain(r.text) === d ? i : -1)).filter((i) => i >= 0);
    byDomain[d] = idx.length >= 50 ? fitPlatt(idx.map((i) => rawVal[i] ?? 0), idx.map((i) => yVal[i] ?? 0)) : calibration;
  }
  byDomain.short = { a: byDomain.short.a, b: byDomain.short.b + SHORT_TEXT_LOGIT_SHIFT };
  const calibrationByDomain = argv.includes('--no-domain-calibration') ? undefined : byDomain;
  const model80 = modelFromWeights('val', q80.q, w80.bias, q80.scale, calibration, { domainFeatures, calibrationByDomain });
  if (outDir) writeFileSync(join(outDir, 'model80.json'), `${JSON.stringify({ format: MODEL_FORMAT, version: 'val', trainedAt: new Date().toISOString(), featureBits: FEATURE_BITS, bias: w80.bias, scale: q80.scale, calibration, calibrationByDomain, domainFeatures, weights: Buffer.from(q80.q.buffer, q80.q.byteOffset, q80.q.byteLength).toString('base64') } satisfies ModelFile)}\n`);
  console.log(`train: 80% model trained in ${Math.round(performance.now() - t0)} ms; calibration a=${calibration.a.toFixed(3)} b=${calibration.b.toFixed(3)}; ${TEXT_DOMAINS.map((d) => `${d} a=${byDomain[d].a.toFixed(3)} b=${byDomain[d].b.toFixed(3)}`).join(', ')}`);

  const modelOnly: Record<string, ReturnType<typeof metrics>> = {};
  const sources = [...new Set(val.map((r) => r.source ?? 'unknown'))].sort();
  for (const src of sources) {
    const list = val.filter((r) => (r.source ?? 'unknown') === src);
    modelOnly[src] = metrics(list.map((r) => model80.logit(r.text)), list.map((r) => r.label === 'scam'), 0);
  }
  const engine = evaluateEngine(val, { model: model80, nanp: null });
  const engine70 = evaluateEngine(val, { model: model80, nanp: null }, 70);

  const version = `m${new Date().toISOString().slice(0, 10).replace(/-/g, '')}`;
  let finalWeights = w80;
  if (final) {
    const allFeats = [...trainFeats, ...val.map((r) => featurize(r.text, featureOpts))];
    finalWeights = trainLogistic([...train, ...val], opts, allFeats);
  }
  const q = quantize(finalWeights.weights);
  const counts: Record<string, number> = {};
  for (const r of final ? all : train) counts[r.source ?? 'unknown'] = (counts[r.source ?? 'unknown'] ?? 0) + 1;
  const file: ModelFile = {
    format: MODEL_FORMAT,
    version,
    trainedAt: new Date().toISOString(),
    featureBits: FEATURE_BITS,
    bias: finalWeights.bias,
    scale: q.scale,
    calibration,
    ...(calibrationByDomain ? { calibrationByDomain } : {}),
    domainFeatures,
    weights: Buffer.from(q.q.buffer, q.q.byteOffset, q.q.byteLength).toString('base64'),
    trainedOn: counts,
  };
  writeFileSync(modelPath, `${JSON.stringify(file)}\n`);

  const uci = engine.bySource['uci_sms_spam'];
  const report = {
    engine: 'RedFlag Engine',
    engineVersion: ENGINE_VERSION,
    modelVersion: version,
    generatedAt: new Date().toISOString(),
    split: 'deterministic 20% of the development data by SHA-256 of the text with case, punctuation and spacing removed (same text -> same side across datasets)',
    finalModelTrainedOn: final ? 'all development data (same recipe; figures below are from the 80% model on the 20% it did not see)' : '80% split only',
    trainOptions: opts,
    sourceShare: SOURCE_SHARE,
    domainFeatures,
    calibration: calibrationByDomain ?? calibration,
    shortTextLogitShift: SHORT_TEXT_LOGIT_SHIFT,
    counts: { train: train.length, validation: val.length },
    headline: uci ? { accuracy: uci.accuracy, dataset: 'UCI SMS Spam Collection (validation split)', threshold: engine.threshold } : null,
    validation: { threshold40: engine, threshold70: { ...engine70, byType: undefined } },
    modelOnly,
  };
  writeFileSync(reportPath, `${JSON.stringify(report, null, 2)}\n`);

  console.log('\nvalidation (whole engine, flagged = riskScore >= 40):');
  console.log('source                   n      acc    prec   recall  fpr     f1     auc    recall@1%FPR');
  for (const [src, m] of Object.entries(engine.bySource)) {
    console.log(
      `${src.padEnd(22)} ${String(m.n).padStart(5)}  ${m.accuracy.toFixed(4)} ${m.precision.toFixed(4)} ${m.recall.toFixed(4)}  ${m.fpr.toFixed(4)}  ${m.f1.toFixed(4)} ${m.auc?.toFixed(4) ?? '  -   '} ${m.recallAt1PctFpr?.toFixed(4) ?? '-'}`,
    );
  }
  console.log(`latency p50 ${engine.latencyMs.p50} ms, p99 ${engine.latencyMs.p99} ms`);
  console.log(`\nwrote ${modelPath} (${Math.round((file.weights.length * 3) / 4 / 1024)} KB of weights) and ${reportPath} in ${Math.round((performance.now() - t0) / 1000)} s`);
}

main();
