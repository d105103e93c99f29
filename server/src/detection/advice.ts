/** One short piece of advice per scam type, shown under the verdict. */
import type { Platform, ScamType } from '@redflag/contracts/scan';
import { RISK_BAND_SUSPICIOUS } from '@redflag/contracts/constants';

const ADVICE: Record<ScamType, string> = {
  phishing:
    "Don't tap the link or sign in from it. Open the company's app or type its address yourself to check your account.",
  delivery_smishing:
    "Carriers don't text you to pay redelivery fees. Track parcels only in the carrier's own app or website, never through a texted link.",
  bank_impersonation:
    "Don't reply, tap links or share codes. Call the number on the back of your card or open your bank's app to check.",
  government_impersonation:
    'Tax and government agencies do not demand payment or personal details by text, e-mail or phone threat. Contact them through their official website.',
  marketplace_overpayment:
    "Never refund an 'overpayment' or pay a buyer's shipping agent. Sell locally for cash or through the platform's own checkout.",
  marketplace_verification_code:
    'Never share a code sent to your phone. It lets the other person take over your account or open a number in your name.',
  fake_payment_confirmation:
    'Check your payment app or bank directly. A payment is only real when it shows up there; e-mails claiming funds are "on hold" are fake.',
  advance_fee: 'Nobody releases money, prizes or inheritances after you pay a fee. Stop replying and send nothing.',
  prize_lottery:
    "You can't win a contest you never entered. Don't pay fees, call premium numbers or share details to claim a prize.",
  romance:
    'Someone you have never met in person who asks for money, gift cards or crypto is almost certainly a scammer. Talk to a friend before sending anything.',
  crypto_investment:
    "Don't move money to a platform or 'mentor' you met through a message. Guaranteed returns do not exist; withdrawal 'fees' are how the scam ends.",
  job_task: 'Real jobs never ask you to pay, top up or deposit to earn. Stop and do not send money or crypto.',
  tech_support:
    "Don't call the number or allow remote access. Real companies don't warn you about viruses or renewals this way; contact them through their official site.",
  family_emergency:
    'Call your family member on the number you already have for them before doing anything. Ask a question only they could answer.',
  toll_smishing:
    'Toll agencies do not text payment links. Check any balance through the official toll website or app you normally use.',
  extortion:
    "Don't pay and don't reply: paying marks you as someone who pays, and the threats rarely stop. Change any password it quotes, keep the message as evidence and report it to the police.",
  fake_invoice:
    "Don't call the number or pay from this message. Check the order or subscription in the company's own app or account, or with the supplier you already deal with, on contact details you already have.",
  recovery:
    'Nobody can recover lost money for an upfront fee. Real help is free: your bank, the police and the official fraud reporting service. Do not pay, and do not share your ID or wallet details.',
  loan: 'Real lenders take any fee from the loan itself, never before it. Do not pay a processing or insurance fee, and borrow only from a licensed lender you contact yourself.',
  fake_shop:
    'Prices this low, with only bank transfers or wallets accepted, mean the goods may never come. Pay only by card or a checkout with buyer protection, and look the shop up with "scam" or "reviews" first.',
  payment_redirect:
    'Before paying, confirm any change of bank details or urgent payment request with the person on a number you already have for them, not one in this message. Never buy gift cards for a boss or a supplier.',
  spam: 'Likely unwanted marketing. Do not reply or call back premium numbers; block the sender.',
  other:
    "Be careful: don't send money, codes or personal details until you have verified who this is through a channel you trust.",
};

/**
 * The advice for a type, as the evidence allows: link advice only when the message has a link, and when it
 * asks you to call a number it gives, advice about calling instead.
 */
const NO_LINK_ADVICE: Partial<Record<ScamType, string>> = {
  phishing:
    "Don't reply with passwords, codes or personal details. Open the company's app or type its address yourself to check your account.",
  delivery_smishing:
    "Carriers don't text you to pay redelivery fees. Track parcels only in the carrier's own app or website, and don't reply with your details.",
  bank_impersonation:
    "Don't reply or share codes or card details. Call the number on the back of your card or open your bank's app to check.",
  toll_smishing:
    'Toll agencies do not ask for payment by text. Check any balance through the official toll website or app you normally use.',
  fake_invoice:
    "Don't call a number given in the message or pay from it. Check the order or subscription in the company's own app or account, or with the supplier on contact details you already have.",
};
const CALL_ADVICE =
  "Don't call the number in the message. If you're worried, contact the company on a number you already trust (the back of your card, its official website or app) and ask them.";

/** Types that pretend to be a company or an agency: their number to call is checked against the real one's. */
const IMPERSONATION_TYPES: ReadonlySet<ScamType> = new Set<ScamType>([
  'phishing',
  'bank_impersonation',
  'government_impersonation',
  'delivery_smishing',
  'toll_smishing',
  'fake_payment_confirmation',
  'other',
]);

export interface AdviceEvidence {
  hasLink: boolean;
  /** The message asks you to call or text a number it gives (call_number_in_text). */
  callsNumber: boolean;
  /** It reads as a transaction alert (transaction_alert): a payment received is only real in the app. */
  transactionAlert?: boolean;
}

const TRANSACTION_ALERT_ADVICE =
  "Looks like a routine transaction alert. If it was not you, call the number on the back of your card or use your bank's app, not a number in a text; if it says you were paid, check your bank or wallet app before you hand anything over: a text is easy to fake.";

export function adviceFor(
  type: ScamType | null | undefined,
  riskScore: number,
  platform?: Platform,
  evidence: AdviceEvidence = { hasLink: true, callsNumber: false },
): string {
  if (
    type &&
    riskScore >= RISK_BAND_SUSPICIOUS &&
    evidence.callsNumber &&
    !evidence.hasLink &&
    IMPERSONATION_TYPES.has(type)
  )
    return CALL_ADVICE;
  if (type && !evidence.hasLink) return NO_LINK_ADVICE[type] ?? ADVICE[type];
  if (type) return ADVICE[type];
  if (riskScore >= RISK_BAND_SUSPICIOUS) return ADVICE.other;
  if (evidence.transactionAlert) return TRANSACTION_ALERT_ADVICE;
  if (
    platform === 'facebook' ||
    platform === 'craigslist' ||
    platform === 'offerup' ||
    platform === 'ebay' ||
    platform === 'etsy'
  ) {
    return 'Looks like normal buyer/seller chat. Meet in a public place, keep the conversation on the platform and never share codes sent to your phone.';
  }
  return 'No strong warning signs. If it asks for money, codes or personal details later, verify the sender through a channel you trust.';
}
