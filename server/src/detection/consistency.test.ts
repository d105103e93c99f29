/**
 * Behaviour the engine owes every user, written as examples before any tuning: unknown is not
 * safe, verdict / type / reasons never contradict each other, genuine machine-sent texts stay green, and
 * the intents are read in six languages. These are behaviour tests, not evidence of quality: that is the
 * leave-one-source-out table (docs/engine-evaluation.md).
 */
import { describe, expect, it } from 'vitest';
import { RISK_BAND_SUSPICIOUS } from '@redflag/contracts/constants';
import type { ScanResult } from '@redflag/contracts/scan';
import { analyzeLocal } from './analyze.ts';
import { WARNING_WEIGHT } from './score/combine.ts';
import { BENIGN, SCAMS } from './fixtures/messages.ts';
import type { TextModel } from './model/model.ts';

function expectConsistent(r: ScanResult, label: string): void {
  const ids = r.reasonDetails.map((d) => d.id);
  if (r.riskScore >= RISK_BAND_SUSPICIOUS) {
    expect(r.scamType, label).not.toBeNull();
    expect(ids, label).not.toContain('no_signals');
    // A warning verdict is explained by at least one reason that raised it.
    expect(
      r.reasonDetails.some((d) => d.weight > 0 || d.id === 'opener_watch'),
      label,
    ).toBe(true);
  } else {
    expect(r.scamType ?? null, label).toBeNull();
    // Green never comes with a warning sign.
    expect(
      r.reasonDetails.filter((d) => d.weight >= WARNING_WEIGHT).map((d) => d.text),
      label,
    ).toEqual([]);
  }
  for (const d of r.reasonDetails) {
    expect(d.text, label).not.toMatch(/text model|scam-like|\d+% /);
    for (const e of d.evidence) if (e.kind === 'model') expect(e.detail, label).not.toMatch(/%/);
  }
  expect(r.reasons).toEqual(r.reasonDetails.map((d) => d.text));
}

const OPENERS = [
  { text: 'Hi, is this Jessica? We met at the wine tasting last weekend', platform: 'sms' as const },
  {
    text: 'Sorry, wrong number! I was trying to reach my friend Amy. You seem nice though, where are you from?',
    platform: 'whatsapp' as const,
  },
  { text: 'Hi mum, this is my new number, save it. My phone broke', platform: 'whatsapp' as const },
  { text: 'Hola mamá, este es mi número nuevo, guárdalo', platform: 'whatsapp' as const },
  { text: 'Oi mãe, esse é meu número novo. Salva aí', platform: 'whatsapp' as const },
  { text: 'Coucou maman, c’est mon nouveau numéro, enregistre-le', platform: 'sms' as const },
  { text: 'Hallo Mama, das ist meine neue Nummer. Speicher sie bitte', platform: 'whatsapp' as const },
  { text: 'Halo ma, ini nomor baru aku ya, simpan nomor ini', platform: 'whatsapp' as const },
];

describe('unknown is not safe', () => {
  for (const o of OPENERS) {
    it(`an opener with no ask yet is Suspicious with what to watch for: "${o.text.slice(0, 40)}"`, () => {
      const r = analyzeLocal({ message: o.text, platform: o.platform });
      expect(r.riskScore).toBeGreaterThanOrEqual(RISK_BAND_SUSPICIOUS);
      expect(r.advice).toMatch(/money|codes/);
      expectConsistent(r, o.text);
    });
  }
});

const MACHINE_SENT = [
  'Your Chase verification code is 482913. Do not share it with anyone. Chase will never call you to ask for it.',
  'G-482913 is your Google verification code.',
  'Reminder: your appointment with Dr. Patel is on Tue 14 Jan at 3:15pm. Reply C to confirm or call 020 7946 0958 to change.',
  'E-ZPass: your monthly statement is ready. Current balance $12.40, due 12/01. View it at https://www.e-zpassny.com',
  'Bank of America: a purchase of $42.17 at TARGET was made with your card ending 4421. If this was you, no action is needed.',
  'Tu código de verificación de WhatsApp es 123-456. No compartas este código con nadie.',
];

describe('genuine machine-sent texts stay green', () => {
  // Known gaps of the shipped model (docs/engine-evaluation.md): it still reads a tracking number or a bill
  // amount plus "Reply STOP" as SMS spam. Kept visible here until the model stops doing so.
  // (The UPS notice with its ups.com link is now green: see 'where a message sends you' below.)
  it.todo(
    '"Your Verizon bill of $84.20 is ready and will be paid automatically on Nov 28. Reply STOP to opt out of texts." stays green',
  );

  for (const text of MACHINE_SENT) {
    it(`"${text.slice(0, 50)}"`, () => {
      const r = analyzeLocal({ message: text, platform: 'sms' });
      expect(r.riskScore, r.reasons.join(' | ')).toBeLessThan(RISK_BAND_SUSPICIOUS);
      expectConsistent(r, text);
    });
  }
});

const MULTILINGUAL_SCAMS = [
  { text: 'Hola, te envié un código por error a tu teléfono, ¿me lo puedes pasar? Es urgente', lang: 'es' },
  { text: 'Oi mãe, troquei de número. Preciso de dinheiro urgente, faz um pix de 800 reais pra mim?', lang: 'pt' },
  {
    text: 'Félicitations ! Vous avez gagné un iPhone 15. Confirmez votre numéro de carte pour payer les frais de livraison.',
    lang: 'fr',
  },
  {
    text: 'Hallo Mama, das ist meine neue Nummer. Kannst du mir heute 500 Euro überweisen? Erzähl Papa nichts.',
    lang: 'de',
  },
  {
    text: 'Selamat! Anda mendapatkan hadiah Rp 50 juta dari undian. Kirim kode OTP yang masuk ke HP anda untuk verifikasi.',
    lang: 'id',
  },
  {
    text: 'Your package is held at our depot. Send a screenshot of the code we just texted you to release it.',
    lang: 'en',
  },
];

describe('intents in six languages', () => {
  for (const s of MULTILINGUAL_SCAMS) {
    it(`flags a ${s.lang} scam and names its language`, () => {
      const r = analyzeLocal({ message: s.text, platform: 'whatsapp' });
      expect(r.riskScore, r.reasons.join(' | ')).toBeGreaterThanOrEqual(RISK_BAND_SUSPICIOUS);
      expect(r.language?.code).toBe(s.lang);
      expectConsistent(r, s.text);
    });
  }
});

// A genuine notice often reads exactly like its scam copy; what differs is where it sends you. When the only
// way it offers to act is the company's own website (no other link, no number to call, no address to write to,
// nothing to send back), acting on it is safe, and a red verdict would say "scam" next to "the link goes to
// PayPal's own website".
const OFFICIAL_ONLY_NOTICES = [
  'Your Netflix payment failed. Update your payment method in the Netflix app or at netflix.com/youraccount to keep watching.',
  'Your PayPal account: you sent $25.00 USD to Maria Lopez. Not you? Visit paypal.com/security',
  'Amazon: Your package was delivered. Track at https://www.amazon.com/gp/css/order-history',
  'Your UPS package 1Z999AA10123456784 is out for delivery today. Track it at https://www.ups.com/track?tracknum=1Z999AA10123456784',
  'Apple: Your Apple ID was used to sign in to iCloud on a Windows PC. If this was not you, change your password at https://appleid.apple.com',
];
// The same look with another way to act: the scam is in the number, the code, the second link or the redirect.
const OFFICIAL_LOOKING_SCAMS = [
  'PayPal: a payment of $499.99 to Coinbase was authorised. Not you? Call our fraud team now on +1 (888) 555-0199. paypal.com',
  'Amazon security: we sent you a 6-digit code. Reply with the code to cancel the $899 order. https://www.amazon.com',
  'Netflix: your account is on hold. Update your payment at https://www.netflix.com or https://netflix-billing-update.com/login within 24 hours.',
  'Your Microsoft 365 mailbox is full. Verify your account to keep receiving mail: https://www.google.com/url?q=https://mailbox-verify.top/login',
  'Microsoft: your password expires today. Keep it at https://docs.google.com/forms/d/e/1FAIpQLSf-keep-password/viewform',
  'Wells Fargo: your account and card are temporarily locked. Click the link below to unlock them now. WellsFargo.com',
  'Lineman is giving away 5 gift vouchers of 500 baht. Claim yours: https://t.me/lineman_giveaway_official',
  'This is your CEO. I need 5 Amazon gift cards of $200 for a client today; buy them at amazon.com and send me the codes. Keep it quiet.',
];

/** Each text, sent as an SMS, stays below the suspicious band (green) or at or above it, consistently. */
function itScores(
  band: 'green' | 'flagged',
  title: string,
  texts: readonly string[],
  also?: (r: ScanResult) => void,
): void {
  for (const text of texts) {
    it(`${title}: "${text.slice(0, 45)}"`, () => {
      const r = analyzeLocal({ message: text, platform: 'sms' });
      if (band === 'green') expect(r.riskScore, r.reasons.join(' | ')).toBeLessThan(RISK_BAND_SUSPICIOUS);
      else expect(r.riskScore, r.reasons.join(' | ')).toBeGreaterThanOrEqual(RISK_BAND_SUSPICIOUS);
      also?.(r);
      expectConsistent(r, text);
    });
  }
}

describe('where a message sends you', () => {
  itScores(
    'green',
    "a notice whose only destination is the company's own site stays green",
    OFFICIAL_ONLY_NOTICES,
    (r) => expect(r.reasonDetails.map((d) => d.id)).toContain('official_link'),
  );
  itScores('flagged', 'an official link does not excuse another way to act', OFFICIAL_LOOKING_SCAMS);
  // A notice that gives no way to act at all (no link, number, address or ask; at most "Reply C to confirm")
  // cannot lead anywhere: its scam copies always add the way in.
  itScores('green', 'a notice with no way to act stays green', [
    'CVS Pharmacy: Your prescription is ready for pickup at 123 Main St. Reply STOP to opt out.',
    'USPS: Your package 9400 1000 0000 0000 0000 00 is out for delivery today. Reply STOP to opt out.',
    'Walgreens: your flu shot appointment is confirmed for Sat 10:00 AM. Reply C to confirm or STOP to opt out.',
    'Reminder from Smile Dental: cleaning on Mon Mar 3 at 9:00 AM. Reply Y to confirm, N to cancel.',
  ]);
  itScores('flagged', 'a notice that adds a way to act is not excused', [
    'USPS: your package is out for delivery but the address is incomplete. Reply with your full address and date of birth to confirm.',
    'Your order is ready for pickup. To release it, pay the $2.99 handling fee at usps-handling-fee.top',
    'Your prescription is ready for pickup. Call 1-888-555-0100 to confirm your insurance and Social Security number.',
    'Your appointment is confirmed. Reply with the 6-digit code we just sent you to keep it.',
    'Your parcel is out for delivery. Message our courier on WhatsApp to choose a time.',
    'Chase Fraud Alert: did you make a $1,200.00 purchase at BEST BUY? Reply YES or NO. Reply Y to confirm.',
  ]);
  it("a sender that is not the company is not excused by the company's link", () => {
    const text = OFFICIAL_ONLY_NOTICES[1] ?? '';
    const r = analyzeLocal({ message: text, platform: 'email', email: 'service@paypa1-support.com' });
    expect(r.riskScore, r.reasons.join(' | ')).toBeGreaterThanOrEqual(RISK_BAND_SUSPICIOUS);
    expectConsistent(r, text);
  });
});

describe('verdict, type and reasons agree', () => {
  it('on every hand-written fixture', () => {
    for (const f of [...BENIGN, ...SCAMS])
      expectConsistent(
        analyzeLocal({ message: f.text, platform: f.platform, phoneNumber: f.phoneNumber, email: f.email }),
        f.text,
      );
  });

  it('when only the model raises the score, the type follows the impersonated brand', () => {
    const confident: TextModel = { version: 'test', logit: () => 4, logitFolded: () => 4 };
    const r = analyzeLocal(
      { message: 'Dear Wells Fargo customer, kindly see the attached statement regarding your account.' },
      { model: confident },
    );
    expect(r.riskScore).toBeGreaterThanOrEqual(70);
    expect(r.scamType).toBe('bank_impersonation');
    expectConsistent(r, 'model only');
  });

  it('a scam after a long harmless preamble is still found', () => {
    const preamble = 'Thanks for the lovely dinner last night, it was great to catch up with everyone. '.repeat(100);
    const r = analyzeLocal({
      message: `${preamble}\nAlso, could you buy two Google Play gift cards and send me the codes? I will pay you back.`,
    });
    expect(r.riskScore).toBeGreaterThanOrEqual(RISK_BAND_SUSPICIOUS);
    expect(r.reasonDetails.map((d) => d.id)).toContain('gift_card_payment');
  });
});

describe('engine errors', () => {
  it('are thrown for the caller to report, never answered with a silent 50', () => {
    const broken: TextModel = {
      version: 'broken',
      logit: () => {
        throw new Error('weights corrupt');
      },
      logitFolded: () => {
        throw new Error('weights corrupt');
      },
    };
    expect(() => analyzeLocal({ message: 'hello there' }, { model: broken })).toThrow('weights corrupt');
  });
});
