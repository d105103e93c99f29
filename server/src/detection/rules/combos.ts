/**
 * Combinations of signals that are worth more than their parts (a "family member" on a new number who
 * needs money). They live with the rules they combine; gather (evidence.ts) only calls them.
 */
import type { Platform, ScamType } from '@redflag/contracts/scan';
import type { Signal } from '../signal.ts';
import { weightOf, type ScoredFindingId } from '../score/symbols.ts';
import type { RuleTag } from './tags.ts';
import { MARKETPLACES } from './rules.ts';

export function comboSignals(signals: readonly Signal[], platform: Platform | undefined): Signal[] {
  const tags = new Set(signals.flatMap((s) => s.tags ?? []));
  const has = (t: RuleTag): boolean => tags.has(t);
  const out: Signal[] = [];
  const add = (id: ScoredFindingId, text: string, types: Partial<Record<ScamType, number>>): void => {
    const weight = weightOf(id);
    out.push({ id, text, weight, severity: weight >= 2 ? 'high' : 'medium', evidence: [], types, tags: ['combo'] });
  };
  if (has('family') && (has('money') || has('payment_method') || has('emergency') || has('secrecy'))) {
    add(
      'combo_family_money',
      'A "family member" on an unknown number who needs money: call them on the number you already have',
      { family_emergency: 2 },
    );
  }
  if ((has('romance') || has('opener')) && (has('money') || has('payment_method') || has('investment'))) {
    add('combo_stranger_money', 'A stranger who opens with small talk and then brings up money or investing', {
      crypto_investment: has('investment') ? 1.5 : 0.5,
      romance: has('romance') ? 1.5 : 0.5,
    });
  }
  if (
    (has('account') || has('impersonation') || has('threat')) &&
    signals.some((s) => s.tags?.includes('link') && s.weight >= 1)
  ) {
    add('combo_alert_bad_link', 'An account or delivery alert that sends you to a suspicious link', {});
  }
  if (has('code') && platform && MARKETPLACES.has(platform)) {
    add('combo_marketplace_code', 'On a marketplace, nobody legitimate needs a code sent to your phone', {
      marketplace_verification_code: 2,
    });
  }
  return out;
}
