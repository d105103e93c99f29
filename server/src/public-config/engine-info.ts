import type { PublicConfig } from '@redflag/contracts/config';
import { getEngineInfo } from '../detection/engine-info.ts';

/**
 * The engine facts GET /api/config shows, from the detection engine's own `getEngineInfo()` (its name,
 * version and the accuracy read from the committed evaluation report, never typed in: docs/design.md §3.4).
 * One static import: a missing module or a throwing engine fails loudly instead of answering "unknown".
 */
export type EngineInfo = PublicConfig['engine'];

export function engineInfo(): Promise<EngineInfo> {
  return Promise.resolve(getEngineInfo());
}
