import type { Plan } from '@redflag/contracts/billing';
import { PREMIUM_PRICE_LABEL, TRIAL_SCAN_LIMIT, TRIAL_TERMS, TRIAL_WARNING_DAYS } from '@redflag/contracts/constants';

/**
 * What the Payment Success page says: what was and was not charged. Starting a trial charges
 * nothing, so it must not read "Payment Successful!"; only a paid Premium does. Dates in UTC, as in the
 * billing e-mails.
 */
export interface PaymentOutcome {
  kind: 'trial_started' | 'paid' | 'confirming' | 'unknown';
  title: string;
  paragraphs: string[];
}

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

export function paymentOutcome(plan: Plan | undefined, signedIn: boolean): PaymentOutcome {
  if (!signedIn) {
    return {
      kind: 'unknown',
      title: 'Checkout complete',
      paragraphs: ['Sign in to see your plan. We e-mail you what was charged, if anything.'],
    };
  }
  if (plan?.isPremium) {
    return {
      kind: 'paid',
      title: 'Payment successful',
      paragraphs: [
        `Thank you for choosing RedFlag Premium. ${PREMIUM_PRICE_LABEL} was charged for your first month, and a receipt is on its way to your inbox.`,
      ],
    };
  }
  if (plan?.subscriptionStatus === 'trialing') {
    const first = plan.trialEndsAt ? day(plan.trialEndsAt) : null;
    return {
      kind: 'trial_started',
      title: 'Your free trial has started',
      paragraphs: [
        `Nothing was charged today. Your trial is ${TRIAL_TERMS}.`,
        first
          ? `Unless you cancel, your card is charged ${PREMIUM_PRICE_LABEL} on ${first}, then monthly. We e-mail you ${TRIAL_WARNING_DAYS} days before.`
          : `Unless you cancel, your card is charged ${PREMIUM_PRICE_LABEL} when the trial ends, then monthly. We e-mail you ${TRIAL_WARNING_DAYS} days before.`,
        `If you use all ${TRIAL_SCAN_LIMIT} scans sooner, we ask before charging anything. A confirmation is on its way to your inbox.`,
      ],
    };
  }
  return {
    kind: 'confirming',
    title: 'Confirming your checkout',
    paragraphs: [
      'We are confirming your subscription with the payment provider. This usually takes a few seconds. We e-mail you what was charged, if anything.',
    ],
  };
}
