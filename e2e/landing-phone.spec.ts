import { expect, test } from '@playwright/test';

/**
 * The landing page's hero and header, used as a person would: "Try the analyzer" puts
 * the caret where it scrolls to; on a phone the floating cards hide none of the example chat, and the menu
 * opens over a backdrop that closes it.
 */

const PHONE = { width: 390, height: 844 };

test('"Try the analyzer" moves focus to the message box it scrolls to', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Try the analyzer' }).click();
  const message = page.getByTestId('analyzer-card').getByLabel('Message');
  await expect(message).toBeFocused();
  await expect(message).toBeInViewport();
});

test('on a phone the floating hero cards leave the chat readable and the menu opens over a backdrop', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const bubbles = page.getByTestId('hero-bubble');
  await expect(bubbles).toHaveCount(3);
  const cards = [page.getByTestId('hero-score'), page.getByTestId('hero-flags')];
  for (const card of cards) await expect(card).toBeVisible();
  const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  const texts = [...(await bubbles.all()), page.getByTestId('hero-warning')];
  for (const card of cards) {
    const c = await card.boundingBox();
    for (const text of texts) {
      const t = await text.boundingBox();
      expect(
        c && t && overlaps(c, t),
        `${await card.getAttribute('data-testid')} covers "${(await text.innerText()).slice(0, 30)}"`,
      ).toBe(false);
    }
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // The menu: a backdrop dims the page under it, and a tap on it closes the menu.
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeVisible();
  const backdrop = page.getByTestId('menu-backdrop');
  await expect(backdrop).toBeVisible();
  const b = await backdrop.boundingBox();
  const m = await menu.boundingBox();
  expect(b?.width).toBe(PHONE.width);
  expect((b?.y ?? 0) + (b?.height ?? 0)).toBeGreaterThanOrEqual(PHONE.height - 1);
  await page.mouse.click(PHONE.width / 2, Math.min(PHONE.height - 20, (m?.y ?? 0) + (m?.height ?? 0) + 40));
  await expect(menu).toBeHidden();
  await expect(backdrop).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
});
