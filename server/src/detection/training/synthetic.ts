/**
 * The synthetic source (docs/synthetic-corpus.md): messages the team wrote for training, in
 * corpus/synthetic/*.jsonl, in the shared data schema with `source: "synthetic"`.
 *
 *   readSynthetic(dir?)            the records, checked against the schema
 *   nearDuplicatePairs(records)   pairs whose word 5-grams overlap by more than half
 *   `node --import tsx server/src/detection/training/synthetic.ts [--fix]`
 *       checks every file (schema, ids, labels, types), reports the near-duplicate pairs and the counts per
 *       label, type and channel; with --fix removes the later message of each pair from its file.
 * Never prints message text, only ids and counts.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCAM_TYPES } from '@redflag/contracts/scan';
import { readDevData, REPO_ROOT, recordSchema, resolveDataDir, type LabelledRecord } from './data.ts';

export const SYNTHETIC_DIR = join(REPO_ROOT, 'corpus', 'synthetic');
export const SYNTHETIC_SOURCE = 'synthetic';
const CHANNELS = new Set(['sms', 'email', 'chat', 'job_posting', 'social']);

export interface SyntheticFile {
  file: string;
  records: LabelledRecord[];
}

/** Every record of every file, or an error naming the file and line that breaks the schema. */
export function readSyntheticFiles(dir = SYNTHETIC_DIR): SyntheticFile[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
  return files.map((f) => {
    const records: LabelledRecord[] = [];
    readFileSync(join(dir, f), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (!line.trim()) return;
        const parsed = recordSchema.safeParse(JSON.parse(line));
        if (!parsed.success) throw new Error(`${f}:${i + 1}: ${parsed.error.issues[0]?.message}`);
        const r = parsed.data;
        if (r.source !== SYNTHETIC_SOURCE) throw new Error(`${f}:${i + 1}: source must be "${SYNTHETIC_SOURCE}"`);
        if (!r.channel || !CHANNELS.has(r.channel)) throw new Error(`${f}:${i + 1}: unknown channel ${r.channel}`);
        if (r.label === 'scam' && !(r.type && r.type in SCAM_TYPES))
          throw new Error(`${f}:${i + 1}: a scam's type must be a ScamType, not ${r.type}`);
        records.push(r);
      });
    return { file: f, records };
  });
}

export function readSynthetic(dir = SYNTHETIC_DIR): LabelledRecord[] {
  return readSyntheticFiles(dir).flatMap((f) => f.records);
}

/** Word 5-grams of a text (lower-cased letters and digits); a text of fewer than five words is one gram. */
export function wordFiveGrams(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const grams = new Set<string>();
  if (words.length < 5) {
    grams.add(words.join(' '));
    return grams;
  }
  for (let i = 0; i + 5 <= words.length; i++) grams.add(words.slice(i, i + 5).join(' '));
  return grams;
}

/**
 * Pairs (earlier, later) whose 5-gram sets overlap by more than half of the smaller set: the shared
 * grams over the smaller message's grams. Found through an index of grams, so it is not quadratic.
 */
export function nearDuplicatePairs(records: readonly LabelledRecord[]): Array<[number, number]> {
  const grams = records.map((r) => wordFiveGrams(r.text));
  const index = new Map<string, number[]>();
  const pairs: Array<[number, number]> = [];
  grams.forEach((g, j) => {
    const shared = new Map<number, number>();
    for (const gram of g) {
      for (const i of index.get(gram) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    }
    for (const [i, n] of shared) {
      const smaller = Math.min(g.size, grams[i]?.size ?? 0);
      if (smaller > 0 && n / smaller > 0.5) pairs.push([i, j]);
    }
    for (const gram of g) {
      const list = index.get(gram);
      if (list) list.push(j);
      else index.set(gram, [j]);
    }
  });
  return pairs;
}

function main(): void {
  const fix = process.argv.includes('--fix');
  const files = readSyntheticFiles();
  const all = files.flatMap((f) => f.records.map((r) => ({ r, file: f.file })));
  const ids = new Set<string>();
  for (const { r } of all) {
    if (ids.has(r.id)) throw new Error(`duplicate id ${r.id}`);
    ids.add(r.id);
  }
  const pairs = nearDuplicatePairs(all.map((x) => x.r));
  const drop = new Set(pairs.map(([, later]) => later));
  // Against the development data too: a written message that shares more than half of its 5-grams with a
  // development message was remembered too closely (docs/synthetic-corpus.md, "Written, not copied").
  const dataDir = resolveDataDir(process.argv.slice(2), process.env);
  const dev = existsSync(dataDir) ? readDevData(dataDir) : [];
  const devPairs = nearDuplicatePairs([...dev, ...all.map((x) => x.r)]).filter(
    ([a, b]) => a < dev.length && b >= dev.length,
  );
  for (const [, b] of devPairs) drop.add(b - dev.length);
  console.log(
    `synthetic: against ${dev.length} development messages, ${devPairs.length} pairs overlap by more than half`,
  );
  for (const [, b] of devPairs.slice(0, 20)) console.log(`  ${all[b - dev.length]?.r.id} ~ a development message`);
  console.log(
    `synthetic: ${all.length} messages in ${files.length} files; ${pairs.length} near-duplicate pairs (word 5-grams overlapping by more than half); ${drop.size} messages to remove`,
  );
  for (const [a, b] of pairs.slice(0, 20)) console.log(`  ${all[a]?.r.id} ~ ${all[b]?.r.id}`);
  if (fix && drop.size) {
    for (const f of files) {
      const keep = all.filter((x, i) => x.file === f.file && !drop.has(i)).map((x) => JSON.stringify(x.r));
      writeFileSync(join(SYNTHETIC_DIR, f.file), `${keep.join('\n')}\n`);
    }
    console.log(`synthetic: removed ${drop.size}`);
  }
  const kept = all.filter((_, i) => !fix || !drop.has(i)).map((x) => x.r);
  const count = (key: (r: LabelledRecord) => string) => {
    const m = new Map<string, number>();
    for (const r of kept) m.set(key(r), (m.get(key(r)) ?? 0) + 1);
    return [...m]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
  };
  console.log(`labels: ${count((r) => r.label)}`);
  console.log(`channels: ${count((r) => `${r.label}/${r.channel}`)}`);
  console.log(`types: ${count((r) => `${r.label}/${r.type}`)}`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').slice(-1)[0] ?? '')) main();
