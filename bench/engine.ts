/**
 * `npm run bench:engine [-- --data-dir DIR] [--limit N]`: single-core throughput and per-message latency of
 * the local engine (model + detectors + link/phone/e-mail intelligence, no network) over the development
 * data. Target (DESIGN.md section 6): under 2 ms median per message. Never prints message text.
 */
import { analyzeLocal } from '../server/src/detection/analyze.ts';
import { platformOf } from '../server/src/detection/evaluate.ts';
import { readDevData, resolveDataDir } from '../server/src/detection/model/data.ts';
import { loadDefaultModel } from '../server/src/detection/model/model.ts';
import { loadNanpData } from '../server/src/detection/phone/nanp.ts';
import { percentile } from '../server/src/detection/metrics.ts';

const argv = process.argv.slice(2);
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
  analyzeLocal({ message: r.text, platform: platformOf(r), phoneNumber: i % 10 === 0 ? phones[i % phones.length] : undefined }, { model, nanp });
  times.push(performance.now() - s);
});
const total = performance.now() - start;
times.sort((a, b) => a - b);
const f = (x: number): string => x.toFixed(3);
console.log(`bench:engine  ${records.length} messages, model ${model ? 'loaded' : 'MISSING'}, numbering data ${nanp ? 'loaded' : 'absent'} (startup ${loadMs.toFixed(0)} ms)`);
console.log(`  throughput  ${(records.length / (total / 1000)).toFixed(0)} messages/s on one core`);
console.log(`  per message p50 ${f(percentile(times, 50))} ms   p90 ${f(percentile(times, 90))} ms   p99 ${f(percentile(times, 99))} ms   max ${f(times[times.length - 1] ?? 0)} ms`);
