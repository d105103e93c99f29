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
    const message = 'a b c d e f g h i j';
    const segments = splitHighlights(message, [
      { start: 2, end: 11, severity: 'medium' },
      { start: 8, end: 15, severity: 'high' },
    ]);
    expect(segments).toEqual([
      { text: 'a ', severity: null },
      { text: 'b c d ', severity: 'medium' },
      { text: 'e f g h', severity: 'high' },
      { text: ' i j', severity: null },
    ]);
    expect(segments.map((s) => s.text).join('')).toBe(message);
  });

  it('clamps out-of-range spans and drops empty or inverted ones', () => {
    expect(
      splitHighlights('ab cd ef', [
        { start: -5, end: 2, severity: 'low' },
        { start: 6, end: 400, severity: 'medium' },
        { start: 3, end: 3, severity: 'high' },
        { start: 5, end: 1, severity: 'high' },
        { start: 90, end: 99, severity: 'high' },
      ]),
    ).toEqual([
      { text: 'ab', severity: 'low' },
      { text: ' cd ', severity: null },
      { text: 'ef', severity: 'medium' },
    ]);
  });

  it('never cuts a word: a span that starts or ends inside one grows to the whole word', () => {
    // "deliv" of "delivery", and "ry fe" across two words.
    expect(splitHighlights('Schedule a delivery now', [{ start: 11, end: 16, severity: 'high' }])).toEqual([
      { text: 'Schedule a ', severity: null },
      { text: 'delivery', severity: 'high' },
      { text: ' now', severity: null },
    ]);
    expect(splitHighlights('delivery fee due', [{ start: 6, end: 11, severity: 'medium' }])).toEqual([
      { text: 'delivery fee', severity: 'medium' },
      { text: ' due', severity: null },
    ]);
    // Words of other scripts and digits count as words too.
    expect(splitHighlights('Envía 2500 pesos', [{ start: 2, end: 8, severity: 'high' }]).map((s) => s.text)).toEqual([
      'Envía 2500',
      ' pesos',
    ]);
  });

  it('never cuts a link: a span ending inside one takes the whole link, at its strongest severity', () => {
    const message = 'Schedule a redelivery at https://usps-redelivery-care.com/track within 24 hours.';
    const link = 'https://usps-redelivery-care.com/track';
    const linkStart = message.indexOf(link);
    const segments = splitHighlights(message, [
      // The engine's evidence: a phrase that ends inside the link, and the link itself.
      { start: 11, end: message.indexOf('-care'), severity: 'high' },
      { start: linkStart, end: linkStart + link.length, severity: 'medium' },
      { start: message.indexOf('within'), end: message.indexOf(' hours') + 6, severity: 'medium' },
    ]);
    expect(segments).toEqual([
      { text: 'Schedule a ', severity: null },
      { text: `redelivery at ${link}`, severity: 'high' },
      { text: ' ', severity: null },
      { text: 'within 24 hours', severity: 'medium' },
      { text: '.', severity: null },
    ]);
    expect(segments.map((s) => s.text).join('')).toBe(message);
  });

  it("keeps the sentence's punctuation outside a link that ends it", () => {
    const message = 'Pay at www.fee-pay.top/now. Thanks';
    const segments = splitHighlights(message, [{ start: 7, end: 12, severity: 'high' }]);
    expect(segments).toEqual([
      { text: 'Pay at ', severity: null },
      { text: 'www.fee-pay.top/now', severity: 'high' },
      { text: '. Thanks', severity: null },
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
