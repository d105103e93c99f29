import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, makePremium } from './scan-fixtures';

/**
 * Leaving the checkout without paying, by the browser's Back button or by its cancel link, leaves the
 * account as it was: the trial offer on every page, nothing "processing", and the app usable at once.
 */

async function expectTrialOfferEverywhere(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Start Free Trial' })).toBeVisible();
  await expect(page.getByText('Payment Processing')).toHaveCount(0);
  for (const path of ['/scan', '/dashboard', '/account']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Start Your Free Trial' })).toBeVisible();
    await expect(page.getByText('Payment Processing')).toHaveCount(0);
  }
  const plan = (await (await page.request.get('/api/users/plan')).json()) as {
    subscriptionStatus: string;
    computedStatus: { status: string };
  };
  expect(plan).toMatchObject({ subscriptionStatus: 'setup_required', computedStatus: { status: 'new' } });
}

test('Back from a checkout that started by itself after sign-up (direct=true) does not start it again', async ({
  page,
}) => {
  await createVerifiedUser(page, 'Direct');
  await page.goto('/checkout?direct=true');
  await expect(page.getByText('TEST MODE — nothing is charged')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('button', { name: 'Start Free Trial' })).toBeEnabled();
  // Still here a moment later: nothing sent the browser back to the checkout.
  await page.waitForTimeout(1500);
  await expect(page.getByText('TEST MODE — nothing is charged')).toHaveCount(0);
  await expectTrialOfferEverywhere(page);
});

for (const size of [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test(`Back from the test checkout (${size.name}) leaves the trial offer and no "Payment Processing"`, async ({
    page,
  }) => {
    await page.setViewportSize(size.viewport);
    await createVerifiedUser(page, 'Leaver');
    await page.goto('/checkout');
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await expect(page.getByText('TEST MODE — nothing is charged')).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/checkout$/);
    // The page that started the checkout is usable again, not stuck on "Setting up your free trial...".
    await expect(page.getByRole('button', { name: 'Start Free Trial' })).toBeEnabled();
    await expectTrialOfferEverywhere(page);
  });
}

test('the test checkout\'s cancel link leaves the trial offer and no "Payment Processing"', async ({ page }) => {
  await createVerifiedUser(page, 'Canceller');
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page.getByText('TEST MODE — nothing is charged')).toBeVisible();
  await page
    .getByRole('button', { name: /cancel and return/i })
    .or(page.getByRole('link', { name: /cancel and return/i }))
    .click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expectTrialOfferEverywhere(page);
});

test('/checkout for a Premium user says so and offers billing management, never a charge', async ({ page }) => {
  await createVerifiedUser(page, 'Prem');
  await makePremium(page);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: "You're on Premium" })).toBeVisible();
  await expect(page.getByText(/charged today|already used your free trial/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Subscribe Now|Start Free Trial/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page.getByText('TEST MODE — nothing is charged')).toBeVisible();
});
