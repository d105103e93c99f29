/**
 * The engine v3 mends, written as behaviour before the rules changed (docs/engine.md): a marketplace buyer's
 * first line is not a stranger's opener, a marketplace reassurance does not excuse an e-mail, advice follows
 * the evidence (no link advice without a link, a number to call gets phone advice and a reason naming it).
 * Behaviour, not evidence of quality: that is the leave-one-source-out table (docs/engine-evaluation.md).
 */
import { describe, expect, it } from 'vitest';
import { RISK_BAND_SUSPICIOUS } from '@redflag/contracts/constants';
import { analyzeLocal } from './analyze.ts';
import type { TextModel } from './model/model.ts';
import { MODEL_ONLY_CAP, MODEL_ONLY_MIN_P } from './policy.ts';

const BUYER_FIRST_LINES = [
  'Hi, is this available?',
  'Is this still available?',
  'hello is this sold?',
  'Are you flexible?',
  'Hi! Are you negotiable on the price?',
  'is this firm?',
];

describe('a marketplace buyer is not a stranger opening a scam', () => {
  for (const platform of ['craigslist', 'facebook', 'offerup'] as const) {
    for (const text of BUYER_FIRST_LINES) {
      it(`"${text}" on ${platform} stays green with no opener reason`, () => {
        const r = analyzeLocal({ message: text, platform });
        expect(r.riskScore).toBeLessThan(RISK_BAND_SUSPICIOUS);
        expect(r.reasonDetails.map((d) => d.id)).not.toContain('intent_wrong_number');
      });
    }
  }
  it('a real "is this <name>?" opener is still one', () => {
    const r = analyzeLocal({ message: 'Hi, is this Daniel?', platform: 'sms' });
    expect(r.riskScore).toBeGreaterThanOrEqual(RISK_BAND_SUSPICIOUS);
  });
});

describe('marketplace reassurances stay on marketplaces', () => {
  it('"pick it up" in a phishing e-mail is not "as genuine local buyers do"', () => {
    const mail =
      'Subject: Your parcel is waiting\n\nDear customer,\n\nWe could not deliver your parcel. You can pick it up at our depot after you confirm your address and pay the $2.99 redelivery fee here: https://parcel-redeliver-care.com/confirm\n\nCustomer Service';
    for (const platform of ['email', undefined] as const) {
      const r = analyzeLocal({ message: mail, platform });
      expect(r.reasonDetails.map((d) => d.id)).not.toContain('local_cash_pickup');
    }
  });
  it('still reassures on a marketplace chat', () => {
    const r = analyzeLocal({ message: 'Cash is fine, I can come by Saturday around 2 to pick it up', platform: 'craigslist' });
    expect(r.reasonDetails.map((d) => d.id)).toContain('local_cash_pickup');
  });
});

describe('advice follows the evidence', () => {
  it('no link advice when the message has no link', () => {
    const r = analyzeLocal({ message: 'Your Amazon account has been locked due to suspicious activity. Reply with your full name, date of birth and card number to restore access.', platform: 'sms' });
    expect(r.riskScore).toBeGreaterThanOrEqual(RISK_BAND_SUSPICIOUS);
    expect(r.advice ?? '').not.toMatch(/link/i);
  });
  it('a number to call gets phone advice and a reason that names the number', () => {
    const text = 'Chase Fraud Alert: your debit card has been suspended after unusual activity. Call our security team now at 1-888-555-0147 to reactivate it.';
    const r = analyzeLocal({ message: text, platform: 'sms' });
    expect(r.riskScore).toBeGreaterThanOrEqual(RISK_BAND_SUSPICIOUS);
    expect(r.advice ?? '').not.toMatch(/tap (the |a )?link/i);
    expect(r.advice ?? '').toMatch(/number|call/i);
    const named = r.reasonDetails.find((d) => d.evidence.some((e) => e.kind === 'span' && e.text === '1-888-555-0147'));
    expect(named?.text).toMatch(/call/i);
  });
});

describe('an alarm raised by the wording alone needs a very sure model', () => {
  const fixed = (z: number): TextModel => ({ version: `fixed-${z}`, logit: () => z, logitFolded: () => z });
  const text = 'Dear customer, kindly see the attached statement regarding your account.';
  /** Sure enough to flag it, not sure enough for the alarm to stand alone. */
  const belowLevel = Math.log((MODEL_ONLY_MIN_P - 0.04) / (1 - MODEL_ONLY_MIN_P + 0.04));

  it(`below p = ${MODEL_ONLY_MIN_P} it is at most ${MODEL_ONLY_CAP}, says what to watch for, and records the step`, () => {
    const r = analyzeLocal({ message: text }, { model: fixed(belowLevel) });
    expect(r.riskScore).toBe(MODEL_ONLY_CAP);
    expect(r.scamType ?? null).toBeNull();
    expect(r.reasonDetails.map((d) => d.id)).toContain('model_only_watch');
    expect(r.policy?.map((s) => s.id)).toEqual(['model_only_cap']);
    expect(r.policy?.[0]?.from).toBeGreaterThanOrEqual(RISK_BAND_SUSPICIOUS);
  });

  it('a topic is not evidence: an ordinary crypto post is held back like any wording-only alarm', () => {
    const r = analyzeLocal({ message: 'Bought a little more bitcoin and crypto today, buying every month is the plan whatever the price does' }, { model: fixed(belowLevel) });
    expect(r.reasonDetails.map((d) => d.id)).toContain('crypto_mention');
    expect(r.riskScore).toBeLessThan(RISK_BAND_SUSPICIOUS);
    expect(r.policy?.map((s) => s.id)).toContain('model_only_cap');
  });

  it('a very sure model still raises it alone', () => {
    const r = analyzeLocal({ message: text }, { model: fixed(4) });
    expect(r.riskScore).toBeGreaterThanOrEqual(RISK_BAND_SUSPICIOUS);
    expect(r.policy?.map((s) => s.id) ?? []).not.toContain('model_only_cap');
  });

  it('with evidence in the message the model is not held back', () => {
    const r = analyzeLocal({ message: `${text} View it at https://statement-view.top/login` }, { model: fixed(belowLevel) });
    expect(r.riskScore).toBeGreaterThanOrEqual(RISK_BAND_SUSPICIOUS);
    expect(r.policy?.map((s) => s.id) ?? []).not.toContain('model_only_cap');
  });
});

describe('a reason quotes the message, not the rule book', () => {
  it("the urgency reason names the message's own pressing words instead of generic examples", () => {
    const message = 'Your parcel is on hold. Pay the $1.99 fee within 12 hours or it goes back. Act now: https://parcel-fee.top/pay';
    const r = analyzeLocal({ message, platform: 'sms' });
    const urgency = r.reasonDetails.find((d) => d.id === 'urgency');
    expect(urgency?.text).toBe('Creates urgency to rush you ("within 12 hours", "Act now")');
    expect(r.reasons).toContain(urgency?.text);
  });

  it('quotes each pressing phrase once, at most three', () => {
    const r = analyzeLocal({ message: 'URGENT urgent: reply immediately, respond now, final notice, last chance', platform: 'sms' });
    const urgency = r.reasonDetails.find((d) => d.id === 'urgency');
    expect(urgency?.text).toMatch(/^Creates urgency to rush you \("URGENT", "immediately"/);
    expect(urgency?.text.match(/urgent/gi)).toHaveLength(1);
    expect((urgency?.text.match(/"/g) ?? []).length).toBeLessThanOrEqual(6);
  });
});
