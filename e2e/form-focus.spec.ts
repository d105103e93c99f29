import { expect, test } from '@playwright/test';

/**
 * Text fields in focus: an empty field that was only clicked into had the brand red
 * ring, which reads as an error; red is now for a field marked invalid.
 */

test('an empty field in focus gets a calm ring; only an invalid one is red', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog');
  const email = dialog.getByRole('textbox', { name: 'Email' });
  await email.focus();
  const colours = () =>
    email.evaluate((el) => {
      const s = getComputedStyle(el);
      return { border: s.borderTopColor, outline: s.outlineStyle === 'none' ? null : s.outlineColor };
    });
  /**
   * Red (the error colour, and the brand red focus used to borrow): in rgb, the red channel well above the
   * others; in oklch / oklab (Tailwind 4's colours), a strong chroma with a hue between pink and orange.
   */
  const isRed = (css: string | null) => {
    if (css === null) return false;
    const n = (css.match(/-?[\d.]+/g) ?? []).map(Number);
    if (css.startsWith('rgb')) {
      const [r = 0, g = 0, b = 0] = n;
      return r > 150 && r > g * 1.6 && r > b * 1.6;
    }
    const [, x = 0, y = 0] = n;
    const [chroma, hue] = css.startsWith('oklch')
      ? [x, y]
      : [Math.hypot(x, y), ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360];
    return chroma > 0.1 && (hue < 50 || hue > 340);
  };
  const focused = await colours();
  expect(isRed(focused.border), `border ${focused.border}`).toBe(false);
  expect(isRed(focused.outline), `outline ${focused.outline}`).toBe(false);

  // Sent empty: the field is invalid, and now its ring and border say so.
  await dialog.getByRole('button', { name: /^sign in$/i }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  // The border's colour eases in (a CSS transition): read it until it settles, not at the first frame.
  await expect.poll(async () => isRed((await colours()).border), { timeout: 5_000 }).toBe(true);
});
