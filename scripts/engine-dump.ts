/**
 * `node --import tsx scripts/engine-dump.ts OUT.jsonl [--data-dir DIR]`: the local engine's full result for
 * every development message, without and with the platform "sms", one line each (id, platform, result).
 * Two dumps from two versions of the engine, compared with `cmp` or `diff`, prove a refactor changed no
 * output ("byte-identical on all development messages"). Message text is not written, only results.
 */
import { writeFileSync } from 'node:fs';
import { analyzeLocal } from '../server/src/detection/analyze.ts';
import { platformOf } from '../server/src/detection/training/evaluate.ts';
import { readDevData, resolveDataDir } from '../server/src/detection/training/data.ts';
import { loadDefaultModel } from '../server/src/detection/model/model.ts';
import { loadNanpData } from '../server/src/detection/phone/nanp.ts';

const argv = process.argv.slice(2);
const out = argv[0];
if (!out || out.startsWith('--')) throw new Error('usage: engine-dump.ts OUT.jsonl [--data-dir DIR]');
const model = loadDefaultModel();
const nanp = loadNanpData();
const lines: string[] = [];
for (const r of readDevData(resolveDataDir(argv, process.env))) {
  for (const platform of [platformOf(r), 'sms' as const]) {
    const result = analyzeLocal({ message: r.text, platform }, { model, nanp });
    lines.push(JSON.stringify({ id: r.id, platform: platform ?? null, result }));
  }
}
writeFileSync(out, `${lines.join('\n')}\n`);
console.log(`engine-dump: ${lines.length} results written to ${out}`);
