import { describe, expect, it } from 'vitest';
import type { Platform } from '@redflag/contracts/scan';
import { fold } from '../text/normalize.ts';
import { RULES, runRules } from './rules.ts';

const ids = (text: string, platform?: Platform): string[] => runRules(fold(text), text, { platform }).map((h) => h.id);

/** One or more real-looking messages per detector. */
const CASES: Record<string, string[]> = {
  urgency: [
    'Your account will be closed. Act now to keep your benefits!',
    'Respond within 24 hours to avoid interruption.',
  ],
  threat: [
    'Your card has been temporarily suspended due to a billing problem.',
    'Pay today to avoid additional penalties and legal action.',
  ],
  gift_card_payment: [
    'Go to Walgreens and buy 4 Apple gift cards of $200, then send me pictures of the back with the codes.',
    'Pay with G00gle Play c4rds, scratch and send the pins',
  ],
  wire_transfer: ['Please send the deposit by Western Union to my agent in Lagos.'],
  crypto_payment: [
    'To clear the case you must deposit the funds at a Bitcoin ATM near you.',
    'Send 500 USDT to this TRC20 wallet address to activate.',
  ],
  crypto_mention: ['I have been learning about crypto and blockchain lately.'],
  p2p_business_upgrade: [
    'Your Zelle account needs to be upgraded to a business account to receive this payment.',
    'The payment is pending because Cash App requires a premium account upgrade.',
  ],
  friends_and_family: ['Please send it as PayPal friends and family so we avoid the fees.'],
  payment_on_hold: [
    'The funds are on hold until you provide the shipping tracking number.',
    'Your account will be credited once the buyer confirms shipment.',
  ],
  fake_payment_confirmation: ['I have sent the payment, check your email for the confirmation from Zelle.'],
  verification_code_request: [
    'Can you send me the 6 digit code I just texted you?',
    'Please read me the verification code so I know you are real.',
  ],
  google_voice_code: ['I am sending you a Google Voice code to confirm you are real.'],
  prove_you_are_real: ['I need to make sure you are real before I drive over.'],
  sensitive_info_request: ['Please confirm your card number and CVV to unlock your account.'],
  bank_staff_claim: ['Hello, this is the fraud department at your bank, we blocked a payment.'],
  account_alert: [
    'We detected unusual sign-in activity on your account.',
    'Did you attempt a purchase of $899 at Apple.com? Reply YES or NO.',
    'Did you make a $1,200.00 purchase at BEST BUY? Reply YES or NO.',
  ],
  off_platform: [
    'I rarely check messenger, text me on WhatsApp at +1 202 555 0143.',
    "Let's continue this conversation on Telegram.",
  ],
  overpayment: [
    "I'll send a check for $1,200, please refund the extra to my mover.",
    'I accidentally overpaid, kindly send back the excess amount.',
  ],
  check_payment: ["I will pay with a cashier's check and my assistant will mail it today."],
  shipping_agent: [
    'My shipping agent will come for the pickup, I already arranged it.',
    'FedEx will pick up from your house on Monday.',
  ],
  away_buyer: ["I'm currently offshore on an oil rig so I can't come myself."],
  rental_pay_unseen: [
    'Send the deposit and I will mail you the keys.',
    'Keys will be shipped once the first month is paid.',
    'You will need to pay the deposit before viewing the apartment.',
    "I can't show you the flat as I'm abroad, but the rent is $700 a month.",
  ],
  accidental_payment: ['Sorry, I accidentally sent you $250 on Venmo, can you send it back?'],
  refund_lure: ['You are eligible for a refund of $89.99, click to claim it.'],
  delivery_problem: [
    'USPS: Your package could not be delivered due to an incomplete address.',
    'Your parcel is on hold, a redelivery fee of $1.45 is due.',
  ],
  unpaid_toll: [
    'NTTA: you have an unpaid toll of $3.75. Pay now to avoid a $25 late fee.',
    'E-ZPass final reminder: outstanding balance due today.',
  ],
  government_claim: [
    'IRS notice: you owe back taxes and a warrant will be issued.',
    'HMRC: you have an outstanding tax refund, fill in the form to process it.',
  ],
  tech_support: [
    'Your computer is infected with a virus. Call support immediately on 1-888-555-0100.',
    'Your Geek Squad membership was auto-renewed and $299 was charged. Call to cancel.',
  ],
  platform_impersonation: ['Meta Security: your page will be disabled for a copyright violation. Appeal here.'],
  benefit_lure: [
    'All tax-paying citizens are entitled to $305.96 or more emergency refund. smsg.io/fCVbD',
    'You are now eligible for a $1,400 energy rebate, apply before Friday.',
    'Your COVID-19 relief payment is ready, claim it at the link below.',
  ],
  loan_offer: [
    'Pre-approved personal loan up to Rs 5,00,000, no CIBIL check. Call now.',
    'Instant loans for business owners, funds arranged within 24 hrs.',
  ],
  adult_lure: ['Filthy stories and GIRLS waiting for you', 'Lonely? Hot singles in your area want to chat tonight.'],
  prize: [
    'Congratulations! You have won a $1000 Walmart gift card.',
    'You are our lucky winner, claim your prize today.',
  ],
  premium_sms: ['Txt WIN to 80086 now! 150p/msg. 18+ only.'],
  job_task: [
    'Simple online tasks, earn $300 per day, flexible hours.',
    'We pay a commission per task for rating products on our app.',
  ],
  task_deposit: ['You must recharge 200 USDT to unlock your tasks and withdraw.'],
  investment_pitch: [
    'My uncle is an analyst and showed me a trading platform with guaranteed profits.',
    'Earn 20% daily returns on our crypto investment plan.',
  ],
  wrong_number_opener: [
    'Sorry, wrong number! Anyway, nice to meet you.',
    'Is this Mr. Davis? We met at the golf club last week.',
  ],
  romance: [
    'My dear, I am an engineer on an oil rig offshore and I miss you.',
    'I am stuck at the airport, honey, please send me money for the ticket.',
  ],
  new_number: ['Hi mum, this is my new number, save it and delete the old one.'],
  lost_phone: ['I dropped my phone in the sink, this is my new number.'],
  family_address: ['Hi Mum, it is me.'],
  emergency_plea: ["I've been in a car accident and I'm at the hospital."],
  secrecy: ["Please don't tell Mom, keep this between us."],
  money_request: ['Can you send me $500 today? I will pay you back.'],
  upfront_fee: ['A processing fee of $150 is required before the release of your funds.'],
  advance_fee_story: ['I am a barrister and your late relative left an unclaimed inheritance of 10.5 million USD.'],
  click_link_action: ['Click here to verify your information.'],
  local_cash_pickup: ['I can pick it up tonight, cash ok?'],
  service_notice: [
    'Your appointment is confirmed for Tuesday at 10:30.',
    'Your prescription is ready for pickup at the pharmacy.',
  ],
  otp_notice: ['Your verification code is 123456. Do not share this code with anyone.'],
  money_received_opener: [
    'Hello, I just received your $250 payment, is it for the car? Please reply',
    'We got a Zelle transfer from this number, who is this?',
  ],
  property_cash_offer: [
    'Hi, would you consider a cash offer for your house on Maple Ave?',
    'We would like to buy your property at 18 Hill Rd for cash, closing fast.',
  ],
  extortion: [
    'I recorded you through your webcam. Pay 0.05 BTC or I will send the video to all your contacts.',
    'We have your private photos. Transfer $800 today or else we will publish them.',
  ],
  renewal_callback: [
    'Your McAfee subscription has been renewed and $349.99 charged. To cancel call 1-855-201-4410.',
    'If you did not authorize this order, call our refund desk at (888) 410-2271 for a refund.',
  ],
  invoice_payment_due: [
    'Invoice 2291 is overdue, please settle today.',
    'Your outstanding balance of $912 must be paid.',
  ],
  recovery_offer: [
    'We help victims recover their lost crypto from fake brokers.',
    'Fund recovery experts: get your money back in 7 days.',
  ],
  payment_details_change: [
    'Please note our bank details have changed; pay invoice 883 to the new sort code below.',
    'Kindly make all future payments to our new account.',
  ],
  boss_request: [
    "I'm in a meeting, can't talk. I need you to buy gift cards for a client.",
    'Are you at your desk? I need a quick favour: a transfer to a supplier today.',
  ],
  fake_shop_offer: [
    'iPhone 16 Pro 70% off, payment via bank transfer only, DM to order',
    'Warehouse clearance sale on Dyson and AirPods today only',
  ],
  guided_investment: [
    'I can guide you to trade on my platform and make profit every week.',
    'You can start with just $300 in USDT and see returns on the trading platform.',
  ],
  investment_testimonial: [
    'i made $8,000 last month thanks to @mike_fx_trades',
    'earned 12k in 3 weeks all thanks to mrs_helen.fx',
    'Contact her, she is the best account manager I know, message @jenny.invests',
  ],
};

describe('red-flag detectors', () => {
  it('every detector has test messages', () => {
    expect(RULES.map((r) => r.id).filter((id) => !CASES[id])).toEqual([]);
  });

  for (const [id, messages] of Object.entries(CASES)) {
    it(`${id} fires on real-looking messages and points at the text`, () => {
      for (const text of messages) {
        const hit = runRules(fold(text), text).find((h) => h.id === id);
        expect(hit, `${id} on: ${text}`).toMatchObject({ id });
        for (const s of hit?.spans ?? []) expect(text.slice(s.start, s.end)).toBe(s.text);
      }
    });
  }

  it('a verification-code request weighs more on a marketplace than elsewhere', () => {
    const text = 'Before I buy, send me the code I just texted you.';
    const onCraigslist = runRules(fold(text), text, { platform: 'craigslist' }).find(
      (h) => h.id === 'verification_code_request',
    );
    const bySms = runRules(fold(text), text, { platform: 'sms' }).find((h) => h.id === 'verification_code_request');
    expect(onCraigslist?.weight).toBeGreaterThan((bySms?.weight ?? 0) * 1.5);
  });

  it('"Is this still available?" and ordinary offers fire no positive detector', () => {
    for (const text of ['Is this still available?', 'Can you do $40?', 'I can pick it up Saturday at 3, cash ok?']) {
      expect(runRules(fold(text), text, { platform: 'facebook' }).filter((h) => h.weight > 0)).toEqual([]);
    }
  });

  it('a legitimate one-time-code notice is not read as a request for the code', () => {
    expect(ids('Your Google verification code is 552211. Never share it with anyone.')).not.toContain(
      'verification_code_request',
    );
  });

  it('everyday talk about refunds, loans and dates fires none of the lure detectors', () => {
    for (const text of [
      'The shop gave me a refund for the broken kettle.',
      'We took out a personal credit line with the bank for the kitchen.',
      'Are you free for a date on Friday? The new place on Main St looks nice.',
      'The grant application for the school library is due next week.',
    ]) {
      expect(ids(text).filter((id) => id === 'benefit_lure' || id === 'loan_offer' || id === 'adult_lure')).toEqual([]);
    }
  });

  it("a loan's or card's monthly rate is not an investment's return", () => {
    for (const text of [
      'Get cash up to P700,000 from your credit card. Pay P32,500/mo for 24 months at 0.45% monthly add-on rate.',
      'Personal loan at 1.2% monthly interest, approved in 24 hours at any branch.',
    ])
      expect(ids(text)).not.toContain('investment_pitch');
    expect(ids('Our members earn 12% monthly on the trading platform, guaranteed.')).toContain('investment_pitch');
  });

  it('sees through obfuscation', () => {
    expect(ids('Buy g i f t c a r d s and send the c0des')).toContain('gift_card_payment');
    expect(ids('send me the verіfіcation c\u200Bode')).toContain('verification_code_request');
  });
});
