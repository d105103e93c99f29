import type { PublicConfig } from '@redflag/contracts/config';

/**
 * The engine facts GET /api/config shows. The detection engine exports `getEngineInfo()` from one of the
 * module paths below; until it does, the answer is an honest "unknown" (no typed-in accuracy figure:
 * DESIGN.md section 3.4). Looked up once and cached.
 */
export type EngineInfo = PublicConfig['engine'];

const UNKNOWN: EngineInfo = { name: 'RedFlag engine', version: 'unknown', accuracy: null, accuracyDataset: null };
const CANDIDATES = ['../detection/engine-info.ts', '../detection/index.ts', '../detection/engine.ts'];

let cached: Promise<EngineInfo> | null = null;

function isEngineInfo(v: unknown): v is EngineInfo {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.name === 'string' && typeof o.version === 'string';
}

async function load(): Promise<EngineInfo> {
  for (const path of CANDIDATES) {
    try {
      const mod: unknown = await import(/* @vite-ignore */ path);
      const fn = typeof mod === 'object' && mod !== null ? (mod as Record<string, unknown>).getEngineInfo : undefined;
      if (typeof fn !== 'function') continue;
      const info: unknown = await (fn as () => unknown)();
      if (!isEngineInfo(info)) continue;
      return {
        name: info.name,
        version: info.version,
        accuracy: typeof info.accuracy === 'number' ? info.accuracy : null,
        accuracyDataset: typeof info.accuracyDataset === 'string' ? info.accuracyDataset : null,
      };
    } catch {
      // Not there (yet): try the next path.
    }
  }
  return UNKNOWN;
}

export function engineInfo(): Promise<EngineInfo> {
  cached ??= load();
  return cached;
}
