/**
 * What kind of scam a named brand points to: a bank named in an alert is bank impersonation, a courier
 * delivery smishing. Read by the link signals, the gathering (mention votes) and the explanation's fallback type.
 */
import type { ScamType } from '@redflag/contracts/scan';
import type { BrandMention } from './rules/brand-mentions.ts';
import type { BrandCategory } from './url/brands.ts';

export const CATEGORY_TYPE: Record<BrandCategory, ScamType> = {
  bank: 'bank_impersonation',
  payment: 'phishing',
  delivery: 'delivery_smishing',
  marketplace: 'phishing',
  tech: 'phishing',
  government: 'government_impersonation',
  carrier: 'phishing',
  retail: 'phishing',
  crypto: 'crypto_investment',
  social: 'phishing',
  toll: 'toll_smishing',
};

/** Scam-type hints from the brands the message names (a bank named in an alert -> bank impersonation). */
export function mentionSignalTypes(mentions: readonly BrandMention[]): Partial<Record<ScamType, number>> {
  const types: Partial<Record<ScamType, number>> = {};
  for (const m of mentions) {
    const t = CATEGORY_TYPE[m.brand.category];
    // A bank named beside a payment app (Wells Fargo and Zelle) is the more specific claim.
    types[t] = Math.max(types[t] ?? 0, t === 'bank_impersonation' ? 0.65 : 0.6);
  }
  return types;
}
