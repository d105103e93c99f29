import { describe, expect, it } from 'vitest';
import { riskBand } from '@redflag/contracts/constants';
import type { ScanResult } from '@redflag/contracts/scan';
import { analyzeLocal } from './analyze.ts';
import { KNOWN_BAD_FLOOR } from './policy.ts';

// Step 8 of the score policy (decision 103): a listed link, passed into the decision as evidence
// (EngineInput.knownBad), makes the result Scam, and the result stays consistent: score, verdict, type, the
// reasons (listing first, no reassurance left), the advice, and the points and steps adding up to the score.

const tally = (r: ScanResult): number =>
  r.reasonDetails.reduce((sum, d) => sum + (d.points ?? 0), 0) +
  (r.policy ?? []).reduce((sum, s) => sum + s.to - s.from, 0);
const MESSAGE = 'Hi, the notes from today are at https://notes.example/today see you Thursday';
const BENIGN = analyzeLocal({ message: MESSAGE });
const LISTED = {
  list: 'openphish',
  listedAt: '2026-02-10T12:30:00Z',
  match: 'url' as const,
  url: 'https://notes.example/today',
};

describe('a known-bad listing is evidence of the decision', () => {
  it('changes nothing without listings, or with listings of links the message does not hold', () => {
    expect(analyzeLocal({ message: MESSAGE, knownBad: [] })).toEqual(BENIGN);
    expect(analyzeLocal({ message: MESSAGE, knownBad: [{ ...LISTED, url: 'https://other.example/' }] })).toEqual(
      BENIGN,
    );
  });

  it('raises a green result to Scam with the listing as its first reason, a type, and the advice of the new verdict', () => {
    expect(riskBand(BENIGN.riskScore)).toBe('legitimate');
    const r = analyzeLocal({ message: MESSAGE, knownBad: [LISTED] });
    expect(r.riskScore).toBe(KNOWN_BAD_FLOOR);
    expect(riskBand(r.riskScore)).toBe('scam');
    expect(r.confidence).toBeGreaterThanOrEqual(0.95);
    expect(r.scamType).toBe('phishing');
    expect(r.reasonDetails[0]).toEqual({
      id: 'known_bad_list',
      text: 'This link is on the known-bad list "openphish" (listed 2026-02-10)',
      weight: 4,
      severity: 'high',
      // It sets aside the green reasons, and carries their points.
      points: BENIGN.reasonDetails.reduce((sum, d) => sum + (d.points ?? 0), 0),
      evidence: [{ kind: 'url', url: LISTED.url }],
    });
    expect(r.reasons).toEqual(r.reasonDetails.map((d) => d.text));
    expect(r.reasonDetails.every((d) => d.weight >= 0 && d.id !== 'no_signals')).toBe(true);
    expect(r.advice).not.toBe(BENIGN.advice);
    expect(r.policy?.at(-1)).toEqual(
      expect.objectContaining({ id: 'known_bad_link', from: BENIGN.riskScore, to: KNOWN_BAD_FLOOR }),
    );
    expect(tally(r)).toBe(r.riskScore);
  });

  it('keeps a higher score and its type and advice, one reason per link (the whole-link match over a site match)', () => {
    const message = 'USPS: your parcel is held, pay the $1.99 fee at https://notes.example/today within 24 hours';
    const scam = analyzeLocal({ message });
    expect(scam.riskScore).toBeGreaterThan(KNOWN_BAD_FLOOR);
    const r = analyzeLocal({
      message,
      knownBad: [{ ...LISTED, list: 'site-list', match: 'host', listedAt: '2026-01-01T00:00:00Z' }, LISTED],
    });
    expect(r.riskScore).toBe(scam.riskScore);
    expect(r.scamType).toBe(scam.scamType);
    expect(r.advice).toBe(scam.advice);
    expect(r.reasonDetails.filter((d) => d.id === 'known_bad_list').map((d) => d.text)).toEqual([
      'This link is on the known-bad list "openphish" (listed 2026-02-10)',
    ]);
    expect(tally(r)).toBe(r.riskScore);
  });
});
