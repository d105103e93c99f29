// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEADER_SCROLL_OFFSET, scrollToSection, scrollToSectionSoon } from './scroll';

/** A section whose top is `top` px below the viewport's top (jsdom has no layout of its own). */
function addSection(id: string, top: number): HTMLElement {
  const element = document.createElement('section');
  element.id = id;
  element.getBoundingClientRect = () => ({
    top,
    bottom: top + 100,
    left: 0,
    right: 0,
    width: 0,
    height: 100,
    x: 0,
    y: top,
    toJSON: () => ({}),
  });
  document.body.append(element);
  return element;
}

function reducedMotion(on: boolean) {
  window.matchMedia = (query: string) => ({ matches: on && query.includes('reduce'), media: query }) as MediaQueryList;
}

let scrollTo: ReturnType<typeof vi.fn>;
beforeEach(() => {
  scrollTo = vi.fn();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  window.scrollY = 0;
  reducedMotion(false);
});
afterEach(() => {
  document.body.replaceChildren();
  vi.useRealTimers();
});

describe('scrollToSection', () => {
  it('brings the section to the offset under the header, from wherever the page is scrolled', () => {
    addSection('pricing', 900);
    window.scrollY = 1200;
    expect(scrollToSection('pricing', HEADER_SCROLL_OFFSET)).toBe(true);
    expect(scrollTo).toHaveBeenCalledWith({ top: 900 + 1200 - HEADER_SCROLL_OFFSET, behavior: 'smooth' });
  });

  it('never asks for a place above the top of the page, and jumps when the user asked for reduced motion', () => {
    addSection('analyzer', 20);
    reducedMotion(true);
    scrollToSection('analyzer', HEADER_SCROLL_OFFSET);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'auto' });
  });

  it('answers false and does not scroll when the section is not on the page', () => {
    expect(scrollToSection('missing')).toBe(false);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

describe('scrollToSectionSoon', () => {
  it('waits for a section the landing page renders late, scrolls to it once, and gives up after a while', () => {
    vi.useFakeTimers();
    scrollToSectionSoon('features', HEADER_SCROLL_OFFSET, 100);
    vi.advanceTimersByTime(100);
    expect(scrollTo).not.toHaveBeenCalled();
    vi.advanceTimersByTime(400);
    addSection('features', 500);
    vi.advanceTimersByTime(100);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(scrollTo).toHaveBeenCalledTimes(1);

    scrollToSectionSoon('never', HEADER_SCROLL_OFFSET, 100);
    vi.advanceTimersByTime(60_000);
    expect(vi.getTimerCount()).toBe(0);
  });
});
