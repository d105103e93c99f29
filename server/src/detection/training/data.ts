/** Reading the labelled JSONL files of ../shared/data and the deterministic validation split. */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const recordSchema = z.object({
  id: z.string(),
  text: z.string(),
  label: z.enum(['scam', 'legit']),
  type: z.string().optional(),
  channel: z.string().optional(),
  source: z.string().optional(),
  platform: z.string().optional(),
});
export type LabelledRecord = z.infer<typeof recordSchema>;

/** The repository root, found from this file so commands work from any working directory. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** --data-dir, then REDFLAG_DATA_DIR, then ../shared/data beside the repository (shared/data/README.md). */
export function resolveDataDir(argv: readonly string[], env: NodeJS.ProcessEnv): string {
  const i = argv.indexOf('--data-dir');
  const fromArg = i >= 0 ? argv[i + 1] : undefined;
  return resolve(
    fromArg ?? env['SHARED_DATA_DIR'] ?? env['REDFLAG_DATA_DIR'] ?? join(REPO_ROOT, '..', 'shared', 'data'),
  );
}

export function readJsonl(file: string): LabelledRecord[] {
  const out: LabelledRecord[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const parsed = recordSchema.safeParse(JSON.parse(line));
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

export function readDevData(dir: string): LabelledRecord[] {
  if (!existsSync(dir)) throw new Error(`data directory not found: ${dir}`);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.dev.jsonl'))
    .sort();
  if (!files.length) throw new Error(`no *.dev.jsonl files in ${dir}`);
  return files.flatMap((f) => readJsonl(join(dir, f)));
}

/**
 * Validation membership by a hash of the text with case, punctuation and spacing removed: the same
 * rule the data's own split uses, so a UCI text re-used by Mishra & Soni lands on the same side in both.
 */
export function isValidation(text: string, folds = 5): boolean {
  const key = text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const h = createHash('sha256').update(`redflag-val:${key}`).digest();
  return h.readUInt32BE(0) % folds === 0;
}
