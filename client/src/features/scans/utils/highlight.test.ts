import { describe, expect, it } from 'vitest';
import type { ReasonDetail } from '@redflag/contracts/scan';
import { evidenceSpans, splitHighlights } from './highlight';

describe('splitHighlights', () => {
  it('returns the whole message as plain text without spans', () => {
    expect(splitHighlights('hello', [])).toEqual([{ text: 'hello', severity: null }]);
    expect(splitHighlights('', [])).toEqual([]);
  });

  it('marks a span and keeps the text around it', () => {
    expect(splitHighlights('Buy a gift card now', [{ start: 4, end: 15, severity: 'high' }])).toEqual([
      { text: 'Buy ', severity: null },
      { text: 'a gift card', severity: 'high' },
      { text: ' now', severity: null },
    ]);
  });

  it('cuts overlapping spans at every boundary, keeping the strongest severity', () => {
    const segments = splitHighlights('0123456789', [
      { start: 1, end: 6, severity: 'medium' },
      { start: 4, end: 8, severity: 'high' },
    ]);
    expect(segments).toEqual([
      { text: '0', severity: null },
      { text: '123', severity: 'medium' },
      { text: '4567', severity: 'high' },
      { text: '89', severity: null },
    ]);
    expect(segments.map((s) => s.text).join('')).toBe('0123456789');
  });

  it('clamps out-of-range spans and drops empty or inverted ones', () => {
    expect(
      splitHighlights('abcdef', [
        { start: -5, end: 2, severity: 'low' },
        { start: 4, end: 400, severity: 'medium' },
        { start: 3, end: 3, severity: 'high' },
        { start: 5, end: 1, severity: 'high' },
        { start: 90, end: 99, severity: 'high' },
      ]),
    ).toEqual([
      { text: 'ab', severity: 'low' },
      { text: 'cd', severity: null },
      { text: 'ef', severity: 'medium' },
    ]);
  });

  it('keeps markup as plain text (React renders it as text, never as HTML)', () => {
    const message = 'hi <script>alert(1)</script>';
    const segments = splitHighlights(message, [{ start: 3, end: 11, severity: 'high' }]);
    expect(segments[1]).toEqual({ text: '<script>', severity: 'high' });
    expect(segments.map((s) => s.text).join('')).toBe(message);
  });
});

describe('evidenceSpans', () => {
  it('collects span evidence and positioned links with the reason severity, ignoring lookups', () => {
    const details: ReasonDetail[] = [
      { id: 'a', text: 'A', weight: 3, severity: 'high', evidence: [{ kind: 'span', start: 1, end: 4, text: 'abc' }] },
      {
        id: 'b',
        text: 'B',
        weight: 1,
        severity: 'medium',
        evidence: [
          { kind: 'url', url: 'https://x.top', start: 5, end: 18 },
          { kind: 'url', url: 'https://y.top' },
          { kind: 'phone', detail: 'unassigned' },
        ],
      },
    ];
    expect(evidenceSpans(details)).toEqual([
      { start: 1, end: 4, severity: 'high' },
      { start: 5, end: 18, severity: 'medium' },
    ]);
  });
});
