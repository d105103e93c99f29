import { describe, expect, it } from 'vitest';
import { analyzeLocal } from '../analyze.ts';

// A genuine card alert names its merchant in capitals: the result must not speak of a link it does not have.
describe('a card alert naming the merchant BESTBUY.COM', () => {
  it('has no links and no "its only link goes to Best Buy\'s own website"', () => {
    const result = analyzeLocal({
      message:
        'Chase: A charge of $249.99 at BESTBUY.COM was approved on your card ending 4421. Not you? Call the number on the back of your card.',
    });
    expect(result.links).toEqual([]);
    expect(result.reasons.join(' ')).not.toMatch(/only link|own website/i);
  });
});
