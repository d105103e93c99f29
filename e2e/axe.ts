import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';

/** WCAG 2.1 A and AA plus axe's best practices: what the page journeys check. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Desktop, a common phone and the narrowest phone we design for. */
export const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
  { width: 360, height: 740 },
] as const;

export interface AxeOptions {
  /** Only these parts of the page (CSS selectors); the whole page when absent. */
  include?: string | readonly string[];
  /** Rule tags to run; null runs every rule axe has. */
  tags?: readonly string[] | null;
  disableRules?: readonly string[];
  /** Which violations count: serious and critical ones (the default), or any at all. */
  impact?: 'serious' | 'any';
  /** Rules that count whatever their impact (e.g. heading-order, which axe rates moderate). */
  alsoFail?: readonly string[];
}

/**
 * The one axe run of the browser journeys: the violations that count, each with the first five elements it
 * names, so `expect(await axeViolations(page)).toEqual([])` prints what to fix when it fails.
 */
export async function axeViolations(
  page: Page,
  { include = [], tags = AXE_TAGS, disableRules = [], impact = 'serious', alsoFail = [] }: AxeOptions = {},
) {
  let builder = new AxeBuilder({ page });
  if (tags) builder = builder.withTags([...tags]);
  for (const selector of typeof include === 'string' ? [include] : include) builder = builder.include(selector);
  if (disableRules.length > 0) builder = builder.disableRules([...disableRules]);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => impact === 'any' || v.impact === 'serious' || v.impact === 'critical' || alsoFail.includes(v.id))
    .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

/** Runs `check` on a fresh page (own cookies, reduced motion) in each viewport, closing every context after. */
export async function inEachViewport(
  browser: Browser,
  baseURL: string | undefined,
  check: (page: Page, viewport: { width: number; height: number }) => Promise<void>,
  viewports: readonly { width: number; height: number }[] = VIEWPORTS,
) {
  for (const viewport of viewports) {
    const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
    try {
      await check(await context.newPage(), viewport);
    } finally {
      await context.close();
    }
  }
}

/** The page fits its viewport: nothing scrolls sideways. */
export async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}
