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
    const r = analyzeLocal({
      message: 'Cash is fine, I can come by Saturday around 2 to pick it up',
      platform: 'craigslist',
    });
    expect(r.reasonDetails.map((d) => d.id)).toContain('local_cash_pickup');
  });
});

describe('advice follows the evidence', () => {
  it('no link advice when the message has no link', () => {
    const r = analyzeLocal({
      message:
        'Your Amazon account has been locked due to suspicious activity. Reply with your full name, date of birth and card number to restore access.',
      platform: 'sms',
    });
    expect(r.riskScore).toBeGreaterThanOrEqual(RISK_BAND_SUSPICIOUS);
    expect(r.advice ?? '').not.toMatch(/link/i);
  });
  it('a number to call gets phone advice and a reason that names the number', () => {
    const text =
      'Chase Fraud Alert: your debit card has been suspended after unusual activity. Call our security team now at 1-888-555-0147 to reactivate it.';
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
    // The wording's score is the first step (no text-model reason is shown below 40), then the cap.
    expect(r.policy?.map((s) => s.id)).toEqual(['wording_start', 'model_only_cap']);
    expect(r.policy?.[1]?.from).toBeGreaterThanOrEqual(RISK_BAND_SUSPICIOUS);
  });

  it('a topic is not evidence: an ordinary crypto post is held back like any wording-only alarm', () => {
    const r = analyzeLocal(
      {
        message:
          'Bought a little more bitcoin and crypto today, buying every month is the plan whatever the price does',
      },
      { model: fixed(belowLevel) },
    );
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
    const r = analyzeLocal(
      { message: `${text} View it at https://statement-view.top/login` },
      { model: fixed(belowLevel) },
    );
    expect(r.riskScore).toBeGreaterThanOrEqual(RISK_BAND_SUSPICIOUS);
    expect(r.policy?.map((s) => s.id) ?? []).not.toContain('model_only_cap');
  });
});

describe('a reason quotes the message, not the rule book', () => {
  it("the urgency reason names the message's own pressing words instead of generic examples", () => {
    const message =
      'Your parcel is on hold. Pay the $1.99 fee within 12 hours or it goes back. Act now: https://parcel-fee.top/pay';
    const r = analyzeLocal({ message, platform: 'sms' });
    const urgency = r.reasonDetails.find((d) => d.id === 'urgency');
    expect(urgency?.text).toBe('Creates urgency to rush you ("within 12 hours", "Act now")');
    expect(r.reasons).toContain(urgency?.text);
  });

  it('quotes each pressing phrase once, at most three', () => {
    const r = analyzeLocal({
      message: 'URGENT urgent: reply immediately, respond now, final notice, last chance',
      platform: 'sms',
    });
    const urgency = r.reasonDetails.find((d) => d.id === 'urgency');
    expect(urgency?.text).toMatch(/^Creates urgency to rush you \("URGENT", "immediately"/);
    expect(urgency?.text.match(/urgent/gi)).toHaveLength(1);
    expect((urgency?.text.match(/"/g) ?? []).length).toBeLessThanOrEqual(6);
  });
});

describe('a transaction alert that gives no way to act is a routine notice', () => {
  const GENUINE = [
    'Dear Customer, your A/c XX9876 is credited with NGN 45,000.00 on 26-Nov-2026. Bal: NGN 120,340.55. GTBank',
    'Rs.1,250.00 spent on your SBI Credit Card ending 4421 at AMAZON on 26/11/26. Avl Lmt: Rs.48,750.00',
    'Acct:XX1234 Debited INR 500.00 on 26-Nov-26 Info: UPI/DR/334455/ZOMATO. Avl Bal: INR 10,240.10 - Axis Bank',
    'Barclays: A payment of £45.99 to NETFLIX was taken from your account ending 7788 on 26 Nov.',
    'Txn of PHP 1,200.00 was debited from your account ****5521 on 11/26/26. Available balance PHP 8,410.30. -BPI',
  ];
  for (const message of GENUINE) {
    it(`stays at most a low risk (30): ${message.slice(0, 50)}...`, () => {
      const r = analyzeLocal({ message, platform: 'sms' });
      expect(r.riskScore).toBeLessThanOrEqual(30);
      expect(r.reasonDetails.map((d) => d.id)).toContain('transaction_alert');
    });
  }

  const SCAM_COPIES = [
    'HDFC: Rs 49,999 debited from your A/c XX1234. If not done by you, click http://hdfc-reverse.top to block',
    "Your account ending 4411 has been debited $950.00. If you didn't authorize this, call our fraud team at +1 (888) 555-0199 immediately",
    'Alert: Your A/c XX1234 debited Rs 9,999. To cancel the transaction share the OTP sent to you with our executive',
    'Your BPI account ****5521 was credited PHP 5,000.00. To receive it, confirm your details at bpi-credit-confirm.com',
    'URGENT: your account XX4410 debited Rs 25,000. Reply with your card number and CVV to reverse it. Bal: Rs 120',
  ];
  for (const message of SCAM_COPIES) {
    it(`a scam copy that adds a way in is not excused: ${message.slice(0, 50)}...`, () => {
      const r = analyzeLocal({ message, platform: 'sms' });
      expect(r.riskScore).toBeGreaterThanOrEqual(RISK_BAND_SUSPICIOUS);
      expect(r.reasonDetails.map((d) => d.id)).not.toContain('transaction_alert');
    });
  }
});

describe('a payment "received" text is not excused where it is the fake-payment scam', () => {
  it('pasted from a marketplace or a chat, or with an ask, it gets no reassurance', () => {
    const paid = 'QJR5TML2AA Confirmed. Ksh30,000.00 received from BANK TRANSFER. New M-PESA balance is Ksh30,122.00.';
    for (const platform of ['facebook', 'whatsapp', 'other'] as const) {
      expect(analyzeLocal({ message: paid, platform }).reasonDetails.map((d) => d.id)).not.toContain(
        'transaction_alert',
      );
    }
    const withAsk = `${paid} Kindly deliver the goods.`;
    expect(analyzeLocal({ message: withAsk, platform: 'sms' }).reasonDetails.map((d) => d.id)).not.toContain(
      'transaction_alert',
    );
  });

  it('by SMS, the alert is low risk and the advice says to check the app before handing anything over', () => {
    const r = analyzeLocal({
      message: 'Rs.50,000.00 credited to your A/c XXXX4821 on 26-11-26. Avl Bal Rs.50,412.50 -SBI',
      platform: 'sms',
    });
    expect(r.reasonDetails.map((d) => d.id)).toContain('transaction_alert');
    expect(r.advice).toMatch(/check your bank or wallet app before you hand anything over/);
  });
});

describe('types and reassurances follow what the message says (second walkthrough)', () => {
  const at = (message: string, platform: 'sms' | 'facebook' | 'whatsapp') => analyzeLocal({ message, platform });

  it('a courier arranging a pickup is not called a buyer', () => {
    const r = at(
      "Hi, this is Marco from DHL. I tried to drop off your parcel at 3pm but nobody was home. I'll try again tomorrow between 10 and 12, or you can pick it up at the Elm St service point.",
      'sms',
    );
    expect(r.riskScore).toBeLessThan(RISK_BAND_SUSPICIOUS);
    expect(r.reasons.join(' ')).not.toMatch(/buyer/i);
  });

  it('someone else picking up for a buyer who overpays is no reassurance', () => {
    const r = at(
      "Hi! Is the blue couch still available? I can pay with Zelle right now but my cousin will pick it up, I'll send extra $150 for the mover, just send me your email so I can send the payment.",
      'facebook',
    );
    expect(r.reasonDetails.map((d) => d.id)).not.toContain('local_cash_pickup');
    expect(r.scamType).toBe('marketplace_overpayment');
    expect(r.riskScore).toBeGreaterThan(40);
  });

  it("a bank's fraud alert with a number to call is bank impersonation, not tech support", () => {
    const r = at(
      'Wells Fargo Fraud Alert: Did you attempt a Zelle payment of $1,450.00 to Kevin M? Reply YES or NO. If not you, call our fraud department now at 1-888-555-0142.',
      'sms',
    );
    expect(r.scamType).toBe('bank_impersonation');
    expect(r.reasonDetails.map((d) => d.id)).not.toContain('tech_support');
  });

  it('a trading pitch that says "dear" is a crypto investment scam, not romance', () => {
    const r = at(
      'Hey dear, I made $18,000 last month with a Bitcoin trading platform my uncle manages. Minimum deposit is just $500 and returns are guaranteed 30% weekly. Want me to show you how?',
      'whatsapp',
    );
    expect(r.scamType).toBe('crypto_investment');
  });

  it('"Grandma it is me" with bail money is a family emergency scam', () => {
    const r = at(
      'Grandma it is me, I had an accident and need $900 for bail, please do not tell mom. Send Apple gift cards and text me the codes.',
      'sms',
    );
    expect(r.scamType).toBe('family_emergency');
  });
});

describe('advice for a number to call fits the scam', () => {
  it('a job-task scam with a WhatsApp number gets job advice, not "the back of your card"', () => {
    const r = analyzeLocal({
      message:
        'Hello! We are hiring remote part-time staff. Like YouTube videos and complete simple tasks, earn $200-$800 a day. No experience needed. Add our HR on WhatsApp +1 (302) 555-0199 to start today.',
      platform: 'sms',
    });
    expect(r.scamType).toBe('job_task');
    expect(r.advice).not.toMatch(/back of your card/);
  });

  it('a bank impersonation with a number to call still gets the call advice', () => {
    const r = analyzeLocal({
      message:
        'Wells Fargo Fraud Alert: Did you attempt a Zelle payment of $1,450.00 to Kevin M? Reply YES or NO. If not you, call our fraud department now at 1-888-555-0142.',
      platform: 'sms',
    });
    expect(r.advice).toMatch(/Don't call the number in the message/);
  });
});
