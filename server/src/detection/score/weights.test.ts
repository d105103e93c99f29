import { describe, expect, it } from 'vitest';
import { analyzeLocal } from '../analyze.ts';
import { gather } from '../evidence.ts';
import { BENIGN, SCAMS } from '../fixtures/messages.ts';
import { round2 } from '../signal.ts';
import { VOIP_NUMBER } from '../../test/written-results.ts';
import { PRIOR_COMBINER } from './combine.ts';
import { POLICY_STEPS, WEIGHT_STEP_ORDER, WEIGHT_STEPS } from './steps.ts';
import {
  BRAND_MISMATCH_WEIGHT,
  CONTEXT_WEIGHT,
  LONG_TEXT_BRAND_MISMATCH_WEIGHT,
  shareInWords,
  VOIP_ALONE_BELOW,
  VOIP_ALONE_SCALE,
} from './weights.ts';

/**
 * The weight steps do what their words say, with the numbers written once (weights.ts): the engine applies
 * each constant, and the table and the result's steps name the same constant. A number changed in the engine
 * but not in the words (or the other way round) fails here.
 */
const row = (id: string) => WEIGHT_STEPS.find((s) => s.id === id);

describe('the weight steps and their words share their numbers', () => {
  it('a mismatched link weighs BRAND_MISMATCH_WEIGHT in a text, LONG_TEXT_BRAND_MISMATCH_WEIGHT in an e-mail', () => {
    const link = 'Review it at https://statements-online.net/view';
    const short = gather({ message: `PayPal: your statement is ready. ${link}` });
    expect(short.signals.find((s) => s.id === 'link_brand_mismatch')?.weight).toBe(BRAND_MISMATCH_WEIGHT);

    const body = 'Hi Sam, lunch on Friday works. I will bring the PayPal receipts for the trip. '.repeat(9);
    const long = gather({ message: `${body} ${link}`, platform: 'email' });
    const lowered = long.signals.find((s) => s.id === 'link_brand_mismatch');
    expect(lowered?.weight).toBe(LONG_TEXT_BRAND_MISMATCH_WEIGHT);
    expect(long.reweighted.get(lowered!)).toEqual({ step: 'long_text_brand_mismatch', from: BRAND_MISMATCH_WEIGHT });
    expect(row('long_text_brand_mismatch')?.does).toBe(
      `weight ${LONG_TEXT_BRAND_MISMATCH_WEIGHT} instead of ${BRAND_MISMATCH_WEIGHT}`,
    );
  });

  it('a VoIP number counts VOIP_ALONE_SCALE of its weight only when nothing else weighs VOIP_ALONE_BELOW', () => {
    const alone = gather({ message: 'Hi, is this still available?', phoneNumber: VOIP_NUMBER });
    const voip = alone.signals.find((s) => s.id === 'phone_voip');
    const from = alone.reweighted.get(voip!)?.from;
    expect(alone.reweighted.get(voip!)?.step).toBe('voip_alone');
    expect(voip?.weight).toBe(round2(from! * VOIP_ALONE_SCALE));

    const asked = gather({
      message: 'Your account is locked. Send me the 6 digit code we just texted you to unlock it now.',
      phoneNumber: VOIP_NUMBER,
    });
    expect(asked.signals.some((s) => s.id !== 'phone_voip' && s.weight >= VOIP_ALONE_BELOW)).toBe(true);
    const full = asked.signals.find((s) => s.id === 'phone_voip');
    expect(full?.weight).toBe(from);
    expect(asked.reweighted.has(full!)).toBe(false);

    expect(row('voip_alone')?.when).toContain(`weighs ${VOIP_ALONE_BELOW} or more`);
    expect(row('voip_alone')?.does).toBe(`${shareInWords(VOIP_ALONE_SCALE)} the weight`);
    expect(POLICY_STEPS.voip_alone).toContain(`it counts ${shareInWords(VOIP_ALONE_SCALE)}`);
  });

  it('the weight steps are recorded in the order the table lists them', () => {
    expect(WEIGHT_STEP_ORDER).toEqual(WEIGHT_STEPS.filter((s) => s.kind === 'weight').map((s) => s.id));
    for (const f of [...BENIGN, ...SCAMS]) {
      const ids = (analyzeLocal({ message: f.text, platform: f.platform, phoneNumber: f.phoneNumber }).policy ?? [])
        .map((s) => s.id)
        .filter((id) => (WEIGHT_STEP_ORDER as readonly string[]).includes(id));
      const order = ids.map((id) => WEIGHT_STEP_ORDER.indexOf(id as (typeof WEIGHT_STEP_ORDER)[number]));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  });

  it('under a destination cap no reason weighs more than CONTEXT_WEIGHT', () => {
    // Genuine notices whose only way to act is the company's own website, scored on the hand-set weights
    // (which raise them over the cap) and the trained ones.
    const notices = [
      'Your PayPal account: you sent $25.00 USD to Maria Lopez. Not you? Visit paypal.com/security',
      'Apple: Your Apple ID was used to sign in to iCloud on a Windows PC. If this was not you, change your password at https://appleid.apple.com',
      'Your Netflix payment failed. Update your payment method in the Netflix app or at netflix.com/youraccount to keep watching.',
    ];
    let capped = 0;
    for (const message of notices)
      for (const opts of [{}, { combiner: PRIOR_COMBINER }]) {
        const r = analyzeLocal({ message, platform: 'sms' }, opts);
        if (!r.policy?.some((s) => s.id === 'destination_cap' || s.id === 'no_way_to_act_cap')) continue;
        capped++;
        for (const d of r.reasonDetails.filter((d) => d.weight > 0 && d.id !== 'text_model'))
          expect(d.weight, d.id).toBeLessThanOrEqual(CONTEXT_WEIGHT);
      }
    expect(capped).toBeGreaterThan(0);
  });
});
