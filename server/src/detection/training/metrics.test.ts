import { describe, expect, it } from 'vitest';
import { metrics, recallAtFpr, rocAuc } from './metrics.ts';

describe('metrics', () => {
  it('computes the confusion matrix and derived figures', () => {
    const m = metrics([90, 80, 30, 10, 60], [true, true, true, false, false], 40);
    expect(m.confusion).toEqual({ tp: 2, fp: 1, tn: 1, fn: 1 });
    expect(m.accuracy).toBe(0.6);
    expect(m.precision).toBeCloseTo(2 / 3, 3);
    expect(m.recall).toBeCloseTo(2 / 3, 3);
    expect(m.fpr).toBe(0.5);
  });

  it('computes ROC AUC with ties and recall at a false-positive budget', () => {
    expect(rocAuc([1, 2, 3, 4], [false, false, true, true])).toBe(1);
    expect(rocAuc([1, 1], [false, true])).toBe(0.5);
    expect(rocAuc([1, 2], [true, true])).toBeNull();
    expect(recallAtFpr([10, 20, 30, 90, 80], [false, false, false, true, true], 0).recall).toBe(1);
  });
});
