import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe';
import { createVerifiedUser, startTrial } from './scan-fixtures';

/**
 * The footer's product links for a signed-in user: / is their scan page, so the links
 * lead to the same landing content on a page that works signed in, and scroll to the section with the
 * footer's 80px offset (docs/product.md §9).
 */

async function expectSectionAt(page: Page, id: string, offset: number) {
  const top = () =>
    page.evaluate((sectionId) => document.getElementById(sectionId)?.getBoundingClientRect().top ?? Number.NaN, id);
  await expect.poll(top, { timeout: 5000 }).toBeGreaterThan(offset - 4);
  await expect.poll(top).toBeLessThan(offset + 4);
}

test('signed in, the footer reaches Pricing, Measured accuracy, Features and How it works from the scan page', async ({
  page,
}) => {
  await createVerifiedUser(page, 'Nadia');
  await startTrial(page);
  await page.goto('/scan');
  await expect(page.getByRole('heading', { level: 1, name: /scan for scams/i })).toBeVisible();
  const footer = page.getByRole('contentinfo');

  await footer.getByRole('button', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/product$/);
  await expectSectionAt(page, 'pricing', 80);
  const pricing = page.locator('#pricing');
  await expect(pricing.getByText('$9.99')).toBeVisible();
  // Already on the trial: no "start free trial" that would lead into a second sign-up.
  await expect(pricing.getByRole('button', { name: /start free trial/i })).toHaveCount(0);
  await expect(pricing.getByRole('link', { name: /scan a message/i })).toHaveAttribute('href', '/scan');

  await footer.getByRole('button', { name: 'Measured accuracy' }).click();
  await expectSectionAt(page, 'accuracy', 80);
  await expect(page.getByTestId('accuracy-table').locator('tbody tr').first()).toBeVisible();
  await footer.getByRole('button', { name: 'Features' }).click();
  await expectSectionAt(page, 'features', 80);
  await footer.getByRole('button', { name: 'How it works' }).click();
  await expectSectionAt(page, 'how-it-works', 80);

  // From another page as well, and the signed-in home is still the scan page.
  await page.goto('/dashboard');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Measured accuracy' }).click();
  await expect(page).toHaveURL(/\/product$/);
  await expectSectionAt(page, 'accuracy', 80);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /scan for scams/i })).toBeVisible();
});

test('signed in without a plan, the product page offers the trial through checkout, not the sign-up dialog', async ({
  page,
}) => {
  await createVerifiedUser(page, 'Noel');
  const response = await page.goto('/product');
  expect(response?.status()).toBe(200);
  const pricing = page.locator('#pricing');
  await expect(pricing.getByText('$9.99')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await pricing.getByRole('link', { name: /start free trial/i }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Start Your Free Trial' })).toBeVisible();
});
