import { describe, expect, it } from 'vitest';
import { riskBand } from '@redflag/contracts/constants';
import type { ScanResult } from '@redflag/contracts/scan';
import { analyzeLocal } from './analyze.ts';
import { applyKnownBadLink, KNOWN_BAD_FLOOR } from './policy.ts';

// Step 8 of the score policy (decision 103): a listed link makes the result Scam, and the result stays
// consistent: score, verdict, type, the reasons (listing first, no reassurance left) and the advice agree.

const BENIGN = analyzeLocal({
  message: 'Hi, the notes from today are at https://notes.example/today see you Thursday',
});
const tally = (r: ScanResult): number =>
  r.reasonDetails.reduce((sum, d) => sum + (d.points ?? 0), 0) +
  (r.policy ?? []).reduce((sum, s) => sum + s.to - s.from, 0);
const LISTED = {
  list: 'openphish',
  listedAt: '2026-02-10T12:30:00Z',
  match: 'url' as const,
  url: 'https://notes.example/today',
};

describe('applyKnownBadLink', () => {
  it('leaves a result without listings as it was', () => {
    expect(applyKnownBadLink(BENIGN, [])).toBe(BENIGN);
  });

  it('raises a green result to Scam with the listing as its first reason, a type, and the advice of the new verdict', () => {
    expect(riskBand(BENIGN.riskScore)).toBe('legitimate');
    const r = applyKnownBadLink(BENIGN, [LISTED]);
    expect(r.riskScore).toBe(KNOWN_BAD_FLOOR);
    expect(riskBand(r.riskScore)).toBe('scam');
    expect(r.confidence).toBeGreaterThanOrEqual(0.95);
    expect(r.scamType).toBe('phishing');
    expect(r.reasonDetails[0]).toEqual({
      id: 'known_bad_list',
      text: 'This link is on the known-bad list "openphish" (listed 2026-02-10)',
      weight: 4,
      severity: 'high',
      evidence: [{ kind: 'url', url: LISTED.url }],
      points: 0,
    });
    // The listing's move is its step: the reasons' points and the steps still add up to the score.
    expect(tally(r)).toBe(r.riskScore);
    expect(r.reasons).toEqual(r.reasonDetails.map((d) => d.text));
    expect(r.reasonDetails.every((d) => d.weight >= 0 && d.id !== 'no_signals')).toBe(true);
    expect(r.advice).not.toBe(BENIGN.advice);
    // From the score of the reasons it keeps (the reassurances it sets aside take their points with them).
    expect(r.policy?.at(-1)).toEqual(expect.objectContaining({ id: 'known_bad_link', to: KNOWN_BAD_FLOOR }));
  });

  it('keeps a higher score, one reason per link (the whole-link match over a site match), and records no step when nothing moved', () => {
    const high = {
      ...BENIGN,
      riskScore: 97,
      scamType: 'delivery_smishing' as const,
      advice: 'Do not pay.',
      reasonDetails: BENIGN.reasonDetails.filter((d) => d.weight >= 0 && d.id !== 'no_signals'),
    };
    const r = applyKnownBadLink(high, [
      { ...LISTED, list: 'site-list', match: 'host', listedAt: '2026-01-01T00:00:00Z' },
      LISTED,
    ]);
    expect(r.riskScore).toBe(97);
    expect(r.scamType).toBe('delivery_smishing');
    expect(r.advice).toBe('Do not pay.');
    expect(r.reasonDetails.filter((d) => d.id === 'known_bad_list').map((d) => d.text)).toEqual([
      'This link is on the known-bad list "openphish" (listed 2026-02-10)',
    ]);
    expect(r.policy?.some((p) => p.id === 'known_bad_link')).toBe(false);
  });
});
