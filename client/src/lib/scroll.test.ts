import { describe, expect, it } from 'vitest';
import { FOOTER_SCROLL_OFFSET, HEADER_SCROLL_OFFSET, scrollTargetTop } from './scroll';

describe('scrollTargetTop', () => {
  it('puts the section the offset below the top of the viewport', () => {
    expect(scrollTargetTop(900, 0, HEADER_SCROLL_OFFSET)).toBe(800);
    expect(scrollTargetTop(300, 1200, FOOTER_SCROLL_OFFSET)).toBe(1420);
  });

  it('never scrolls above the top of the page', () => {
    expect(scrollTargetTop(40, 0, HEADER_SCROLL_OFFSET)).toBe(0);
  });
});
