import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiScan, createVerifiedUser, PASSWORD, saveScreenshots, startTrial, uniqueEmail } from './scan-fixtures';

/**
 * The account page (/account) in the browser: profile, plan badge, billing, coming-soon actions, the real
 * data export (DESIGN.md section 3.5) and account deletion (refused while a subscription would still bill,
 * allowed after cancelling in the portal, then signed out); the route table's setup_required row; axe on
 * /account and the checkout page.
 */

const EXPORT_MESSAGE = 'Account export check: is the blue bicycle still for sale? I can pay cash on Friday.';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

async function signedInPage(browser: Browser, baseURL: string, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  return { context, page };
}

test('signed out, /account asks to sign in', async ({ page }) => {
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(page.getByText('Please sign in to manage your account and billing.', { exact: false })).toBeVisible();
});

test('before payment setup, /account, /settings, /scan and /dashboard show the checkout page and / the payment setup gate', async ({ page }) => {
  await createVerifiedUser(page, 'Gate');
  for (const path of ['/account', '/settings', '/scan', '/dashboard']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Start Your Free Trial' }), path).toBeVisible();
  }
  await page.goto('/');
  const gate = page.getByTestId('payment-setup-gate');
  await expect(gate.getByRole('heading', { name: 'Start your free trial' })).toBeVisible();
  await gate.getByRole('link', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(/\/checkout\?plan=premium&trial=true/);
  await expect(page.getByRole('heading', { name: 'Start Your Free Trial' })).toBeVisible();
});

test('export downloads the JSON with the scan; delete is refused while subscribed, allowed after cancelling, then signed out', async ({ page }) => {
  const { email } = await createVerifiedUser(page, 'Ada');
  await startTrial(page);
  await apiScan(page.request, EXPORT_MESSAGE);

  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByTestId('plan-badge')).toHaveText('TRIAL');
  await expect(page.getByTestId('billing-plan')).toContainText('Premium Trial');
  await expect(page.getByTestId('billing-status')).toHaveText('Trialing');

  // Coming-soon actions (product-spec.md section 2).
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Changing your password will be available soon.' })).toBeVisible();

  // Export My Data: a real JSON file at once.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export My Data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^redflag-export-\d{4}-\d{2}-\d{2}\.json$/);
  const file = await download.path();
  const exported = await readFile(file, 'utf8');
  expect(exported).toContain(EXPORT_MESSAGE);
  expect(exported).toContain(email);
  expect(() => JSON.parse(exported) as unknown).not.toThrow();
  // The toast's text also sits in its screen-reader live region: look at the visible toast.
  await expect(page.getByText('Your data was downloaded', { exact: true })).toBeVisible();

  // Delete: the typed e-mail must match (422), and a subscription that would still bill refuses (409).
  await page.getByRole('button', { name: 'Delete Account' }).click();
  let dialog = page.getByRole('dialog', { name: 'DELETE ACCOUNT' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Type your e-mail address to confirm').fill(uniqueEmail('someone-else'));
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Type your account e-mail address to confirm deletion');
  await dialog.getByLabel('Type your e-mail address to confirm').fill(email);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Cancel your subscription in the billing portal first, then delete your account.');
  await dialog.getByRole('button', { name: 'Keep my account' }).click();
  await expect(dialog).toBeHidden();

  // Cancel in the portal, from the account page; the portal returns here.
  await page.getByRole('button', { name: 'Manage payment methods and subscription' }).click();
  await expect(page.getByText('TEST MODE — nothing is charged')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByTestId('portal-status')).toContainText('Cancels on');
  await page.goto('/account');
  await expect(page.getByTestId('billing-status')).toContainText('Cancels on');

  // Now deletion goes through, signs out and lands on /.
  await page.getByRole('button', { name: 'Delete Account' }).click();
  dialog = page.getByRole('dialog', { name: 'DELETE ACCOUNT' });
  await dialog.getByLabel('Type your e-mail address to confirm').fill(email);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Account deleted', { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' })).toBeVisible();
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD } });
  expect(signIn.status()).toBe(401);
});

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`/account and the checkout page have no serious or critical axe violation (${name})`, async ({ browser, baseURL }) => {
    const { context, page } = await signedInPage(browser, baseURL ?? '', viewport);
    try {
      await createVerifiedUser(page, 'Axel');
      await page.goto('/checkout');
      await expect(page.getByRole('heading', { name: 'Start Your Free Trial' })).toBeVisible();
      await saveScreenshots(page, `checkout-${name}`);
      expect(await seriousViolations(page)).toEqual([]);

      await startTrial(page);
      await page.goto('/account');
      await expect(page.getByTestId('billing-plan')).toContainText('Premium Trial');
      if (name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
      const badge = page.getByRole('navigation', { name: name === 'phone' ? 'Mobile' : 'Main' }).getByTestId('plan-header-badge');
      await expect(badge).toBeVisible();
      await expect(badge).toHaveText('TRIAL');
      await saveScreenshots(page, `header-badge-${name}`);
      if (name === 'phone') await page.getByRole('button', { name: 'Close menu' }).click();
      await saveScreenshots(page, `account-${name}`);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Delete Account' }).click();
      await expect(page.getByRole('dialog', { name: 'DELETE ACCOUNT' })).toBeVisible();
      await saveScreenshots(page, `account-delete-dialog-${name}`);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
