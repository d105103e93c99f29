/**
 * `node --import tsx bench/conversation.ts [--turns N]`: engine time for one conversation of N turns (default
 * 500; at most 2,000 are read), built from the test threads repeated, median of 5 runs after a warm-up.
 * Target (docs/engine.md, "Conversations"): 500 turns in under 200 ms on a quiet machine. Prints no message text.
 */
import process, { argv } from 'node:process';
import { analyzeLocal } from '../server/src/detection/analyze.ts';
import {
  FAMILY_MONEY,
  MARKETPLACE_CODE,
  NEW_NUMBER,
  PIG_BUTCHERING,
} from '../server/src/detection/conversation/threads.ts';
import { loadDefaultModel } from '../server/src/detection/model/model.ts';
import { loadNanpData } from '../server/src/detection/phone/nanp.ts';

const i = argv.indexOf('--turns');
const turns = i >= 0 ? Number(argv[i + 1]) : 500;
// One format (WhatsApp iOS) so the repeated threads split as one export: the family chat's lines re-headed.
const lines = [PIG_BUTCHERING, FAMILY_MONEY, MARKETPLACE_CODE, NEW_NUMBER]
  .flatMap((t) => t.text.split('\n'))
  .map(
    (l, n) =>
      `[14/02/2025, 19:${String(n % 60).padStart(2, '0')}:00] ${n % 2 ? 'Tom' : 'Lena'}: ${l.replace(/^.*?: /, '')}`,
  );
const message = Array.from({ length: turns }, (_, n) => lines[n % lines.length]).join('\n');
const opts = { model: loadDefaultModel(), nanp: loadNanpData() };
analyzeLocal({ message }, opts);
// Wall time, and the CPU time this process spent: on a busy machine the wall time grows with the others'
// work, the CPU time much less, so the second tells whether a change made the engine faster.
const runs = Array.from({ length: 5 }, () => {
  const cpu = process.cpuUsage();
  const s = performance.now();
  const r = analyzeLocal({ message }, opts);
  if (r.conversation?.turns.length !== Math.min(turns, 2000))
    throw new Error('the bench thread did not split as expected');
  const wall = performance.now() - s;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / 1000 };
});
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2] ?? NaN;
const wall = runs.map((r) => r.wall);
console.log(
  `bench:conversation  ${turns} turns, ${message.length} characters: median ${median(wall).toFixed(1)} ms, best ${Math.min(...wall).toFixed(1)} ms, CPU median ${median(runs.map((r) => r.cpu)).toFixed(1)} ms (target: 500 turns under 200 ms)`,
);
