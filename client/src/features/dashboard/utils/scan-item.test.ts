import { describe, expect, it } from 'vitest';
import {
  averageRisk,
  confidencePercent,
  messagePreview,
  moreReasonsLabel,
  reasonsSummary,
  relativeTime,
  usageView,
  watchedReasons,
} from './scan-item';

const NOW = new Date('2025-03-10T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it("says 'Just now' under an hour", () => {
    expect(relativeTime(ago(0), NOW)).toBe('Just now');
    expect(relativeTime(ago(59 * MIN), NOW)).toBe('Just now');
  });
  it('counts hours under a day, days under a week', () => {
    expect(relativeTime(ago(HOUR), NOW)).toBe('1 hour ago');
    expect(relativeTime(ago(23 * HOUR + 59 * MIN), NOW)).toBe('23 hours ago');
    expect(relativeTime(ago(DAY), NOW)).toBe('1 day ago');
    expect(relativeTime(ago(6 * DAY + 23 * HOUR), NOW)).toBe('6 days ago');
  });
  it('shows the date from a week on', () => {
    expect(relativeTime(ago(7 * DAY), NOW)).toBe('Mar 3, 2025');
  });
  it('treats a time slightly in the future as just now, and an invalid one as nothing', () => {
    expect(relativeTime(new Date(NOW.getTime() + 5000).toISOString(), NOW)).toBe('Just now');
    expect(relativeTime('not a date', NOW)).toBe('');
  });
});

describe('messagePreview', () => {
  it('keeps the first 50 characters', () => {
    const message = 'x'.repeat(60);
    expect(messagePreview(message)).toBe(`${'x'.repeat(50)}...`);
    expect(messagePreview('short one')).toBe('short one');
    expect(messagePreview('y'.repeat(50))).toBe('y'.repeat(50));
  });
  it('flattens line breaks and never splits an emoji', () => {
    expect(messagePreview('a\n\nb')).toBe('a b');
    expect(messagePreview(`${'z'.repeat(49)}😀😀`)).toBe(`${'z'.repeat(49)}😀...`);
  });
});

describe('reasonsSummary', () => {
  it('shows two reasons and counts the rest', () => {
    expect(reasonsSummary(['a', 'b', 'c', 'd'])).toEqual({ shown: ['a', 'b'], more: 2 });
    expect(reasonsSummary(['a'])).toEqual({ shown: ['a'], more: 0 });
    expect(moreReasonsLabel(3)).toBe('+3 more reasons');
  });
});

describe('confidencePercent', () => {
  it('rounds, and shows 50% when not numeric', () => {
    expect(confidencePercent(0.915)).toBe(92);
    expect(confidencePercent(undefined)).toBe(50);
  });
});

describe('averageRisk', () => {
  it("uses the server's average", () => {
    expect(averageRisk({ totalScans: 4, scamsDetected: 1, averageRiskScore: 42.4 })).toBe(42);
  });
  it('falls back to scamsDetected / totalScans as a percent, or 0 with no scans', () => {
    expect(averageRisk({ totalScans: 4, scamsDetected: 1, averageRiskScore: null })).toBe(25);
    expect(averageRisk({ totalScans: 0, scamsDetected: 0, averageRiskScore: null })).toBe(0);
    expect(averageRisk({ totalScans: 0, scamsDetected: 0, averageRiskScore: 0 })).toBe(0);
  });
});

describe('usageView', () => {
  it('sizes the bar as used / max and reports the limit', () => {
    expect(usageView({ scanCount: 2, maxScans: 5 })).toEqual({ percent: 40, remaining: 3, limitReached: false });
    expect(usageView({ scanCount: 5, maxScans: 5 })).toEqual({ percent: 100, remaining: 0, limitReached: true });
    expect(usageView({ scanCount: 7, maxScans: 5 })).toEqual({ percent: 100, remaining: 0, limitReached: true });
  });
});

describe('watchedReasons', () => {
  const details = [
    { text: "Its only link goes to Netflix's own website", weight: -0.3, severity: 'info' as const },
    { text: 'Reads like an account-security alert', weight: 0.5, severity: 'low' as const },
  ];
  it('on a green scan, marks the reasons that raised the score, not the reassuring ones', () => {
    expect([...watchedReasons({ riskScore: 30, reasonDetails: details })]).toEqual([
      'Reads like an account-security alert',
    ]);
  });
  it('on an amber or red scan, marks nothing (they are the warnings), and copes with no details', () => {
    expect(watchedReasons({ riskScore: 40, reasonDetails: details }).size).toBe(0);
    expect(watchedReasons({ riskScore: 10 }).size).toBe(0);
  });
});
