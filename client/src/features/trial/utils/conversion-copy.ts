import type { ConversionPreview } from '@redflag/contracts/billing';

/**
 * What the trial-limit dialog says before anything is charged (docs/design.md §3 item 6): the amount,
 * the card and the date, e.g. "$9.99 today, then monthly; Visa ending in 4242". Dates are written in UTC,
 * as in the billing e-mails, so the page and the mail name the same day.
 */
export function formatBillingDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

export function formatAmount(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export function cardLabel(card: ConversionPreview['card']): string {
  return card ? `${card.brand} ending in ${card.last4}` : 'the card on file';
}

export function chargeSummary(preview: Pick<ConversionPreview, 'amountCents' | 'card'>): string {
  return `${formatAmount(preview.amountCents)} today, then monthly; ${cardLabel(preview.card)}`;
}
