import { describe, expect, it } from 'vitest';
import { hasActiveFilters, historySearchParams, pageCount, pageRange, readHistoryFilters } from './history-query';

describe('readHistoryFilters', () => {
  it('reads the search, verdict, type and page from the URL', () => {
    expect(readHistoryFilters(new URLSearchParams('q=bike&verdict=scam&type=romance&page=3'))).toEqual({
      q: 'bike',
      verdict: 'scam',
      type: 'romance',
      page: 3,
    });
  });
  it('ignores an unknown verdict or type and a bad page instead of failing', () => {
    expect(readHistoryFilters(new URLSearchParams('verdict=fraud&type=__proto__&page=-2'))).toEqual({
      q: '',
      verdict: '',
      type: '',
      page: 1,
    });
    expect(readHistoryFilters(new URLSearchParams('page=abc')).page).toBe(1);
  });
});

describe('historySearchParams', () => {
  it('writes only what is set, trims the search, and leaves page 1 out', () => {
    expect(historySearchParams({ q: '  bike ', verdict: '', type: 'phishing', page: 1 }).toString()).toBe(
      'q=bike&type=phishing',
    );
    expect(historySearchParams({ q: '', verdict: 'legitimate', type: '', page: 2 }).toString()).toBe(
      'verdict=legitimate&page=2',
    );
  });
});

describe('hasActiveFilters', () => {
  it('is true for any search text, verdict or type, and not for a page alone', () => {
    expect(hasActiveFilters({ q: '   ', verdict: '', type: '', page: 4 })).toBe(false);
    expect(hasActiveFilters({ q: 'x', verdict: '', type: '', page: 1 })).toBe(true);
    expect(hasActiveFilters({ q: '', verdict: '', type: 'spam', page: 1 })).toBe(true);
  });
});

describe('pageRange and pageCount', () => {
  it('describes the rows shown', () => {
    expect(pageRange(1, 20, 20, 45)).toBe('1–20 of 45');
    expect(pageRange(3, 20, 5, 45)).toBe('41–45 of 45');
    expect(pageRange(1, 20, 0, 0)).toBe('0 of 0');
    expect(pageCount(45, 20)).toBe(3);
    expect(pageCount(0, 20)).toBe(1);
  });
});
