/** Scroll offsets of docs/product.md §9: the header's links and the footer's links. */
export const HEADER_SCROLL_OFFSET = 100;
export const FOOTER_SCROLL_OFFSET = 80;
/** After navigating to / from another page, wait this long for the landing page to render. */
export const CROSS_PAGE_SCROLL_DELAY_MS = 100;

/** Document-relative top to scroll to so that an element sits `offset` px below the viewport top. */
export function scrollTargetTop(elementViewportTop: number, currentScrollY: number, offset: number): number {
  return Math.max(0, Math.round(elementViewportTop + currentScrollY - offset));
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** How long after a section link is followed a late layout change above the section is still made up for. */
export const SECTION_SETTLE_MS = 2000;
/** The user's own scrolling ends the making up. */
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Smoothly scrolls to the element with this id. Returns false when it is not on the page.
 *
 * Content above the section can still change height while the page scrolls (the analyzer's lazy parts, the
 * measured figures, a font): for SECTION_SETTLE_MS the target follows such a change, and once the scroll has
 * ended the section is put back under the header if it moved, unless the user has started scrolling.
 */
export function scrollToSection(id: string, offset: number = HEADER_SCROLL_OFFSET): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const behavior: ScrollBehavior = prefersReducedMotion() ? 'auto' : 'smooth';
  const targetTop = () => scrollTargetTop(element.getBoundingClientRect().top, window.scrollY, offset);
  let target = targetTop();
  window.scrollTo({ top: target, behavior });
  keepSectionInPlace(targetTop, (top) => {
    if (Math.abs(top - target) <= 1) return;
    target = top;
    window.scrollTo({ top, behavior });
  });
  return true;
}

function keepSectionInPlace(targetTop: () => number, scrollTo: (top: number) => void): void {
  if (typeof ResizeObserver === 'undefined') return;
  const followLayout = () => scrollTo(targetTop());
  const resized = new ResizeObserver(followLayout);
  resized.observe(document.body);
  const stop = () => {
    resized.disconnect();
    window.removeEventListener('scrollend', followLayout);
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop);
    window.clearTimeout(timer);
  };
  const timer = window.setTimeout(stop, SECTION_SETTLE_MS);
  window.addEventListener('scrollend', followLayout);
  for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true });
}

/** How long a cross-page scroll keeps looking for its section (the landing page may still be loading). */
export const SECTION_WAIT_MS = 3000;
const SECTION_POLL_MS = 50;

/**
 * Scrolls to a section after `delayMs` (the spec's 100 ms after navigating), and if the landing page has not
 * rendered it yet (the session is still being read, or a chunk is loading), keeps looking for it briefly.
 */
export function scrollToSectionSoon(id: string, offset: number, delayMs: number = CROSS_PAGE_SCROLL_DELAY_MS): void {
  const deadline = Date.now() + delayMs + SECTION_WAIT_MS;
  const attempt = () => {
    if (scrollToSection(id, offset) || Date.now() > deadline) return;
    window.setTimeout(attempt, SECTION_POLL_MS);
  };
  window.setTimeout(attempt, delayMs);
}

/** Ids of the landing page's sections that header, footer and buttons scroll to. */
export const LANDING_SECTIONS = { analyzer: 'analyzer', features: 'features', pricing: 'pricing' } as const;
