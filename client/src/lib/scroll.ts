/** Scroll offsets of product-spec.md section 9: the header's links and the footer's links. */
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

/** Smoothly scrolls to the element with this id. Returns false when it is not on the page. */
export function scrollToSection(id: string, offset: number = HEADER_SCROLL_OFFSET): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const top = scrollTargetTop(element.getBoundingClientRect().top, window.scrollY, offset);
  window.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  return true;
}

/** Ids of the landing page's sections that header, footer and buttons scroll to. */
export const LANDING_SECTIONS = { analyzer: 'analyzer', features: 'features', pricing: 'pricing' } as const;
