/**
 * The messages written for the engine's tests (fixtures/messages.ts and the conversations of
 * conversation/threads.ts), and the results the score tests check them through: every platform, with and
 * without the person saying they know the sender, with a VoIP sender, on the hand-set weights, and with the
 * message's first link on a known-bad list. Shared by score/limits.test.ts, score/steps.test.ts and
 * score/symbols.test.ts, so each checks the same ground.
 */
import { PLATFORM_VALUES } from '@redflag/contracts/platforms';
import type { ScanResult } from '@redflag/contracts/scan';
import { analyzeLocal } from '../detection/analyze.ts';
import * as threads from '../detection/conversation/threads.ts';
import { BENIGN, SCAMS } from '../detection/fixtures/messages.ts';
import { PRIOR_COMBINER } from '../detection/score/combine.ts';

/** A UK 056 number: libphonenumber's VOIP line type. */
export const VOIP_NUMBER = '+44 56 1234 5678';

/** Every written message's text: the fixtures, then each conversation of threads.ts. */
export const WRITTEN_TEXTS: readonly string[] = [
  ...[...BENIGN, ...SCAMS].map((f) => f.text),
  ...Object.values(threads).flatMap((t) => (typeof t === 'object' && t && 'text' in t ? [t.text] : [])),
];

/** The results of each written message in the variants above (computed once per test file that asks). */
export function writtenResults(): ScanResult[] {
  const out: ScanResult[] = [];
  for (const message of WRITTEN_TEXTS) {
    for (const platform of [undefined, ...PLATFORM_VALUES]) {
      out.push(analyzeLocal({ message, platform }));
      out.push(analyzeLocal({ message, platform, context: { knowsSender: true } }));
      out.push(analyzeLocal({ message, platform, phoneNumber: VOIP_NUMBER }));
    }
    out.push(analyzeLocal({ message, context: { knowsSender: true } }, { combiner: PRIOR_COMBINER }));
    out.push(analyzeLocal({ message, platform: 'email' }, { combiner: PRIOR_COMBINER }));
    const link = /https?:\/\/\S+/.exec(message)?.[0];
    if (link)
      out.push(
        analyzeLocal({
          message,
          knownBad: [{ list: 'openphish', listedAt: '2026-02-10T12:30:00Z', match: 'url', url: link }],
        }),
      );
  }
  return out;
}
