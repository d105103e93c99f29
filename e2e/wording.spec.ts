import { expect, test } from '@playwright/test';
import { apiScan, createVerifiedUser, startTrial } from './scan-fixtures';

/**
 * Words that said something untrue or narrow: RedFlag is for everyone, not marketplace
 * sellers; the score is out of 100, not a percentage; the footer's year is this year; a wrong password is
 * called that; the recovery dialog promises no "one click" and names only the sign-in methods offered.
 */

test('About is for everyone, the footer has this year, a wrong password says so, and recovery names no missing sign-in', async ({
  page,
}) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main')).not.toContainText('marketplace sellers');
  expect(await page.title()).not.toContain('marketplace sellers');
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} RedFlag`);

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('nobody-here@example.com');
  await dialog.getByLabel('Password', { exact: true }).fill('not-the-right-password-1');
  await dialog.getByRole('button', { name: /^sign in$/i }).click();
  await expect(dialog.getByText('Incorrect email or password')).toBeVisible();
  await expect(dialog.getByText('Sign In Required')).toHaveCount(0);

  // The magic-link dialog: no "one click", and no Google or Facebook when neither is configured.
  await dialog.getByRole('button', { name: /magic link recovery/i }).click();
  const recovery = page.getByTestId('recovery-dialog');
  await expect(recovery.getByRole('heading', { name: 'QUICK RECOVERY' })).toBeVisible();
  await expect(recovery).not.toContainText(/one click/i);
  await expect(recovery).not.toContainText(/google|facebook/i);
  await expect(recovery.getByRole('button', { name: 'SEND RECOVERY LINK' })).toBeVisible();
});

test('the dashboard speaks to everyone and shows the average score out of 100', async ({ page }) => {
  await createVerifiedUser(page, 'Dana');
  await startTrial(page);
  await page.goto('/dashboard');
  await expect(page.getByText(/no scans yet/i)).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('main')).not.toContainText(/buyer/i);

  await apiScan(
    page.request,
    'URGENT: your bank account is locked. Verify now at http://secure-bank-verify.top/login or it will be closed today.',
  );
  await page.reload();
  const average = page
    .getByTestId('stat-cards')
    .getByText(/avg risk score/i)
    .locator('..');
  await expect(average).toContainText(/\d+\/100/, { timeout: 15_000 });
  await expect(page.getByTestId('stat-cards')).not.toContainText('%');
});
