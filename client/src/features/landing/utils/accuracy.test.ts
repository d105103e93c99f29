import { describe, expect, it } from 'vitest';
import { accuracyClaim } from './accuracy';

const engine = { name: 'RedFlag engine', version: '1', accuracy: 0.9943, accuracyDataset: 'UCI SMS Spam Collection' };

describe('accuracyClaim', () => {
  it('shows the measured accuracy with one decimal, rounded down, beside its dataset', () => {
    expect(accuracyClaim(engine)).toEqual({
      figure: '99.4%',
      dataset: 'UCI SMS Spam Collection',
      engineName: 'RedFlag engine',
    });
    expect(accuracyClaim({ ...engine, accuracy: 0.99199 })?.figure).toBe('99.1%');
    expect(accuracyClaim({ ...engine, accuracy: 0.992 })?.figure).toBe('99.2%');
    expect(accuracyClaim({ ...engine, accuracy: 1 })?.figure).toBe('100.0%');
  });

  it('makes no claim while loading, without a report, or with a nonsensical figure', () => {
    expect(accuracyClaim(undefined)).toBeNull();
    expect(accuracyClaim({ ...engine, accuracy: null })).toBeNull();
    expect(accuracyClaim({ ...engine, accuracyDataset: null })).toBeNull();
    expect(accuracyClaim({ ...engine, accuracy: 99.4 })).toBeNull();
  });
});
