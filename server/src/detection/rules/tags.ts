/**
 * What a detector's finding is about: every rule, and every signal the engine adds, names its tags from this
 * one list, and the score policy, the combinations (combos.ts) and the explanation read them. A new tag is
 * added here first, with what it means.
 */
export const RULE_TAGS = [
  // What the message asks of you (ASK_TAGS in rules.ts are these asks).
  'money', // send money, pay a fee
  'payment_method', // update a card or payment method
  'code', // a one-time code
  'credentials', // a password or login
  'account', // act on an account (verify, unlock, restore)
  'install', // install an app, allow remote access
  'off_platform', // move to another app or channel
  'investment', // invest, trade, a platform
  'job', // a job or task that pays
  'advance_fee', // a fee before a payout
  'prize', // a prize or reward to claim
  // How it pushes.
  'urgency',
  'threat',
  'secrecy',
  'emergency',
  'impersonation', // claims to be a bank, agency or company
  'link_cta', // tap the link
  // Who it pretends to be, in a conversation.
  'opener', // a stranger's opener with no ask yet
  'family', // a relative on a new number
  'romance',
  // Tricks of a kind.
  'payment_trick', // fake payment confirmations, overpayment
  'marketplace_trick', // a buyer who cannot meet, a shipping agent
  'lure', // a refund, adult or premium-rate lure
  'topic', // a topic alone (crypto): never evidence by itself
  // Where it sends you (added by evidence.ts, link-signals.ts, notices.ts and alert.ts, not by rules).
  'link',
  'qr',
  'phone',
  'email',
  'official',
  // Signs of an ordinary message (negative weights).
  'reassurance',
  'notice',
  'conversation',
  // A combination of other findings (combos.ts).
  'combo',
] as const;

export type RuleTag = (typeof RULE_TAGS)[number];
