/**
 * Red-flag detectors. Each one names what it found, carries a weight in log-odds (how much it moves the
 * risk), votes for scam types, and reports the spans of the ORIGINAL message that triggered it.
 *
 * Patterns run on the folded text (text/normalize.ts), so "G1FT C4RDS", "gіft cаrds" (Cyrillic) and
 * "g i f t cards" all match "gift cards". Every quantifier is bounded to keep the worst case linear on
 * 10,000-character input.
 */
import type { Platform, ScamType } from '@redflag/contracts/scan';
import { MARKETPLACE_PLATFORMS } from '@redflag/contracts/platforms';
import { spanToOriginal, type Folded } from '../text/normalize.ts';
import { compiledGate, mayMatch, TrigramIndex, type Gate } from './gate.ts';
import type { SignalId } from './signal-ids.ts';
import type { RuleTag } from './tags.ts';
import { scoreOf, type FindingScore } from '../score/symbols.ts';

export type Severity = 'high' | 'medium' | 'low' | 'info';

/** A detector: what it looks for and what it says. What its finding weighs is score/symbols.ts's. */
export interface RuleDetector {
  id: SignalId;
  /** Sentence shown to the user. */
  text: string;
  patterns: RegExp[];
  types?: Partial<Record<ScamType, number>>;
  /** Type votes used instead of `types` off the marketplaces (a code request by SMS is account phishing). */
  typesElsewhere?: Partial<Record<ScamType, number>>;
  /** What the finding is about (tags.ts); every rule gives at least one. */
  tags: readonly [RuleTag, ...RuleTag[]];
  /**
   * A sign of a chat (a local buyer's words): not read in an e-mail, where the same words ("pick it up at our
   * depot") are a phishing mail's, not a buyer's.
   */
  chatOnly?: boolean;
}

/**
 * A detector with its score (score/symbols.ts): `weight`, and the multipliers `marketplace` (on Facebook,
 * Craigslist, OfferUp, eBay, Etsy; 0: the rule does not apply there) and `elsewhere` (off the marketplaces).
 */
export interface Rule extends RuleDetector, FindingScore {}

/** The detectors joined with their scores; a detector whose id has no score fails when the module loads. */
export function scored(detectors: readonly RuleDetector[]): readonly Rule[] {
  return detectors.map((d) => ({ ...d, ...scoreOf(d.id) }));
}

export interface RuleHit {
  id: SignalId;
  text: string;
  weight: number;
  /** The rule's own weight and the recorded step that multiplied it for the platform (score/steps.ts WEIGHT_STEPS). */
  platformStep?: { id: 'marketplace_weights' | 'elsewhere_weights'; from: number };
  spans: { start: number; end: number; text: string }[];
  types: Partial<Record<ScamType, number>>;
  tags: readonly RuleTag[];
}

/** The marketplace platforms (the contracts' one list). */
export const MARKETPLACES: ReadonlySet<Platform> = MARKETPLACE_PLATFORMS;

/** Tags of what a message asks for (money, codes, credentials, another app, …): an opener without any has not made its move yet. */
export const ASK_TAGS: ReadonlySet<RuleTag> = new Set<RuleTag>([
  'money',
  'payment_method',
  'payment_trick',
  'code',
  'credentials',
  'investment',
  'install',
  'job',
  'advance_fee',
  'prize',
  'marketplace_trick',
  'off_platform',
]);

const W = '[^.!?\\n]'; // a character within the same sentence
const win = (n: number): string => `${W}{0,${n}}`;
/** A window that may cross sentence ends, for alerts written in several short sentences. */
const span = (n: number): string => `[\\s\\S]{0,${n}}`;
/** A currency written as a word after a sum, in the testimonials' sums below. */
const CURRENCY_WORD = '(usd|usdt|dollars|euros?|pounds|btc)';
/**
 * A sum of money as a testimonial writes it: a currency sign ("$4,000", "€ 1,500", "£16,300"), a currency word
 * ("2,000 usdt") or thousands ("38k"). A bare number ("2 weeks") is not one.
 */
const RETURN_SUM = `([$€£] ?\\d[\\d,.]*( ?k\\b)?|\\d[\\d,.]*( ?k\\b| ?${CURRENCY_WORD}\\b))`;
/** A sum of a thousand or more: "$4,000", "€15500", "38k", "2,000 usdt". */
const BIG_SUM = `([$€£] ?(\\d{1,3}(,\\d{3})+|\\d{4,})(\\.\\d+)?|\\d[\\d,.]* ?k\\b|(\\d{1,3}(,\\d{3})+|\\d{4,}) ?${CURRENCY_WORD}\\b)`;
const EARNINGS_WORD =
  '(earn|profit|wealth|financ|invest|trad(e|er|es|ing)|fx|forex|crypto|bitcoin|btc|income|rich|capital|billionaire|millionaire|coin|signal|money|cash)';
/**
 * A handle that advertises earnings (after folding, "@" reads "a"): an underscored name with an earnings word
 * in it ("@lisa_fxcoins", "#earnwithkristina_"), an earnings word joined to "with" and a name
 * ("earnwithclaire"), or a name ending in "fx" or "forex". Plain words and plain tags ("#investing") never
 * match: each form needs an underscore or letters run together. The look-ahead at the start lets a word
 * without "_", "with" or "fx" fail at once: on long mails this pattern cost more than all the others together.
 */
const INVESTMENT_HANDLE = `\\b(?=[a-z0-9_.]{0,25}(_|with|fxt?\\b|forex\\b))([a-z0-9.]{0,25}_[a-z0-9_.]{0,25}${EARNINGS_WORD}|[a-z0-9.]{0,25}${EARNINGS_WORD}[a-z0-9.]{2,25}_|[a-z0-9.]{0,20}(earn|invest|trad(e|es|ing)|finance|wealth|profit|crypto|fx|forex|money|rich|grow|build)[_.]{0,4}with[_.]{0,4}[a-z]|[a-z0-9_.]{3,25}(fx|fxt|forex)\\b)`;
/** Thanks or praise, as the testimonials give a "trader". */
const PRAISE =
  '(thank|grateful|bless|legit|honest|reliable|trustworth|recommend|best|expert|amazing|changed my life|saved my life|success|good work)';
const re = (src: string): RegExp => new RegExp(src, 'g');

export const RULES: readonly Rule[] = scored([
  // --- urgency and threats
  {
    id: 'urgency',
    text: 'Creates urgency to rush you ("act now", "within 24 hours", "final notice")',
    patterns: [
      re(
        `\\b(act now|final (notice|warning|reminder|attempt)|last (chance|warning|notice|reminder)|within (24|48|72|12|2|1) ?(hours?|hrs?|h)\\b|today only|expires? (today|tonight|soon|in \\d)|time[- ]sensitive|don'?t delay|respond (now|immediately)|(before|by) midnight|immediate(ly)? (action|attention|response)|urgent(ly)?( action| notice| response| attention)?|as soon as possible|right away|immediately)\\b`,
      ),
    ],
    tags: ['urgency'],
  },
  {
    id: 'threat',
    text: 'Threatens consequences (suspension, arrest, fines, legal action) to pressure you',
    patterns: [
      re(
        `\\b((account|card|access|service|profile|number|page)${win(25)}(will be|has been|is being|is|was|been)( temporarily| permanently)? (suspended|locked|blocked|restricted|limited|frozen|closed|disabled|deactivated|terminated|on hold)|suspension of your|legal action|(arrest|bench) warrant|(will|could|may) be arrested|lawsuit (against|filed)|prosecution|(late|additional|extra) (fees?|penalt(y|ies))|penalt(y|ies) (of|will|fee)|(avoid|prevent) (further )?(penalt|fines?|suspension|legal|late fees|additional)|seized|deportation|criminal (charges|case))`,
      ),
    ],
    types: { bank_impersonation: 0.3, government_impersonation: 0.3 },
    tags: ['threat'],
  },
  // --- payment methods scammers prefer
  {
    id: 'gift_card_payment',
    text: 'Asks for payment in gift cards, which no real company, agency or buyer does',
    patterns: [
      re(
        `\\b(buy|purchase|get|pick up|send|pay(ment)?( with| in| by)?|scratch|redeem)${win(50)}\\b(gift ?cards?|itunes cards?|apple cards?|google play( cards?)?|steam (cards?|gift)|vanilla (visa|gift)|razer gold|ebay cards?)`,
      ),
      re(
        `\\b(gift ?cards?|itunes cards?|google play cards?|steam cards?)${win(60)}\\b(codes?|pins?|numbers|photos?|pictures?|pics?|scratch|back of)\\b`,
      ),
    ],
    types: { other: 0.5, tech_support: 0.3, government_impersonation: 0.3 },
    tags: ['payment_method'],
  },
  {
    id: 'wire_transfer',
    text: 'Asks for a wire transfer or money-transfer service (Western Union, MoneyGram), which cannot be reversed',
    patterns: [
      re(
        `\\b(western union|moneygram|wire (transfer )?(the )?(money|funds|payment|it)|wire transfer to|send${win(30)}(via|through|by) (wire|western union|moneygram|ria)|bank to bank transfer)\\b`,
      ),
    ],
    types: { advance_fee: 0.5, romance: 0.3 },
    tags: ['payment_method'],
  },
  {
    id: 'crypto_payment',
    text: 'Asks for payment or a deposit in cryptocurrency',
    patterns: [
      re(
        `\\b(send|deposit|transfer|pay|top ?up|fund|invest)${win(40)}\\b(bitcoin|btc|usdt|tether|ethereum|eth|crypto(currency)?|coins?)\\b`,
      ),
      re(`\\b(bitcoin|crypto) (atm|machine|kiosk)|wallet address|(usdt|btc|eth|trc20|erc20) (wallet|address)\\b`),
    ],
    types: { crypto_investment: 1, government_impersonation: 0.2, tech_support: 0.2 },
    tags: ['payment_method'],
  },
  {
    id: 'crypto_mention',
    text: 'Talks about cryptocurrency, the payment of choice for investment scams',
    patterns: [
      re(
        `\\b(bitcoin|btc|usdt|tether|ethereum|crypto(currency|currencies)?|binance|coinbase|blockchain|defi|liquidity mining|nft)\\b`,
      ),
    ],
    types: { crypto_investment: 0.6 },
    tags: ['topic'],
  },
  {
    id: 'p2p_business_upgrade',
    text: 'Claims your Zelle / Cash App / Venmo / PayPal must be "upgraded" to a business account or that the payment is held until you pay: a classic fake-payment trick',
    patterns: [
      re(
        `\\b(zelle|cash ?app|venmo|paypal)${win(90)}\\b(business account|upgrade|upgraded|premium account|limit (exceeded|reached)|(is|was|are|been) (on hold|pending|frozen|held)|activation fee)`,
      ),
      re(`\\b(business|premium|merchant) account${win(70)}\\b(zelle|cash ?app|venmo|paypal)\\b`),
      re(`\\b(upgrade|upgrading) (your|ur|the) (zelle|cash ?app|venmo|paypal|account)`),
    ],
    types: { fake_payment_confirmation: 1.5 },
    tags: ['payment_trick'],
  },
  {
    id: 'friends_and_family',
    text: 'Asks for PayPal "friends and family" (no buyer/seller protection)',
    patterns: [
      re(`\\b(friends? (and|&|n) family|f ?(&|and) ?f)\\b|\\bavoid${win(20)}(paypal|goods and services) fees?`),
    ],
    types: { other: 0.3 },
    tags: ['payment_method'],
  },
  {
    id: 'payment_on_hold',
    text: 'Says the payment is held and will be released only after you do something (pay, ship, send a tracking number)',
    patterns: [
      re(
        `\\b(payment|funds?|money|transfer)${win(25)}\\b(is |are |has been |have been |was )?(on hold|pending|held|in escrow|awaiting|not yet released|temporarily held)${win(80)}\\b(until|unless|once|after|till)\\b`,
      ),
      re(
        `\\b(release|unlock|activate|credit)${win(20)}\\b(the |your )?(payment|funds?|money|transfer)${win(60)}\\b(fee|pay|send|tracking|shipping receipt)`,
      ),
      re(`\\b(account|you) (will be|shall be|gets?) credited${win(20)}\\b(once|after|when|as soon as)\\b`),
      re(
        `\\b(provide|send|upload)${win(20)}\\btracking (number|no|id|code|receipt)${win(60)}\\b(release|credit|funds|payment|confirm)`,
      ),
    ],
    types: { fake_payment_confirmation: 1.5 },
    tags: ['payment_trick'],
  },
  {
    id: 'fake_payment_confirmation',
    text: 'Points you to an e-mail "confirming" a payment: payment apps never ask the seller to act on such an e-mail',
    patterns: [
      re(
        `\\b(i'?ve|i have|i|we'?ve|we have|has been|was|have)( just| already)? (sent|made|completed|processed|paid)( you| the| your)?( the)? (payment|money|funds|transfer)${win(80)}\\b(check (your|ur) (e-?mail|inbox|spam|junk)|e-?mail)`,
      ),
      re(
        `\\bcheck (your |ur )?(e-?mail|inbox|spam( folder)?|junk( folder)?)${win(60)}\\b(payment|confirmation|paypal|zelle|cash ?app|venmo|funds|money|transfer)`,
      ),
      re(`\\b(payment|transfer) (confirmation|notification|receipt)${win(60)}\\b(zelle|paypal|cash ?app|venmo|bank)`),
    ],
    types: { fake_payment_confirmation: 1.2 },
    tags: ['payment_trick'],
  },
  // --- verification codes and account takeover
  {
    id: 'verification_code_request',
    text: 'Asks you to send them a verification code. That code lets them take over your account (or open a Google Voice number in your name)',
    patterns: [
      re(
        `(?<!\\b(do not|don'?t|never|not|dont) )\\b(send|give|tell|share|text|read|forward|provide|confirm|reply with|what(?:'?s| is))( me| us| it| back)*( back| over)?( the| that| this| your| ur| a)?( \\d[- ]?digit)?( verification| verify| confirmation| security| authentication| auth| one[- ]time| google( voice)?| sms| text| 6[- ]digit| login| access| otp)* (code|otp|passcode)s?\\b`,
      ),
      re(
        `\\b(code|otp)${win(40)}\\b(send|sent|text|texted)${win(20)}\\b(to )?(you|your phone)${win(40)}\\b(send|give|tell|share|read|forward)\\b`,
      ),
    ],
    types: { marketplace_verification_code: 1.2, phishing: 0.3 },
    typesElsewhere: { phishing: 0.8, bank_impersonation: 0.4 },
    tags: ['code'],
  },
  {
    id: 'google_voice_code',
    text: 'Mentions a Google Voice code: a known trick to open a phone number in your name',
    patterns: [re(`\\bgoogle voice${win(80)}\\bcode|\\bcode${win(80)}\\bgoogle voice\\b`)],
    types: { marketplace_verification_code: 2 },
    tags: ['code'],
  },
  {
    id: 'prove_you_are_real',
    text: 'Asks you to "prove you are real" (usually by reading back a code sent to your phone)',
    patterns: [
      re(
        `\\b(make sure|verify|prove|confirm|check)( that)? (you'?re|you are|ur|u r|u are)( a)? (real|legit|legitimate|genuine|not a (scam|scammer|bot|fake)|a real person|human)`,
      ),
    ],
    types: { marketplace_verification_code: 1 },
    tags: ['code'],
  },
  {
    id: 'sensitive_info_request',
    text: 'Asks for sensitive details (card number, PIN, password, SSN, bank login) that no legitimate sender asks for by message',
    patterns: [
      re(
        `\\b(send|give|provide|confirm|verify|update|enter|submit|need|share|reply with|fill in)${win(40)}\\b(ssn|social security number|sin number|(bank|account|routing) (number|details|info|login)|(credit|debit|atm) card (number|details|info|pin)|card (number|details)|cvv|cvc|security code on|expir(y|ation) date|mother'?s maiden name|(online banking|login|account) (password|credentials|details)|password|pin( number| code)?|date of birth|dob|passport|driver'?s licen[cs]e|aadhaar|pan card|kyc)\\b`,
      ),
    ],
    types: { phishing: 0.8, bank_impersonation: 0.5 },
    tags: ['credentials'],
  },
  {
    id: 'bank_staff_claim',
    text: "Claims to be your bank's fraud or security team contacting you",
    patterns: [
      re(
        `\\b((fraud|security|risk) (department|team|prevention|unit|desk)( at| of| from) (your|the) bank|(this is|calling from|we are) (your|the) bank('?s)?( fraud| security)?|your bank'?s (fraud|security) (department|team))\\b`,
      ),
    ],
    types: { bank_impersonation: 2 },
    tags: ['account'],
  },
  {
    id: 'account_alert',
    text: 'Reads like an account-security alert (unusual activity, verify your account) asking you to act',
    patterns: [
      re(
        `\\b(unusual|suspicious|unauthori[sz]ed|fraudulent|irregular|unrecogni[sz]ed|new) (activity|sign[- ]?in|log ?in|login attempt|transaction|charge|purchase|access|device)\\b`,
      ),
      re(
        `\\b(verify|confirm|update|validate|reactivate|unlock|restore|secure|re-?confirm)( your| ur| the)? (account|identity|card|details|information|info|billing|payment (method|details|information)|kyc|pan|login|profile|bank details)\\b`,
      ),
      re(
        `\\bdid you (make|authori[sz]e|attempt|request|initiate)( a| an| this)?( recent)?( [$£€]?\\d[\\d.,]{0,12}| (usd|eur|gbp) ?\\d[\\d.,]{0,12})?( online| card| zelle| wire)? (purchase|transaction|payment|charge|transfer|withdrawal|login|sign[- ]?in)\\b`,
      ),
      // "Reply YES if you did not make it" (not "Reply Y to confirm", which every appointment reminder says).
      re(
        `\\b(reply|text|respond)( with)? "?(yes|y|no|n|1|2)"?\\b${win(40)}\\b(if|to) (you |this )?(did|didn'?t|did not|not|authori[sz]e|recogni[sz]e)`,
      ),
      re(`\\b(your )?(kyc|e-?kyc|pan card|aadhaar)\\b${win(40)}\\b(update|expire|pending|block|verify|link)`),
    ],
    // The impersonated brand adds its own type (a bank -> bank impersonation), see CATEGORY_TYPE in brand-types.ts.
    types: { phishing: 0.5 },
    tags: ['account'],
  },
  // --- leaving the platform
  {
    id: 'off_platform',
    text: 'Wants to move the conversation off the platform (WhatsApp, Telegram, text, personal e-mail), where the platform cannot protect you',
    patterns: [
      re(
        `\\b(text|message|msg|contact|reach|email|e-mail|call|hit) (me|us)( directly)? (on|at|via|through|thru|by) (whatsapp|telegram|signal|wechat|kik|line app|hangouts|my (cell|number|personal|private|email|e-mail|gmail|phone))`,
      ),
      re(
        `\\b(move|continue|talk|chat|switch|communicate)( this| our| the)?( conversation| chat)? (to|on|over|via) (whatsapp|telegram|signal|hangouts|wechat|e-?mail|text)\\b`,
      ),
      re(`\\b(add|find|message|text|reach) (me|us) on (whatsapp|telegram|signal|wechat|kik|snapchat|line)\\b`),
      re(
        `\\b(message|text|contact|reach|chat with|add|call) (our|the|my|your) (courier|driver|agent|manager|team|support|assistant|mentor|teacher|coach|rider|dispatcher)( team)? (on|via|through) (whatsapp|telegram|signal|wechat|line)\\b`,
      ),
      re(`\\b(whatsapp|telegram)${win(20)}\\+?\\d[\\d -]{8,}`),
      re(
        `\\b(don'?t|do not|rarely|never) (check|use)${win(20)}(messenger|this app|app|marketplace|craigslist|offerup|here)\\b`,
      ),
    ],
    types: { other: 0.2, job_task: 0.3, marketplace_overpayment: 0.3 },
    tags: ['off_platform'],
  },
  // --- marketplace tricks
  {
    id: 'overpayment',
    text: 'Offers to pay more than the price and asks for the difference back: the original payment will bounce',
    patterns: [
      re(
        `\\b(sent|send|paid|pay|issued|made out|mail(ed)?|write|writing)${win(50)}\\b(extra|more than (the )?(asking|price|amount|agreed)|over (the )?(asking|price|amount)|additional \\$?\\d+)`,
      ),
      re(
        `\\b(refund|send back|return|reimburse|give back|wire back|transfer back)( me| to me| him| her| them)?( the)? (extra|excess|difference|balance|remaining|rest)\\b`,
      ),
      re(
        `\\b(overpa(id|y|yment)|excess (amount|funds|payment|money)|extra (money|funds|amount) (for|to) (the )?(shipping|mover|agent|courier|pick ?up))\\b`,
      ),
    ],
    types: { marketplace_overpayment: 1.5 },
    tags: ['marketplace_trick'],
  },
  {
    id: 'check_payment',
    text: "Wants to pay by cashier's check, certified check or money order, common in fake-cheque scams",
    patterns: [
      re(
        `\\b((cashier'?s?|certified|bank|company|business) (check|cheque)|money order|(mail|send|post)(ing)?( you)?( a| the| my)? (check|cheque)|(check|cheque)${win(20)}\\b(in the mail|will be mailed|has been mailed|mailed to you|deposit it))\\b`,
      ),
    ],
    types: { marketplace_overpayment: 1 },
    tags: ['marketplace_trick'],
  },
  {
    id: 'shipping_agent',
    text: 'Says their own "shipping agent", courier or mover will collect the item, a common marketplace scam script',
    patterns: [
      re(`\\b(my|our|the) (shipping|moving|pick[- ]?up|delivery|logistics) (agent|company|courier|service|guy|man)\\b`),
      re(
        `\\b(courier|shipper|mover|agent|shipping company)${win(20)}\\b(will|would|to|gonna) (come|pick|collect|handle|arrange)\\b`,
      ),
      re(
        `\\b(i'?ll|i will|we will|we'?ll|i'?m going to|i am going to) (arrange|send|hire|get)( a| the| my)? (courier|shipping|pickup|pick-up|mover|agent|fedex|ups|dhl)\\b`,
      ),
      re(
        `\\b(ups|fedex|dhl|usps|courier)${win(40)}\\b(pick ?up|collect)${win(30)}\\b(from you|your (house|place|home|address|location))`,
      ),
    ],
    types: { marketplace_overpayment: 1.2 },
    tags: ['marketplace_trick'],
  },
  {
    id: 'away_buyer',
    text: 'The buyer says they are away (out of town, deployed, offshore) and cannot meet',
    patterns: [
      re(
        `\\b(out of (town|state|the country)|on (a|an) (oil rig|ship|vessel|deployment)|deployed|offshore|working abroad|currently (abroad|overseas)|at sea|can'?t (come|meet) (in person|myself))\\b`,
      ),
    ],
    types: { marketplace_overpayment: 0.6, romance: 0.4 },
    tags: ['marketplace_trick'],
  },
  {
    // The rental scam (FTC: "rental listing scams"): the "owner" cannot show the place and wants the
    // deposit or rent first, or posts the keys. A real landlord shows it and hands the keys over.
    id: 'rental_pay_unseen',
    text: 'Wants rent or a deposit for a place you have not seen, or offers to post you the keys',
    patterns: [
      re(
        `\\b(mail|send|ship|post|courier|fedex|ups)(ing|ed)?( (you|to you))? the (house |apartment |door )?keys\\b|\\bkeys? (will be|can be|are)( then)? (mailed|shipped|sent|posted|couriered)\\b`,
      ),
      re(
        `\\b(deposit|rent|first month|holding fee|application fee)${win(80)}\\b(before|without) (you )?(even )?(seeing|viewing|visiting|see|view|visit)\\b|\\b(can'?t|cannot|unable to|won'?t be able to) (show|let you (see|in))${win(80)}\\b(deposit|rent|first month)\\b`,
      ),
    ],
    types: { advance_fee: 1 },
    tags: ['money', 'advance_fee'],
  },
  {
    id: 'accidental_payment',
    text: 'Claims to have sent you money "by mistake" and asks you to send it back',
    patterns: [
      re(
        `\\b(accidentally|mistakenly|by mistake|by accident|wrongly|erroneously) (sent|transferred|paid|deposited|credited)|(sent|transferred|paid|credited)${win(30)}\\b(by mistake|by accident|accidentally|to the wrong)|(wrong|mistaken) (transfer|payment|deposit)\\b`,
      ),
      // Swahili (M-PESA reversals): "nimekutumia pesa kimakosa ... nirudishie".
      re(
        `\\b(kimakosa|kwa makosa|nimekosea kutuma|nimekosea)\\b${span(120)}\\b(rudisha|nirudishie|nirudishia|irudishe|rejesha)\\b`,
      ),
    ],
    types: { fake_payment_confirmation: 0.8, other: 0.4 },
    tags: ['payment_trick'],
  },
  {
    id: 'refund_lure',
    text: 'Dangles a refund or reimbursement you have to claim through them',
    patterns: [
      re(
        `\\b(refund|reimbursement|rebate|compensation|cashback)${win(60)}\\b(click|claim|process|link|verify|confirm|submit|apply|eligible|entitled|approved|pending)\\b|\\b(eligible|entitled|approved) (for|to)( a| an| receive)?( tax)? (refund|rebate|reimbursement|compensation)\\b`,
      ),
    ],
    types: { phishing: 0.5, government_impersonation: 0.4, tech_support: 0.3 },
    tags: ['lure'],
  },
  // --- delivery, tolls, government, tech support, platforms
  {
    id: 'delivery_problem',
    text: 'Claims a parcel could not be delivered and asks you to act (pay a fee, confirm an address): the classic delivery text scam',
    patterns: [
      re(
        `\\b(package|parcel|shipment|delivery|item|order|consignment)${span(90)}\\b(on hold|held|could not be delivered|couldn'?t be delivered|cannot be delivered|can'?t be delivered|unable to (be )?deliver(ed)?|delivery (failed|attempt failed|was unsuccessful)|undeliverable|returned to (the )?sender|incomplete|invalid (address|zip)|address (is )?(incomplete|invalid|incorrect|wrong)|re-?deliver(y|ed)?|customs (fee|duty|charge|clearance)|(shipping|delivery|redelivery|handling) (fee|charge))`,
      ),
      re(
        `\\b(update|confirm|verify|complete|correct)( your| the)? (delivery|shipping|mailing)? ?(address|details|information)${win(40)}\\b(deliver|package|parcel|shipment|redeliver)`,
      ),
      re(`\\b(redelivery|re-delivery|reschedule (your |the )?delivery|schedule (a |your )?redelivery)\\b`),
    ],
    types: { delivery_smishing: 1.5 },
    tags: ['impersonation'],
  },
  {
    id: 'unpaid_toll',
    text: 'Claims you owe an unpaid toll: road-toll agencies do not text payment links threatening fines',
    patterns: [
      re(
        `\\b(unpaid|outstanding|overdue|past due)${win(20)}\\btoll|\\btoll${win(40)}\\b(unpaid|outstanding|overdue|violation|penalt(y|ies)|late fee)\\b`,
      ),
      re(
        `\\b(e-?z ?pass|sunpass|fastrak|txtag|ntta|i-?pass|toll ?tag|peach pass|good to go|the toll roads)\\b${span(100)}\\b(unpaid|outstanding|overdue|penalt|avoid|late fee|settle)`,
      ),
    ],
    types: { toll_smishing: 2 },
    tags: ['impersonation'],
  },
  {
    id: 'government_claim',
    text: 'Claims to be a tax or government agency (IRS, SSA, HMRC, CRA...) demanding action by message, which they do not do',
    patterns: [
      re(
        `\\b(irs|internal revenue service|social security (administration|number|benefits)|ssa|hmrc|hm revenue|cra|canada revenue|service canada|medicare|uscis|immigration|dmv|department of (motor vehicles|revenue|treasury|labor)|ato|mygov|income tax department|tax (office|authority|department))\\b${span(140)}\\b(suspend|refund|owe|owing|debt|arrest|warrant|verify|claim|eligible|pay|penalt|lawsuit|case|unpaid|outstanding|overdue|click|call|final|legal|stimulus|rebate)`,
      ),
      re(
        `\\b(tax (refund|rebate|return|debt|owed|arrears|bill)|stimulus (check|payment)|(unclaimed|pending|outstanding|emergency) (tax )?refund)${span(100)}\\b(click|claim|verify|call|link|submit|apply|receive|eligible|owe|pay|form|process)\\b`,
      ),
    ],
    types: { government_impersonation: 2 },
    tags: ['impersonation'],
  },
  {
    id: 'benefit_lure',
    text: 'Says you are entitled to a refund, grant or relief payment you never applied for',
    patterns: [
      re(
        `\\b(you are|you'?re|you have been|citizens are|residents are|households are|u r|you r) (now )?(entitled|eligible|approved|due|qualified)( to| for)?${span(50)}\\b(refund|rebate|grant|relief|stimulus|compensation|benefit|allowance|subsidy|bonus)\\b`,
      ),
      re(
        `\\b(covid(-?19)?|pandemic|coronavirus|stimulus|relief|inflation|energy|cost of living) (grant|relief (payment|fund)|payment|refund|rebate|support payment|subsidy)${win(60)}\\b(claim|redeem|apply|collect|receive|click|contact|visit)\\b`,
      ),
      re(
        `\\b(selected|approved|shortlisted|qualified|eligible)${win(60)}\\b(palliative|grant|cash aid|ayuda|relief fund|empowerment (fund|grant)|stimulus)\\b${span(100)}\\b(register|claim|apply|bvn|nin|click|visit|details)\\b`,
      ),
    ],
    types: { government_impersonation: 1.2, advance_fee: 0.4 },
    tags: ['money'],
  },
  {
    id: 'loan_offer',
    text: 'Unsolicited loan or finance offer (instant approval, no checks), a common lead-in to advance-fee fraud',
    patterns: [
      re(
        `\\b((instant|personal|business|easy|quick|fast|cash|pre-?approved|guaranteed|low[- ]interest) loans?|(instant|easy|quick|fast|pre-?approved|guaranteed) (finance|credit)|(finance|loans?|funds?) (arranged|sanctioned|approved|available) (on|for|within|in|without)|loans? (up to|from) [$£€₹]?\\d|no (credit|cibil) (check|score))\\b`,
      ),
    ],
    types: { loan: 2, advance_fee: 0.3 },
    tags: ['money'],
  },
  {
    id: 'adult_lure',
    text: 'Adult or dating lure from a stranger (girls waiting, adult chat), typical of premium-rate and subscription traps',
    patterns: [
      re(
        `\\b((adult|xxx|filthy|naughty|horny|dirty|sexy|hot|lonely|local) (parties|party|chat|stories|pics|photos|videos|singles|girls|babes|women|ladies|dates?|hookups?|flirt)|(girls|singles|babes|ladies|women) (are )?(waiting|near you|in your area|want to (meet|chat))|(hook ?up|dating|flirt) (tonight|service|site|line))\\b`,
      ),
    ],
    types: { spam: 1, romance: 0.5 },
    tags: ['lure'],
  },
  {
    id: 'tech_support',
    text: 'Tech-support scare (virus, hacked device, subscription renewal) pushing you to call or allow remote access',
    patterns: [
      re(
        `\\b(virus(es)?|malware|trojan|spyware|hack(ed|ers?)|infected|compromised|pornographic)${span(100)}\\b(call|contact|support|technician|helpline|toll[- ]free|immediately)\\b`,
      ),
      re(
        `\\b(microsoft|windows|apple|norton|mcafee|geek squad|best buy|amazon|paypal|coinbase)${win(20)}\\b(support team|technician|help ?desk|security (team|alert|department|center)|billing (team|department))\\b|\\b(microsoft|windows|apple|norton|mcafee) (support|tech support|technical support)\\b`,
      ),
      re(
        `\\b(subscription|membership|order|plan|invoice)${win(40)}\\b(auto[- ]?renew(ed|al)?|renewed|renewal|charged|will be charged|has been charged|debited)${span(160)}\\b(call|cancel|contact|dispute|refund)\\b`,
      ),
      re(
        `\\b(charge|purchase|order) of [$£€]?\\d[\\d,.]*${span(100)}\\b(if (you )?(did not|didn'?t|do not|don'?t) (make|authori[sz]e|place|recogni[sz]e)|not you)${span(60)}\\b(call|contact|dial)\\b`,
      ),
      re(`\\b(remote access|anydesk|teamviewer|ultraviewer|rustdesk|supremo|screen ?connect)\\b`),
    ],
    types: { tech_support: 2 },
    tags: ['impersonation'],
  },
  {
    id: 'platform_impersonation',
    text: 'Pretends to be the platform itself (Facebook, Marketplace, eBay, Amazon...) warning about your account or listing',
    patterns: [
      re(
        `\\b(facebook|meta|marketplace|craigslist|offerup|ebay|etsy|amazon|instagram|whatsapp)${win(20)}\\b(security|support|team|policy|violation|appeal|verification|compliance|admin(istrator)?|protection)( team| center| department)?\\b${win(80)}\\b(verify|confirm|appeal|click|link|disabled|suspend|restricted|violation|review|form)`,
      ),
      re(
        `\\byour (page|account|listing|store|shop|ad|post)${win(15)}\\b(will be|has been|was|is)( permanently| temporarily)? (disabled|deleted|removed|suspended|restricted|flagged|reported|unpublished)\\b`,
      ),
      re(`\\b(copyright|community standards|trademark|policy) (violation|infringement)\\b`),
    ],
    types: { phishing: 1.2 },
    tags: ['impersonation'],
  },
  // --- prizes, jobs, investment, romance, family
  {
    id: 'prize',
    text: 'Says you have won a prize, lottery or reward you never entered for',
    patterns: [
      re(
        `\\b(you('?ve| have)? (won|been selected|been chosen|been awarded)|you are (a |our )?(lucky )?winner|winner|congratulations${win(40)}\\b(won|selected|winner|prize|reward|awarded|chosen)|claim (your|the|ur) (prize|reward|gift|winnings|cash|award)|lottery|sweepstakes?|jackpot|lucky (draw|winner|customer)|(cash|mystery|guaranteed) (prize|reward|award)|prize draw|giving away (a |an |my |our |free )?[a-z]{0,12} ?(iphone|ipad|car|piano|cash|gift|\\$)|free (iphone|ipad|gift card|vacation|cruise|entry|holiday|camera|tickets?)|\\bwon (a|an|the|\\$|£))`,
      ),
    ],
    types: { prize_lottery: 2.5 },
    tags: ['prize'],
  },
  {
    id: 'premium_sms',
    text: 'Premium-rate text service wording (text a keyword to a short code, per-message charges)',
    patterns: [
      re(`\\b(text|txt|send|reply)( the word)? "?[a-z]{2,10}"? to \\d{4,6}\\b`),
      re(
        `\\b\\d+(\\.\\d+)?p ?(\\/|per) ?(msg|min|txt|text|wk|week|call)\\b|[£$]\\d+(\\.\\d+)?\\/(msg|min|wk|week|txt)\\b|\\b(std|standard) (txt|text|network|msg) rate|\\b(16|18)\\+`,
      ),
    ],
    types: { spam: 1, prize_lottery: 0.5 },
    tags: ['lure'],
  },
  {
    id: 'job_task',
    text: 'Job offer that pays well for simple online tasks (liking, rating, "optimising" products): the task-scam script',
    patterns: [
      re(
        `\\b(simple|easy|online) (tasks?|work|job)${win(80)}\\b(\\$|usd|earn|paid|pay|salary|income|commission|per day|daily)`,
      ),
      re(
        `\\b(like|rate|review|rating|optimi[sz](e|ing|ation)|boost|submit|complete)${win(30)}\\b(products?|videos?|apps?|hotels?|orders?|data|tasks?)${win(50)}\\b(earn|commission|paid|pay|salary|income|\\$)`,
      ),
      re(
        `\\b(earn|make|pay(ing)?|salary|income|get paid)${win(30)}(\\$ ?\\d{2,5}|\\d{2,5} ?(usd|dollars|\\$))${win(30)}\\b(per|a|\\/|each|every) ?(day|hour|hr|week|task)\\b`,
      ),
      re(`\\bcommission (per|for each|on each) (task|order|product)|\\b(daily|weekly) (salary|pay|income) of\\b`),
      re(
        `\\b(recruit(er|ment|ing)|hr|hiring|talent)( manager| team| department| specialist| agent)?${win(80)}\\b(whatsapp|telegram|flexible hours|part[- ]time|remote|work from home|no experience)`,
      ),
      re(
        `\\b(work from home|part[- ]time|remote)${win(40)}\\b(job|position|opportunity|work)${win(80)}\\b(\\$ ?\\d{2,4}|\\d{2,4} ?(usd|dollars)|per day|daily pay|no experience)`,
      ),
    ],
    types: { job_task: 2 },
    tags: ['job'],
  },
  {
    id: 'task_deposit',
    text: 'Asks you to top up or deposit money to unlock tasks, orders or withdrawals',
    patterns: [
      re(
        `\\b(recharge|top[- ]?up|deposit|prepay|reset|pay)${win(40)}\\b(to (unlock|continue|withdraw|complete|receive|activate)|combo (order|task)|negative balance|unlock (your )?(tasks?|orders?|account|withdrawal))|\\bnegative balance\\b|\\b(withdrawal|withdraw)${win(40)}\\b(fee|tax|deposit|unlock|frozen)\\b`,
      ),
    ],
    types: { job_task: 1.5, crypto_investment: 0.5 },
    tags: ['payment_trick'],
  },
  {
    id: 'investment_pitch',
    text: 'Promises investment or trading profits (guaranteed returns, a mentor, a special platform)',
    patterns: [
      re(
        `\\b(investment|invest(ing)?|trading|crypto|forex|gold|futures|mining|arbitrage|stocks?)${win(80)}\\b(profits?|returns?|guaranteed|mentor|teacher|analyst|platform|signals?|earned|earnings|made \\$)`,
      ),
      re(
        `\\b(my (uncle|aunt|mentor|teacher|cousin|friend)|insider)${win(60)}\\b(invest|trading|crypto|profit|stock|platform)\\b`,
      ),
      re(
        // A rate per period is a return unless it is a loan's or card's ("0.45% monthly add-on rate").
        `\\b\\d{1,4} ?% (profit|return|gains?|roi)\\b|\\b\\d{1,4} ?% (daily|weekly|monthly)\\b(?! (add-on|interest|rate|installments?|amortization|fee))|\\b(guaranteed|risk[- ]free|passive) (profit|returns?|income|investment)|double your (money|investment|bitcoin|crypto)`,
      ),
    ],
    types: { crypto_investment: 1.5 },
    tags: ['investment'],
  },
  {
    id: 'wrong_number_opener',
    text: '"Wrong number" or "is this ...?" opener from a stranger, the usual start of romance and investment (pig-butchering) scams',
    patterns: [
      re(
        `\\b(sorry|oh|oops|apologi[sz]e)${win(40)}\\b(wrong number|wrong person|texted the wrong|sent (this )?to the wrong|mistakenly (texted|added)|wrong contact)`,
      ),
      re(`\\b(is this|are you|am i (speaking|texting) (to|with)) (mr|mrs|ms|miss|dr|coach|auntie|uncle)\\.? [a-z]+`),
      re(
        `\\b(found|got|saw) your (number|contact|profile)${win(30)}\\b(from|in|on|through)\\b|\\byour (number|contact) (was|is) (in|on|saved in) my (contacts|phone)`,
      ),
      re(
        `\\b(we|i) met (at|on|in)${win(40)}\\b(last|the other|yesterday|golf|party|conference|event|retreat|wedding|gym|class)\\b`,
      ),
      re(
        `\\blong time no (see|talk|hear|chat)\\b|\\b(do you|don'?t you|you don'?t) remember me\\b|\\bare you still (living |working )?(in|at) [a-z]{3,20}\\?`,
      ),
      re(
        `\\bare you [a-z]{2,15}'?s (friend|colleague|cousin|neighbou?r|classmate)\\b|\\b(he|she|they|[a-z]{2,15}) (gave|shared|passed) me your (number|contact)\\b`,
      ),
    ],
    types: { other: 1, crypto_investment: 0.4, romance: 0.4 },
    // In an e-mail the same words open a colleague's or a recruiter's mail ("long time no see", "we met at the
    // conference"); a stranger's opener is a text or a chat.
    chatOnly: true,
    tags: ['opener'],
  },
  {
    id: 'money_received_opener',
    text: 'A stranger says money arrived from you and asks you to reply: a common opener that leads to a "refund" or a conversation',
    patterns: [
      re(
        `\\b(i|we) (just )?(received|got) (your|the|a|an) (\\$ ?\\d[\\d,.]*|[\\d,.]+ ?(dollars|usd|pesos|rupees)|transfer|payment|money|deposit|e-?transfer|zelle|venmo|cash ?app)${win(60)}\\b(is it for|is this for|was it for|who (is|are) (you|this)|did you mean|please (reply|confirm|let me know)|let me know|reply)`,
      ),
    ],
    types: { other: 1, fake_payment_confirmation: 0.5 },
    tags: ['opener'],
  },
  {
    id: 'property_cash_offer',
    text: 'An unsolicited offer to buy your house or land for cash, a common opener of property and "wholesaler" scams',
    patterns: [
      re(
        `\\b(cash offer (on|for)|buy|buying|purchase|purchasing) (your|the) (property|house|home|land)${span(80)}\\b(cash|offer|as[- ]is|quick(ly)?|fast|close)\\b|\\bcash offer (on|for) (your|the) (property|house|home|land)\\b|\\b(would|will) you (consider|entertain) (a |an )(cash )?offer (on|for) (your|the) (property|house|home|land)\\b|\\bwe buy houses\\b`,
      ),
    ],
    types: { other: 1 },
    // A buyer answering a listing on a marketplace says "interested in your house" too.
    tags: ['opener'],
  },
  {
    id: 'romance',
    text: 'Romance-scam script (sweet talk from someone you have not met, overseas job, money for travel or customs)',
    patterns: [
      re(
        `\\b(my (dear|darling|love|sweetheart|beloved|honey|queen|king)|dear|darling|honey|sweetheart|baby)\\b${span(100)}\\b(send (me )?(money|\\$|bitcoin|btc|crypto)|western union|gift cards?|customs (fee|clearance)|(flight|plane) ticket|hospital bill|visa fee|stuck (at|in))`,
      ),
      re(
        `\\b(soldier|army|military|deployed|peacekeeping|oil rig|offshore|engineer|surgeon|doctor|contractor)${win(30)}\\b(syria|afghanistan|iraq|yemen|un\\b|united nations|offshore|rig|ship|abroad|overseas)`,
      ),
      re(
        `\\b((can'?t|cannot) wait to (meet|see|hold) you|(fallen|falling|fell) in love|god (brought|sent) you|soul ?mate|(flight|plane) ticket to (see|visit|come)|visa fee|customs (fee|clearance)|stuck (at|in) (the )?(airport|customs)|widow(er)?\\b)`,
      ),
    ],
    types: { romance: 2 },
    tags: ['romance'],
  },
  {
    id: 'new_number',
    text: 'Claims to be someone you know texting from a "new number" or a lost/broken phone',
    patterns: [
      re(
        `\\b(this is|it'?s|its) (my|me on my) (new|other|temporary|temp|friend'?s) (number|phone|mobile)|\\b(new|my new|changed (my )?|got a new) (phone )?(number|phone|mobile)\\b${win(40)}\\b(save|delete|old|lost|broke|broken|this one|it'?s me|mum|mom|dad)`,
      ),
      re(`\\b(texting|messaging|writing) (you )?(from|on) (a|my) (friend'?s|new|temporary|temp) (phone|number)`),
      re(`\\b(save|add) (my|this) new (number|no|phone)\\b|\\bthis is my new (number|phone|no)\\b`),
    ],
    types: { family_emergency: 1.5 },
    tags: ['family'],
  },
  {
    id: 'lost_phone',
    text: 'Explains a lost or broken phone, the usual excuse for writing from an unknown number',
    patterns: [
      re(
        `\\b(lost|broke|broken|dropped|smashed|cracked) my (phone|mobile|cell)${span(80)}\\b(new (number|phone)|this number|save|old number)|\\b(phone|mobile) (is )?(broken|lost|stolen|smashed)${span(60)}\\b(new (number|phone)|this number|save)`,
      ),
    ],
    types: { family_emergency: 1 },
    tags: ['family'],
  },
  {
    id: 'family_address',
    text: 'Opens with "Hi Mum/Dad" or "It is your son/daughter" from an unknown number',
    patterns: [
      re(
        `^${W}{0,10}\\b(hi|hello|hey|hiya) (mum|mom|mam|dad|mummy|mommy|mama|papa|grandma|grandpa|nan|nana|granny)\\b|\\b(this is|it'?s|it is) (your|ur) (son|daughter|grandson|granddaughter|kid|child|boy|girl)\\b|\\b(grandma|grandpa|granny|nana|mum|mom|dad),? (it'?s|it is) me\\b`,
      ),
    ],
    types: { family_emergency: 1 },
    tags: ['family'],
  },
  {
    id: 'emergency_plea',
    text: 'Describes an emergency (accident, arrest, hospital, stranded) that needs money fast',
    patterns: [
      re(
        `\\b(been in|was in|had|got into|involved in) (an? )?(car )?(accident|crash|trouble)|\\b(in|at) (the )?(hospital|jail|police station|custody)\\b|\\bbail (money)?\\b|\\b(arrested|locked up|stranded|stuck (abroad|overseas|at the airport))\\b|\\b(hospital|medical|lawyer|bail|rent|bill)${win(30)}\\b(can'?t|cannot|unable to) (pay|afford)`,
      ),
    ],
    types: { family_emergency: 1.2 },
    tags: ['emergency'],
  },
  {
    id: 'secrecy',
    text: 'Asks you to keep it secret or not to call back, so nobody can warn you',
    patterns: [
      re(
        `\\b(don'?t|do not|please don'?t|pls don'?t|dont) (tell|call|inform|mention (this|it) to) (mom|mum|dad|anyone|anybody|my (parents|mom|dad|mum)|the bank|your bank|family)|\\b(keep (this|it) (between us|secret|confidential|private))|\\b(can'?t|cannot) (talk|call|speak) (right )?now${win(40)}\\b(text|money|send|pay|need)`,
      ),
    ],
    types: { family_emergency: 0.6, romance: 0.3, government_impersonation: 0.3, tech_support: 0.3 },
    tags: ['secrecy'],
  },
  {
    id: 'money_request',
    text: 'Asks you to send money',
    patterns: [
      re(
        `\\b(send|transfer|lend|loan|wire|pay) (me|us|him|her)( some| the)? (money|cash|funds|\\$ ?\\d+|\\d+ ?(dollars|usd|pounds|quid))|\\b(can|could) you (please |pls )?(send|transfer|pay|lend|help me (with|pay))${win(40)}(money|\\$|£|bill|payment|rent|fee|invoice|\\d)`,
      ),
      re(
        `\\b(need|needs)( to borrow)?( some| the)? (money|\\$ ?\\d+|£ ?\\d+|\\d+ ?(dollars|usd|pounds|quid))${win(40)}\\b(urgently|asap|today|now|right away|immediately|tonight)`,
      ),
      re(`\\bpay (a|the|this) (small |one[- ]time |refundable )?(fee|charge|deposit)\\b`),
      re(
        `\\b(send|give|transfer|pay|refund|return) (it|the money|the funds|them|the \\$?\\d+) back\\b|\\b(return|refund) (it|the money|the funds) to me\\b`,
      ),
    ],
    types: { family_emergency: 0.4, advance_fee: 0.4, romance: 0.3 },
    tags: ['money'],
  },
  {
    id: 'upfront_fee',
    text: 'Asks for a fee up front (processing, release, clearance, customs, activation) before you receive something',
    patterns: [
      re(
        `\\b(processing|release|clearance|handling|activation|transfer|registration|redelivery|customs|admin(istration|istrative)?|insurance|verification|unlock(ing)?|security|delivery|shipping) (fee|charge|cost|payment)\\b${win(60)}\\b(pay|send|required|must|need|only|\\$|£|usd)|\\b(pay|send)${win(30)}\\b(processing|release|clearance|handling|activation|registration|redelivery|customs|verification|unlock(ing)?) (fee|charge)`,
      ),
    ],
    types: { advance_fee: 1, delivery_smishing: 0.5, prize_lottery: 0.4, job_task: 0.3 },
    tags: ['money'],
  },
  {
    id: 'advance_fee_story',
    text: 'Advance-fee story (inheritance, unclaimed millions, diplomat, consignment, ATM card)',
    patterns: [
      re(
        `\\b(inheritance|next of kin|beneficiary|unclaimed (funds?|inheritance|deposit)|barrister|diplomat(ic)?|consignment box|atm (card|master ?card)|compensation (fund|payment|package)|(\\d+(\\.\\d+)?|one|two|five|ten|fifteen|twenty) million (united states |us )?(usd|dollars|pounds|euros?)|foreign (partner|business partner)|deceased (client|customer)|fund (transfer|release|transaction)|(bank|finance) (director|manager) (in|of) (nigeria|ghana|benin|togo|burkina))\\b`,
      ),
    ],
    types: { advance_fee: 2 },
    tags: ['advance_fee'],
  },
  {
    id: 'extortion',
    text: 'Threatens to publish a recording, photos or your secrets unless you pay: extortion, which nobody should pay',
    patterns: [
      re(
        `\\b(recorded|filmed|captured|video of) you\\b|\\b(webcam|camera)${win(60)}\\b(recorded|record|video|footage)\\b|\\b(intimate|private|explicit|compromising|nude|naked) (photos?|pictures?|videos?|images?|recordings?)\\b`,
      ),
      re(
        `\\b(send|share|forward|leak|publish|post|release|expose|upload)${win(40)}\\b(to )?(all )?(your )?(contacts|family|friends|colleagues|employer|wife|husband|followers|social media)\\b${span(160)}\\b(unless|if you (do not|don'?t)|pay|bitcoin|btc|\\$)|\\b(pay|send|transfer)${span(160)}\\b(or|otherwise|else) (i|we) (will )?(send|share|forward|leak|publish|post|release|expose)\\b`,
      ),
      re(
        `\\b(i|we) (know|have) your (password|passcode)\\b|\\b(i|we) (hacked|have access to|infected) your (device|computer|phone|account|email)\\b|\\b(hitman|hired to (kill|hurt))\\b${span(160)}\\b(pay|bitcoin|btc|\\$|transfer)`,
      ),
    ],
    types: { extortion: 3 },
    tags: ['threat'],
  },
  {
    id: 'renewal_callback',
    text: 'Says you were charged for a renewal or order you may not know, and gives a number to call to cancel: the fake-invoice call-back',
    patterns: [
      re(
        `\\b(subscription|membership|renewal|plan|license|licence|antivirus|protection)${win(60)}\\b(auto[- ]?renew(ed|al)?|renewed|charged|will be (charged|debited|deducted)|has been (charged|debited|deducted|processed|renewed)|debited|deducted)${span(200)}\\b(call|dial|contact|reach|ring)${win(40)}\\d`,
      ),
      re(
        `\\b(to (cancel|stop|dispute) (this|the|your) (renewal|order|subscription|membership|plan|charge)|for (a )?(refund|cancellation)|if you (did not|didn'?t|do not|don'?t) (authori[sz]e|place|want) (this|the) (order|renewal|subscription|charge))${span(80)}\\b(call|dial|contact|ring)${win(40)}(\\+?1[ -]?)?\\(?8\\d\\d\\)?`,
      ),
    ],
    types: { fake_invoice: 3 },
    tags: ['lure'],
  },
  {
    id: 'invoice_payment_due',
    text: 'An invoice or payment said to be overdue, with a way to pay that you should check against the supplier you know',
    patterns: [
      re(
        `\\b(invoice|bill|payment|balance|statement)${win(40)}\\b(overdue|past due|outstanding|unpaid|due immediately|final notice)\\b|\\b(overdue|past due|outstanding|unpaid) (invoice|bill|payment|balance)\\b`,
      ),
    ],
    types: { fake_invoice: 2 },
    tags: ['money'],
  },
  {
    id: 'recovery_offer',
    text: 'Offers to recover money you lost to a scam: recovery services that ask for a fee are the same scammers again',
    patterns: [
      re(
        `\\b(recover|recovery of|get back|retrieve|reclaim|trace)${win(30)}\\b(your |their |my |the |lost |stolen |scammed )*(funds?|money|crypto|bitcoin|btc|investments?|assets|deposit)\\b`,
      ),
      re(
        `\\b(lost|scammed|stolen)${win(40)}\\b(funds?|money|crypto|bitcoin|investment)${span(120)}\\b(recover|get (it|them|your money|my money) back|got (it|my money|everything) back|helped me)\\b`,
      ),
      re(
        `\\b(fund|funds|asset|crypto|bitcoin) recovery\\b|\\brecovery (expert|agent|specialist|firm|team|hacker|service)s?\\b`,
      ),
    ],
    types: { recovery: 3 },
    tags: ['money'],
  },
  {
    id: 'payment_details_change',
    text: 'Says the bank details for a payment have changed: confirm any change on a number you already have before paying',
    patterns: [
      re(
        `\\b(changed|change of|updated?|new|switched|moved)( our| my| the| your)? (bank(ing)?|account|payment|remittance|payroll|direct deposit)( details| information| info| account)?\\b${span(160)}\\b(pay|payment|invoice|rent|salary|transfer|remit|deposit|sort code|iban|routing|account (number|no))`,
      ),
      re(
        `\\b(pay|send|transfer|remit|make (all )?(future )?payments?)${win(60)}\\b(to )?(our|my|the) (new|updated|other|alternative|alternate) (bank |account|details)`,
      ),
      re(
        `\\b(bank(ing)?|account|payment|remittance) (details|information|info|account)( have| has)? (changed|been (changed|updated))\\b`,
      ),
    ],
    types: { payment_redirect: 3 },
    tags: ['money'],
  },
  {
    id: 'boss_request',
    text: 'A boss or colleague who cannot talk asks for an urgent favour or payment: confirm it with them on a number you know',
    patterns: [
      re(
        `\\b(in a meeting|can'?t (talk|take calls?)|cannot (talk|take calls?)|are you (available|free|at your desk)|quick (favou?r|task)|need a favou?r|keep (this|it) (discreet|confidential))\\b${span(200)}\\b(gift ?cards?|wire|transfer|payment|pay|purchase|buy|send)\\b`,
      ),
    ],
    types: { payment_redirect: 3 },
    tags: ['impersonation'],
  },
  {
    id: 'fake_shop_offer',
    text: 'A shop with prices far below normal that takes only bank transfers or wallets, with no buyer protection',
    patterns: [
      re(
        `\\b([5-9]\\d) ?% off\\b${span(200)}\\b(bank transfer|transfer only|gcash|zelle|cash ?app|paynow|upi|e-?transfer|crypto|western union)\\b|\\b(bank transfer|gcash|zelle|cash ?app|paynow|upi|e-?transfer|crypto|western union) only\\b`,
      ),
      re(
        `\\b(clearance|closing down|warehouse|factory) (sale|outlet|price)${span(120)}\\b(nike|adidas|jordan|yeezy|rolex|gucci|louis vuitton|lv|iphone|ps5|dyson|airpods|ray-?ban)\\b`,
      ),
    ],
    types: { fake_shop: 3 },
    tags: ['money'],
  },
  {
    id: 'guided_investment',
    text: 'Offers to guide you into an investment with a deposit to start: the turn of a "friendship" into an investment scam',
    patterns: [
      re(
        `\\b(i|we) (will|can|could|'?ll) (guide|teach|show|help|coach|mentor) you${win(80)}\\b(invest|trade|trading|profit|platform|deposit|earn|crypto|gold|forex)|\\b(invest|trade|trading|profit|platform|crypto|gold|forex)${span(120)}\\b(i|we) (will|can|'?ll) (guide|teach|show|coach|mentor) you\\b`,
      ),
      re(
        `\\b(start|begin|open (an )?account|deposit|invest)${win(30)}\\b(with )?(just |only |as little as )?(\\$ ?\\d[\\d,]*|\\d[\\d,]* ?(usdt|usd|dollars|btc|eth))\\b${span(100)}\\b(profit|return|earn|platform|trading|guide)|\\b(usdt|trading platform|trading app)${span(80)}\\b(deposit|top ?up|start with)\\b`,
      ),
    ],
    types: { crypto_investment: 3 },
    tags: ['investment'],
  },
  {
    id: 'investment_testimonial',
    text: 'A testimonial of money made with a trader or "account manager", pointing you to them: the investment-scam advert in comments and group chats',
    patterns: [
      re(
        `\\b(made|earned|profit(ed)?|withdrew|cashed out|recovered)${win(30)}(\\$ ?\\d[\\d,.]*k?|\\d[\\d,.]*k\\b|\\d[\\d,.]* ?(usd|dollars|btc|usdt))${win(60)}\\b(thanks to|with the help of|all thanks to|courtesy of) @?[a-z0-9_.]{3,30}`,
      ),
      re(
        `\\b(dm|message|contact|text|reach( out to)?|write to|whatsapp|inbox) (her|him|them|@[a-z0-9_.]{3,30})${win(80)}\\b(legit|trad|invest|profit|earn|portfolio|crypto|forex|account manager|recover|expert|mentor)|\\b(legit|trad(er|ing)|invest(ment|or)?|profit|earn(ed|ing)?|portfolio|crypto|forex|account manager|expert|mentor)${win(80)}\\b(dm|message|contact|text|reach out to|write to|inbox) (her|him|them|@[a-z0-9_.]{3,30})\\b`,
      ),
      // "I put in $800 and got $9,400 back": a start and a return, in either order. A sum here has a currency
      // sign, a currency word or a "k" (RETURN_SUM), so "2 weeks" or "3 days" is never one.
      re(
        `\\b(invest(ed|ing)?|deposit(ed|ing)?|start(ed)?|capital|put in|with (just|only|a little|a small))\\b${win(30)}${RETURN_SUM}${win(80)}\\b(got|gotten|received?|receiving|earn(ed|ing)?|made|making|returns?|profits?|payouts?|cash(ed|ing)? ?out|withdr[ae]w|withdrawals?)\\b${win(25)}${RETURN_SUM}`,
      ),
      re(
        `\\b(got|received?|receiving|earn(ed|ing)?|made|making|profits?( of)?|returns?( of)?|payouts?( of)?)\\b${win(20)}${RETURN_SUM}${win(50)}\\b(after|from|with) (just |only |an? |my )?((initial |small )?(investment|deposit|capital|start[- ]?up( capital)?|investing|depositing) (of )?)?${RETURN_SUM}`,
      ),
      // A payout of one's own of a thousand or more, thanked to someone, or made "from" or "with" a handle (a tag
      // or a name with an underscore: "@linda_trades", "#markus_wealth"). A receipt ("your payment of $45,
      // thank you") is the other way round; money "received from $kendra_lee" is a payment app's notice, not
      // a testimonial; and a name without a mark is not read as a handle.
      re(
        `\\b(got paid|paid me|my (payment|payout|profits?|withdrawal|returns?|earnings)|(another|a|first|latest) (payout|withdrawal|cash ?out|profit)|cash(ed)? ?out|withdrew)( of)?${win(25)}${BIG_SUM}${span(100)}\\b(thanks?|thank you|grateful|god bless|recommend)\\b`,
      ),
      re(
        `\\b(made|earned|got paid|cashed out|withdrew)( over| about| up to)? ${BIG_SUM}${win(30)}\\b(from|with|by|through|via|courtesy of)[ .,]{1,3}(#[a-z0-9_.]{3,30}|[a-z0-9.]{1,25}_[a-z0-9_.]{0,25})`,
      ),
      // Praise or thanks beside a trader's handle: a handle that joins an earnings word to a name ("@earn_with_
      // maria", "#finance_with_camellia_", "@lisa_sherwood_fx"). An ordinary "@name" or "#crypto" is not one.
      // The handle is what it points at; the praise is looked for around it, never the other way round.
      re(`${INVESTMENT_HANDLE}((?=${span(150)}\\b${PRAISE})|(?<=\\b${PRAISE}${span(200)}))`),
    ],
    types: { crypto_investment: 2, recovery: 0.5 },
    tags: ['investment', 'off_platform'],
  },
  {
    id: 'click_link_action',
    text: 'Pushes you to tap a link to sort it out',
    patterns: [
      re(
        `\\b(click|tap|visit|open|follow|go to|log ?in (at|via|here)|sign ?in (at|here)|use) (the |this |our )?(link|url|here|below|now|website|site|portal)\\b|\\bclick here\\b`,
      ),
    ],
    tags: ['link_cta'],
  },
  // --- signs of an ordinary conversation (negative weights)
  {
    id: 'local_cash_pickup',
    text: 'Talks about meeting in person, collecting in person or paying cash, which a scammer far away cannot do',
    patterns: [
      re(
        `\\b(cash (only|ok|is fine|works|on pick ?up|in hand)|(?<!\\b(?:cousin|mover|movers|agent|courier|shipper|driver|assistant|friend|brother|sister|son|daughter|husband|wife|uncle|nephew|someone|company) (?:will|can|to|would|should|is going to) )(pick|picking) (it |them )?up|meet (at|in|up|you)|local pick ?up|come (by|get it|see it|look at it)|porch pick ?up|can i (come|see it)|what time (works|is good)|i can come)\\b`,
      ),
    ],
    chatOnly: true,
    tags: ['reassurance'],
  },
  {
    id: 'service_notice',
    text: 'Reads like an ordinary appointment, order or pickup notice that asks for nothing',
    patterns: [
      re(
        `\\b(your )?(bill|statement|invoice|e-?statement)( of [$£€]?\\d[\\d.,]*)? (is|are) (now )?(ready|available)\\b|\\bwill be (paid|charged|debited|collected) automatically\\b|\\bif (this|it) was you,? (no (further )?action is (needed|required)|you can (safely )?ignore)|\\b(is |was )?out for delivery\\b|\\breminder:? (your|you have an?) (appointment|visit|booking|reservation)\\b|\\breply (c|y|yes|1) to confirm\\b`,
      ),
      re(
        `\\b(your |the )?(appointment|reservation|booking|table|visit|consultation) (is |has been |was )?(confirmed|booked|scheduled|rescheduled)\\b|\\b(your |the )(prescription|order|food|pizza|meal|table|car|repair|dry cleaning|laundry|photos?|click ?(&|and) ?collect order|collection) (is|are) (ready|being prepared|on (its|the) way)\\b|\\bready for (pick ?up|collection)\\b`,
      ),
    ],
    tags: ['reassurance', 'notice'],
  },
  {
    id: 'otp_notice',
    text: 'Looks like an automatic one-time code notification that tells you not to share the code',
    patterns: [
      re(
        `\\b(your|the) (verification|security|login|one[- ]time|confirmation|access)?( ?code| otp| passcode) (is|:) ?\\d{4,8}\\b|\\b(do not|don'?t|never) (share|give|tell|forward)( this| the| your| it)?( code| otp| pin| passcode| with)`,
      ),
    ],
    tags: ['reassurance', 'notice'],
  },
]);

const MAX_SPANS = 3;

export interface RuleContext {
  platform?: Platform | undefined;
}

/**
 * Each pattern's gate (gate.ts), worked out on first use. A derived constant of the pattern like its
 * compiled form, not state: the same pattern always gets the same gate.
 */
const GATES = new WeakMap<RegExp, Gate | null>();
function gateOf(pattern: RegExp): Gate | null {
  let gate = GATES.get(pattern);
  if (gate === undefined) {
    gate = compiledGate(pattern);
    GATES.set(pattern, gate);
  }
  return gate;
}

/** Text this long, or with a mail header line, is read as an e-mail (model/features.ts LONG_TEXT_CHARS). */
const MAIL_LIKE_CHARS = 600;
const MAIL_HEADER_LINE = /^[ \t]{0,4}(?:subject|from|to|date|reply-to):/m;

/** The trigram index of a folded text, made once for all the rule sets run over it. */
const INDEXES = new WeakMap<Folded, TrigramIndex>();

/** Runs every detector on the folded text. */
export function runRules(
  folded: Folded,
  original: string,
  ctx: RuleContext = {},
  rules: readonly Rule[] = RULES,
): RuleHit[] {
  const hits: RuleHit[] = [];
  const market = ctx.platform ? MARKETPLACES.has(ctx.platform) : false;
  const mailLike =
    ctx.platform === 'email' || folded.text.length >= MAIL_LIKE_CHARS || MAIL_HEADER_LINE.test(folded.text);
  // One pass over the text lets most patterns skip their scan (gate.ts, decision 095); the engine runs three
  // rule sets over one folded text, which share the pass.
  let index = INDEXES.get(folded);
  if (!index) {
    index = new TrigramIndex(folded.text);
    INDEXES.set(folded, index);
  }
  for (const rule of rules) {
    if (rule.chatOnly && mailLike) continue;
    const spans: { start: number; end: number; text: string }[] = [];
    for (const pattern of rule.patterns) {
      const gate = gateOf(pattern);
      if (gate && !mayMatch(gate, index)) continue;
      pattern.lastIndex = 0;
      for (let m = pattern.exec(folded.text); m && spans.length < MAX_SPANS; m = pattern.exec(folded.text)) {
        if (m[0].length === 0) {
          pattern.lastIndex++;
          continue;
        }
        const { start, end } = spanToOriginal(folded, m.index, m.index + m[0].length);
        if (!spans.some((s) => s.start < end && start < s.end))
          spans.push({ start, end, text: original.slice(start, end) });
      }
      if (spans.length >= MAX_SPANS) break;
    }
    if (!spans.length) continue;
    const mult = market ? (rule.marketplace ?? 1) : ctx.platform ? (rule.elsewhere ?? 1) : 1;
    // A multiplier of 0 says the rule does not apply there (a buyer's words on a marketplace): no hit at all,
    // so its tags (an opener's floor) do not apply either.
    if (mult === 0) continue;
    const types = (!market && rule.typesElsewhere) || rule.types || {};
    const hit: RuleHit = { id: rule.id, text: rule.text, weight: rule.weight * mult, spans, types, tags: rule.tags };
    if (mult !== 1) hit.platformStep = { id: market ? 'marketplace_weights' : 'elsewhere_weights', from: rule.weight };
    hits.push(hit);
  }
  return hits;
}
