/**
 * The score on the record (decision 121, docs/engine.md "How a score is made"): every reason carries the
 * points it added after decay, every change made outside the reasons is a recorded step, and the two add up to
 * the score, on every message.
 */
import { describe, expect, it } from 'vitest';
import type { Platform, ScanResult } from '@redflag/contracts/scan';
import { analyzeLocal } from './analyze.ts';
import { PRIOR_COMBINER } from './score/combine.ts';
import { BENIGN, SCAMS } from './fixtures/messages.ts';

const tally = (r: ScanResult): number =>
  r.reasonDetails.reduce((sum, d) => sum + (d.points ?? 0), 0) +
  (r.policy ?? []).reduce((sum, s) => sum + (s.to - s.from), 0);

const PLATFORMS: (Platform | undefined)[] = [undefined, 'sms', 'email', 'whatsapp', 'facebook', 'craigslist'];

describe('reasons and recorded steps add up to the score', () => {
  it('on every fixture, on six platforms, with and without a sender', () => {
    let checked = 0;
    for (const f of [...BENIGN, ...SCAMS])
      for (const platform of PLATFORMS)
        for (const sender of [{}, { phoneNumber: f.phoneNumber ?? '+1 415 555 0134', email: f.email }]) {
          const r = analyzeLocal({ message: f.text, platform, ...sender });
          expect(r.reasonDetails.every((d) => Number.isInteger(d.points))).toBe(true);
          expect({ text: f.text, platform, tally: tally(r) }).toEqual({ text: f.text, platform, tally: r.riskScore });
          checked++;
        }
    expect(checked).toBeGreaterThan(1000);
  });

  it('records a marketplace multiplier as a step instead of rewriting the weight unseen', () => {
    const r = analyzeLocal({
      message: 'I will pay with a cashier check for more than the price, please refund the overpayment to my mover',
      platform: 'craigslist',
    });
    expect(r.policy?.map((s) => s.id)).toContain('marketplace_weights');
    expect(tally(r)).toBe(r.riskScore);
  });

  it('holds with the hand-set weights too (every detector counting, no learned coefficient at 0)', () => {
    for (const f of [...BENIGN, ...SCAMS]) {
      const r = analyzeLocal({ message: f.text, platform: f.platform }, { combiner: PRIOR_COMBINER });
      expect(tally(r)).toBe(r.riskScore);
    }
  });

  it('records the brand mismatch of a long e-mail as a step when the mismatch counts', () => {
    // The trained combiner weighs link_brand_mismatch at 0, so the step moves nothing there; the priors count it.
    const body = 'Hi Sam, lunch on Friday works. I will bring the PayPal receipts for the trip. '.repeat(9);
    const r = analyzeLocal(
      { message: `${body} Review it at https://statements-online.net/view`, platform: 'email' },
      { combiner: PRIOR_COMBINER },
    );
    const ids = r.policy?.map((s) => s.id) ?? [];
    expect(r.links.some((l) => l.flags.includes('brand_mismatch'))).toBe(true);
    expect(ids).toContain('long_text_brand_mismatch');
    expect(tally(r)).toBe(r.riskScore);
  });
});
