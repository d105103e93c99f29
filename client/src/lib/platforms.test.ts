import { PLATFORMS as CONTRACT_PLATFORMS } from '@redflag/contracts/scan';
import { describe, expect, it } from 'vitest';
import { PLATFORMS } from './platforms';

describe('client platform list', () => {
  // A drift check, not a restated constant: the copy exists only to keep zod out of the landing bundle.
  it('matches the contract list value for value, label and category', () => {
    expect(PLATFORMS).toEqual(CONTRACT_PLATFORMS);
  });
});
