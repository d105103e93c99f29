/**
 * `npm run bench:engine [-- --data-dir DIR] [--limit N]`: single-core throughput and per-message latency of
 * the local engine (model + detectors + link/phone/e-mail intelligence, no network) over the development
 * data. Target (docs/design.md §6): p50 at most 0.6 ms and p99 at most 4 ms per message on a quiet machine. Never prints message text.
 */
import { analyzeLocal } from '../server/src/detection/analyze.ts';
import { platformOf } from '../server/src/detection/training/evaluate.ts';
import { readDevData, resolveDataDir } from '../server/src/detection/training/data.ts';
import { loadDefaultModel } from '../server/src/detection/model/model.ts';
import { loadNanpData } from '../server/src/detection/phone/nanp.ts';
import { percentile } from '../server/src/detection/training/metrics.ts';
import { pathologicalInputs } from '../server/src/test/pathological.ts';

/**
 * `npm run bench:engine -- --worst [--triples N]`: the engine on every generated pathological input of the
 * product's maximum length (server/src/test/pathological.ts), each the median of 3 runs, and the slowest 15
 * printed with their time. The target: none over 50 ms on a quiet machine. Prints no message text beyond the
 * generator's names for its inputs.
 */
function worst(): void {
  const ti = argv.indexOf('--triples');
  const inputs = pathologicalInputs({ triples: ti >= 0 ? Number(argv[ti + 1]) : 300 });
  const model = loadDefaultModel();
  const nanp = loadNanpData();
  for (const input of inputs.slice(0, 50)) analyzeLocal({ message: input.text }, { model, nanp });
  const rows = inputs.map((input) => {
    const times = [0, 1, 2].map(() => {
      const s = performance.now();
      analyzeLocal({ message: input.text }, { model, nanp });
      return performance.now() - s;
    });
    times.sort((a, b) => a - b);
    return { name: input.name, ms: times[1] ?? 0 };
  });
  rows.sort((a, b) => b.ms - a.ms);
  const all = rows.map((r) => r.ms).sort((a, b) => a - b);
  console.log(
    `bench:engine --worst  ${rows.length} generated inputs of ${inputs[0]?.text.length ?? 0} characters, median of 3 runs each`,
  );
  console.log(
    `  all inputs  p50 ${percentile(all, 50).toFixed(1)} ms   p99 ${percentile(all, 99).toFixed(1)} ms   max ${(rows[0]?.ms ?? 0).toFixed(1)} ms   over 50 ms: ${rows.filter((r) => r.ms > 50).length}`,
  );
  for (const r of rows.slice(0, 15)) console.log(`  ${r.ms.toFixed(1).padStart(7)} ms  ${r.name}`);
}

const argv = process.argv.slice(2);
if (argv.includes('--worst')) {
  worst();
  process.exit(0);
}
const li = argv.indexOf('--limit');
const limit = li >= 0 ? Number(argv[li + 1]) : Infinity;

const t0 = performance.now();
const model = loadDefaultModel();
const nanp = loadNanpData();
const loadMs = performance.now() - t0;
const records = readDevData(resolveDataDir(argv, process.env)).slice(0, limit);
const phones = ['+1 415 555 2671', '+44 7911 123456', '(202) 555-0147', '+234 803 123 4567'];

// Warm-up: let the JIT compile the hot paths before measuring.
for (const r of records.slice(0, 300)) analyzeLocal({ message: r.text, platform: platformOf(r) }, { model, nanp });

const times: number[] = [];
const start = performance.now();
records.forEach((r, i) => {
  const s = performance.now();
  analyzeLocal(
    { message: r.text, platform: platformOf(r), phoneNumber: i % 10 === 0 ? phones[i % phones.length] : undefined },
    { model, nanp },
  );
  times.push(performance.now() - s);
});
const total = performance.now() - start;
times.sort((a, b) => a - b);
const f = (x: number): string => x.toFixed(3);
console.log(
  `bench:engine  ${records.length} messages, model ${model ? 'loaded' : 'MISSING'}, numbering data ${nanp ? 'loaded' : 'absent'} (startup ${loadMs.toFixed(0)} ms)`,
);
console.log(`  throughput  ${(records.length / (total / 1000)).toFixed(0)} messages/s on one core`);
console.log(
  `  per message p50 ${f(percentile(times, 50))} ms   p90 ${f(percentile(times, 90))} ms   p99 ${f(percentile(times, 99))} ms   max ${f(times[times.length - 1] ?? 0)} ms`,
);
