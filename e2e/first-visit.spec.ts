import { expect, test } from '@playwright/test';
import { apiScan, createVerifiedUser, LEGIT_MESSAGE, startTrial } from './scan-fixtures';

/**
 * What a newcomer reads on the way in: the sign-up dialog says the trial needs a card, a typed /pricing
 * shows the pricing, and the first dashboard welcomes rather than "welcomes back".
 */

test("the sign-up dialog's trial line says a card is needed and nothing is charged today", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'GET PROTECTED' });
  await expect(dialog.getByText(/^Free trial: 7 days or 5 scans/)).toHaveText(
    'Free trial: 7 days or 5 scans, whichever comes first · card required, nothing charged today · cancel anytime',
  );
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a typed /pricing answers 200 and shows the pricing (${viewport.width}px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const response = await page.goto('/pricing');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Simple pricing. Serious protection.' })).toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  });
}

test('the first dashboard after sign-up says "Welcome", and "Welcome back" once the account has scans', async ({
  page,
}) => {
  await createVerifiedUser(page, 'Nova');
  await startTrial(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Nova' })).toBeVisible();
  await apiScan(page.request, LEGIT_MESSAGE);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Nova' })).toBeVisible();
});
