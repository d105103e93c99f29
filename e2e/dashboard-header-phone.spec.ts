import { expect, test, type Locator, type Page } from '@playwright/test';
import { createVerifiedUser, startTrial } from './scan-fixtures';

/**
 * The dashboard's heading block on a 390px phone: 'Welcome, <name>' (a newcomer's first visit) and the line under it wrap to two
 * lines each, and all of it must stay on the dark band (light text; on the page's light grey it cannot be
 * read). A walkthrough found the band ending at a fixed 11rem, cutting through "your plan you've used."
 */

/** The mean brightness (0-255) of the pixels in the bottom-most rows of `locator`'s box, as drawn. */
async function bottomBrightness(page: Page, locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not visible');
  const png = await page.screenshot({ clip: { x: box.x, y: box.y + box.height - 3, width: box.width, height: 3 } });
  return page.evaluate(async (b64) => {
    // Decoded here, not fetched from a data: URL, which the app's Content-Security-Policy refuses.
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const blob = new Blob([bytes], { type: 'image/png' });
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.drawImage(bitmap, 0, 0);
    const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    let sum = 0;
    for (let i = 0; i < data.length; i += 4) sum += ((data[i] ?? 0) + (data[i + 1] ?? 0) + (data[i + 2] ?? 0)) / 3;
    return sum / (data.length / 4);
  }, png.toString('base64'));
}

test('on a 390px phone the dashboard heading and its subtitle stay on the dark band', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await createVerifiedUser(page, 'Walker');
  await startTrial(page);
  await page.goto('/dashboard');
  const subtitle = page.getByText("Your scans, what they found, and how much of your plan you've used.");
  await expect(subtitle).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Walker' })).toBeVisible();
  // The subtitle wraps on a phone; its last line must still be on the dark background, not the light page.
  const box = await subtitle.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThan(30);
  expect(await bottomBrightness(page, subtitle)).toBeLessThan(90);
});
