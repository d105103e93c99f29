import { describe, expect, it } from 'vitest';
import type { Platform } from '@redflag/contracts/scan';
import { analyzeLocal } from './analyze.ts';

/**
 * Twenty-four everyday messages as a new user would paste them (12 scams, 12 genuine; the US, the UK, India,
 * Nigeria, Kenya, the Philippines and Australia, and chats in Spanish and Portuguese), written for this test
 * and never used in training (the "everyday messages" target of docs/engine.md). A scam must be flagged (40 or more)
 * with a type, a genuine message must stay under 40 with no type.
 */
const EVERYDAY: Array<['scam' | 'legit', string, string, Platform]> = [
  [
    'legit',
    'US',
    'Your Amazon order #114-2290331-8823 has shipped and will arrive Thursday. Track it in the Amazon app.',
    'sms',
  ],
  [
    'scam',
    'US',
    'USPS: Your package is on hold due to an incomplete address. Update within 12 hours: https://usps.parcel-redelivery.top/us',
    'sms',
  ],
  [
    'legit',
    'US',
    "Hey it's Mike from the soccer team, are we still on for carpool Saturday? I can drive this time.",
    'sms',
  ],
  [
    'scam',
    'UK',
    "Mum I dropped my phone in the toilet, this is my new number. Can you send £340 for rent today? I'll pay you back Friday x",
    'whatsapp',
  ],
  [
    'scam',
    'UK',
    'HMRC: You are due a tax refund of £287.40. Claim it here before it expires: https://gov-uk-refund.claims-portal.co',
    'sms',
  ],
  [
    'legit',
    'UK',
    "NHS: Your COVID-19 booster appointment is confirmed for 14 Dec at 10:20, Riverside Health Centre. Reply CANCEL if you can't attend.",
    'sms',
  ],
  [
    'scam',
    'India',
    'Dear customer, your SBI YONO account will be blocked today. Update your PAN card immediately: http://sbi-kyc-update.in.net',
    'sms',
  ],
  [
    'legit',
    'India',
    'Rs.1,499.00 debited from A/c XX7731 on 24-11-26 to VPA bigbasket@axis (UPI Ref 631098765123). Not you? Call 1800-419-5959 - Axis Bank',
    'sms',
  ],
  ['legit', 'India', 'Your Swiggy order from Meghana Foods is out for delivery. Rajesh will arrive in 12 mins.', 'sms'],
  [
    'scam',
    'India',
    'Congratulations! Your number won 25,00,000 in KBC lucky draw. To claim contact Mr Rana Pratap on WhatsApp +92 301 4455667',
    'whatsapp',
  ],
  [
    'legit',
    'Nigeria',
    'Dear customer, you have received N50,000 from ADEWALE JOHN. Your new balance is N53,210. Access Bank',
    'sms',
  ],
  [
    'scam',
    'Nigeria',
    'Congratulations you have been selected for the CBN palliative grant of N250,000. Register with your BVN at cbn-grant-portal.com.ng',
    'sms',
  ],
  [
    'legit',
    'Kenya',
    'Confirmed. You have received Ksh2,500.00 from MARY AKINYI 0722000111 on 24/11/26 at 6:12 PM. New M-PESA balance is Ksh3,104.00.',
    'sms',
  ],
  [
    'scam',
    'Kenya',
    'Nimekutumia pesa kimakosa Ksh 3,500 tafadhali nirudishie kwa namba hii 0711223344, Mungu akubariki',
    'sms',
  ],
  [
    'legit',
    'Philippines',
    'GCash: You have received PHP 1,500.00 from JU*N D. Ref No. 8012345678. Your new balance is PHP 2,034.55.',
    'sms',
  ],
  [
    'scam',
    'Philippines',
    'Hi po! Congrats, napili kayo sa GCash raffle ng P20,000. I-claim po dito: gcash-promo-claim.xyz',
    'sms',
  ],
  ['legit', 'US', 'Hi is this still available? I can pick it up tonight around 7 if that works.', 'facebook'],
  [
    'scam',
    'US',
    "I'm interested, but first I need to verify you're real. I'm sending a Google code to your phone, just read it back to me.",
    'facebook',
  ],
  [
    'legit',
    'Australia',
    'Woolworths: Your click & collect order is ready at Bondi Junction. Bring your order number 55120 to the service desk.',
    'sms',
  ],
  [
    'scam',
    'Australia',
    'myGov: Your account has been suspended due to suspicious activity. Verify your identity now at mygov-au.verify-id.com',
    'sms',
  ],
  [
    'scam',
    'Spanish',
    'Hola, soy la reclutadora de Amazon. Trabajo desde casa, gana 300 dólares al día dando likes a productos. Escríbeme por WhatsApp.',
    'whatsapp',
  ],
  ['legit', 'Portuguese', 'Oi filha, chego amanhã às 15h no aeroporto. Pode me buscar?', 'whatsapp'],
  ['legit', 'US', 'Your Netflix membership has been renewed. If you have questions, visit netflix.com/help.', 'email'],
  [
    'scam',
    'dating',
    'Hello dear, I saw your profile and I think you are very beautiful. I am a US army doctor serving in Syria, can we talk on Telegram?',
    'other',
  ],
];

describe('everyday messages as a new user would paste them', () => {
  for (const [want, region, text, platform] of EVERYDAY) {
    it(`${want === 'scam' ? 'flags' : 'clears'} (${region}): "${text.slice(0, 50)}"`, () => {
      const r = analyzeLocal({ message: text, platform });
      if (want === 'scam') {
        expect(r.riskScore).toBeGreaterThanOrEqual(40);
        expect(r.scamType).not.toBeNull();
      } else {
        expect(r.riskScore).toBeLessThan(40);
        expect(r.scamType).toBeNull();
      }
    });
  }
  it('holds twelve of each', () => {
    expect(EVERYDAY.filter(([w]) => w === 'scam')).toHaveLength(12);
    expect(EVERYDAY.filter(([w]) => w === 'legit')).toHaveLength(12);
  });
});
