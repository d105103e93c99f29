/**
 * `node --import tsx scripts/engine-dump.ts OUT.jsonl [--data-dir DIR]`: the engine's full result, as a scan
 * is answered (analyzeBeforeReview: the conversation scorer included; no MX lookup, no LLM), for every
 * development message without and with the platform "sms", then for every message written for the tests
 * (fixtures/messages.ts, the conversations of conversation/threads.ts, the generated worst-case texts), one
 * line each (id, platform, result). Two dumps from two versions of the engine, compared with `cmp` or
 * `diff`, prove a refactor changed no output. Message text is not written, only results.
 */
import { writeFileSync } from 'node:fs';
import { analyzeBeforeReview } from '../server/src/detection/analyze.ts';
import type { EngineInput } from '../server/src/detection/engine-input.ts';
import { BENIGN, SCAMS } from '../server/src/detection/fixtures/messages.ts';
import * as threads from '../server/src/detection/conversation/threads.ts';
import { platformOf } from '../server/src/detection/training/evaluate.ts';
import { readDevData, resolveDataDir } from '../server/src/detection/training/data.ts';
import { loadDefaultModel } from '../server/src/detection/model/model.ts';
import { loadNanpData } from '../server/src/detection/phone/nanp.ts';
import { pathologicalInputs } from '../server/src/test/pathological.ts';

const argv = process.argv.slice(2);
const out = argv[0];
if (!out || out.startsWith('--')) throw new Error('usage: engine-dump.ts OUT.jsonl [--data-dir DIR]');
const opts = { model: loadDefaultModel(), nanp: loadNanpData(), mx: null };
const lines: string[] = [];
const dump = async (id: string, input: EngineInput) =>
  lines.push(JSON.stringify({ id, platform: input.platform ?? null, result: await analyzeBeforeReview(input, opts) }));
for (const r of readDevData(resolveDataDir(argv, process.env)))
  for (const platform of [platformOf(r), 'sms' as const]) await dump(r.id, { message: r.text, platform });
for (const [set, fixtures] of [
  ['benign', BENIGN],
  ['scam', SCAMS],
] as const)
  for (const [i, f] of fixtures.entries())
    await dump(`written:${set}:${i}`, {
      message: f.text,
      platform: f.platform,
      phoneNumber: f.phoneNumber,
      email: f.email,
    });
for (const [name, thread] of Object.entries(threads))
  if (typeof thread === 'object' && thread && 'text' in thread) await dump(`thread:${name}`, { message: thread.text });
for (const p of pathologicalInputs({ triples: 40 })) await dump(`worst:${p.name}`, { message: p.text });
writeFileSync(out, `${lines.join('\n')}\n`);
console.log(`engine-dump: ${lines.length} results written to ${out}`);
