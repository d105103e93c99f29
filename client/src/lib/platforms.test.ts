import { PLATFORMS as CONTRACT_PLATFORMS } from '@redflag/contracts/scan';
import { describe, expect, it } from 'vitest';
import { PLATFORMS } from './platforms';

describe('client platform list', () => {
  it('matches the contract list value for value, label and category', () => {
    expect(PLATFORMS).toEqual(CONTRACT_PLATFORMS);
  });

  it('has no empty value, which the platform select must never offer', () => {
    expect(PLATFORMS.every((p) => p.value.length > 0)).toBe(true);
  });
});
