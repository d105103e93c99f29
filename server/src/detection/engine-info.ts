/**
 * What GET /api/config says about the engine. The accuracy is read from the report `npm run train`
 * writes (the whole engine on the held-aside UCI SMS validation split), never typed in (docs/design.md §3.4).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ENGINE_NAME, ENGINE_VERSION } from './analyze.ts';
import { loadDefaultModel } from './model/model.ts';

export interface EngineInfo {
  name: string;
  version: string;
  /** 0-1, or null when no evaluation report is present. */
  accuracy: number | null;
  accuracyDataset: string | null;
}

const REPORT_PATH = fileURLToPath(new URL('./model/eval-report.json', import.meta.url));
const reportSchema = z.object({
  headline: z.object({ accuracy: z.number().min(0).max(1), dataset: z.string() }).nullable(),
});

let cached: EngineInfo | undefined;

export function getEngineInfo(): EngineInfo {
  if (cached) return cached;
  const model = loadDefaultModel();
  let accuracy: number | null = null;
  let accuracyDataset: string | null = null;
  try {
    const report = reportSchema.parse(JSON.parse(readFileSync(REPORT_PATH, 'utf8')));
    if (report.headline) {
      accuracy = report.headline.accuracy;
      accuracyDataset = report.headline.dataset;
    }
  } catch {
    /* no report: no claim */
  }
  cached = {
    name: ENGINE_NAME,
    version: model ? `${ENGINE_VERSION}+${model.version}` : ENGINE_VERSION,
    accuracy,
    accuracyDataset,
  };
  return cached;
}
