import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiScan, createVerifiedUser, PASSWORD, saveScreenshots, startTrial, uniqueEmail } from './scan-fixtures';
import { axeViolations } from './axe';

/**
 * The account and settings pages in the browser: change password and e-mail with
 * errors kept inline, no button that does not work, deletion that cancels a renewing subscription in the
 * same dialog, one plan status on dashboard, account, settings and header; the real data export; the route
 * table's setup_required row; axe and keyboard focus on /account and /settings.
 */

const EXPORT_MESSAGE = 'Account export check: is the blue bicycle still for sale? I can pay cash on Friday.';
const NEW_PASSWORD = 'Quiet-Harbour-Lantern-2031';

interface Mail {
  to: string;
  subject: string;
  kind?: string;
  text: string;
  links: string[];
}

async function mailbox(page: Page): Promise<Mail[]> {
  return (await (await page.request.get('/dev/mailbox.json')).json()) as Mail[];
}

// The account page also keeps its headings in order (axe rates heading-order moderate).
const seriousViolations = (page: Page) => axeViolations(page, { alsoFail: ['heading-order'] });

async function signedInPage(browser: Browser, baseURL: string, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  return { context, page };
}

test('signed out, /account asks to sign in', async ({ page }) => {
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(page.getByText('Please sign in to manage your account and billing.', { exact: false })).toBeVisible();
});

test('before payment setup, /account, /settings, /scan and /dashboard show the checkout page and / the payment setup gate', async ({
  page,
}) => {
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

test('every button on /account works: none says "Coming soon", and the removed ones are gone', async ({ page }) => {
  await createVerifiedUser(page, 'Buttons');
  await startTrial(page);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  for (const gone of ['Edit profile', 'Notification preferences', 'Two-factor authentication']) {
    await expect(page.getByRole('button', { name: gone })).toHaveCount(0);
  }
  for (const name of ['Change e-mail', 'Change password']) {
    await page.getByRole('button', { name }).click();
    await expect(page.getByRole('form', { name })).toBeVisible();
    await page.getByRole('form', { name }).getByRole('button', { name: 'Cancel' }).click();
    // The form closes and keyboard focus goes back to the button that opened it.
    await expect(page.getByRole('button', { name })).toBeFocused();
  }
  await expect(page.getByText('Coming soon')).toHaveCount(0);
});

test('change password: a wrong current password is said under its field and keeps the form; then the new password signs in and the old one does not', async ({
  page,
}) => {
  const { email } = await createVerifiedUser(page, 'Pat');
  await startTrial(page);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Change password' }).click();
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('Not-The-Password-99');
  await form.getByLabel('New password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Save new password' }).click();
  await expect(form.getByText('Your current password is not correct.')).toBeVisible();
  await expect(form.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('New password')).toHaveValue(NEW_PASSWORD);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A weak new password: the server's rule under the new password, the current one kept.
  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByLabel('New password').fill('password');
  await form.getByRole('button', { name: 'Save new password' }).click();
  await expect(form.getByLabel('New password')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Current password')).toHaveValue(PASSWORD);

  await form.getByLabel('New password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change password' })).toBeFocused();

  const context = page.context();
  await context.clearCookies();
  expect((await page.request.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD } })).status()).toBe(
    401,
  );
  expect(
    (await page.request.post('/api/auth/sign-in/email', { data: { email, password: NEW_PASSWORD } })).status(),
  ).toBe(200);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
});

test('change e-mail: the confirmation mail goes to the current address, its link sends the verification to the new one, which asks for the password, then signs in', async ({
  page,
}) => {
  const { email } = await createVerifiedUser(page, 'Eve');
  await startTrial(page);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Change e-mail' }).click();
  const form = page.getByRole('form', { name: 'Change e-mail' });
  await form.getByLabel('New e-mail address').fill('not-an-address');
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(form.getByLabel('New e-mail address')).toHaveValue('not-an-address');

  const newEmail = uniqueEmail('eve-new');
  await form.getByLabel('New e-mail address').fill(newEmail);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'open the link we sent to approve the change' }),
  ).toBeVisible();

  let confirm: Mail | undefined;
  await expect
    .poll(
      async () =>
        (confirm = (await mailbox(page)).find((m) => m.to === email && m.links.some((l) => l.includes('token')))),
    )
    .toBeTruthy();
  const confirmLink = new URL(confirm?.links.find((l) => l.includes('token')) ?? '/');
  await page.goto(confirmLink.pathname + confirmLink.search);

  let verify: Mail | undefined;
  await expect
    .poll(
      async () =>
        (verify = (await mailbox(page)).find((m) => m.to === newEmail && m.links.some((l) => l.includes('token')))),
    )
    .toBeTruthy();
  const verifyLink = new URL(verify?.links.find((l) => l.includes('token')) ?? '/');
  await page.goto(verifyLink.pathname + verifyLink.search);
  // The link proves the new mailbox, not the account (decision 132): the account's password finishes it.
  const finish = page.getByRole('form', { name: 'Finish changing your e-mail' });
  await finish.getByLabel('Your RedFlag password').fill(PASSWORD);
  await finish.getByRole('button', { name: 'CHANGE MY E-MAIL' }).click();
  await expect
    .poll(async () => ((await (await page.request.get('/api/auth/user')).json()) as { email: string }).email)
    .toBe(newEmail);
  await page.goto('/account');
  await expect(page.getByTestId('account-email')).toContainText(newEmail.split('@')[0] ?? '');
});

test('one plan status: right after the trial starts, dashboard, account, settings and header all say trial; after cancelling, all say so', async ({
  page,
}) => {
  await createVerifiedUser(page, 'Tess');
  await startTrial(page);
  await page.goto('/dashboard');
  const usage = page.getByTestId('scan-usage');
  await expect(usage).toContainText('Free trial');
  await expect(usage).not.toContainText(/free tier/i);
  await expect(usage.getByRole('link', { name: /upgrade|subscribe|start free trial/i })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByTestId('plan-header-badge')).toHaveText('TRIAL');

  await page.goto('/account');
  await expect(page.getByTestId('plan-badge')).toHaveText('TRIAL');
  const accountStatus = (await page.getByTestId('billing-status').textContent()) ?? '';
  expect(accountStatus).toMatch(/^7 days left, first charge on /);

  await page.goto('/settings');
  await expect(page.getByTestId('settings-plan').getByTestId('plan-badge')).toHaveText('TRIAL');
  await expect(page.getByTestId('plan-status')).toHaveText(accountStatus);
  // No raw ids on the settings page.
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: string };
  await expect(page.locator('main')).not.toContainText(me.id);
  await expect(page.getByText('User ID')).toHaveCount(0);

  // Cancelled in the portal: every page says the same, none says "active".
  await page.goto('/account');
  await page.getByRole('button', { name: 'Manage payment methods and subscription' }).click();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByTestId('portal-status')).toContainText('Cancels on');
  await page.goto('/account');
  await expect(page.getByTestId('billing-status')).toContainText('Trial cancelled: ends on');
  const cancelled = (await page.getByTestId('billing-status').textContent()) ?? '';
  await page.goto('/settings');
  await expect(page.getByTestId('plan-status')).toHaveText(cancelled);
  await expect(page.locator('main')).not.toContainText(/active/i);
});

test('export downloads the JSON with the scan; delete with a trial running offers to cancel it in the same dialog, then deletes and signs out', async ({
  page,
}) => {
  const { email } = await createVerifiedUser(page, 'Ada');
  await startTrial(page);
  await apiScan(page.request, EXPORT_MESSAGE);

  await page.goto('/account');
  await expect(page.getByTestId('plan-badge')).toHaveText('TRIAL');

  // Export My Data: a real JSON file at once.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export My Data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^redflag-export-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = await readFile(await download.path(), 'utf8');
  expect(exported).toContain(EXPORT_MESSAGE);
  expect(exported).toContain(email);
  await expect(page.getByText('Your data was downloaded', { exact: true })).toBeVisible();

  // The dialog says up front that the trial is cancelled first; Esc returns focus to the button.
  const deleteButton = page.getByRole('button', { name: 'Delete Account' });
  await deleteButton.click();
  const dialog = page.getByRole('dialog', { name: 'Delete account' });
  await expect(dialog.getByTestId('delete-cancels-subscription')).toContainText(
    'Your free trial turns into Premium when it ends and would charge your card',
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();

  // A typo is caught before anything is cancelled.
  await deleteButton.click();
  await dialog.getByLabel('Type your e-mail address to confirm').fill(uniqueEmail('someone-else'));
  await dialog.getByRole('button', { name: 'Cancel subscription and delete account' }).click();
  await expect(dialog.getByText('This does not match your e-mail address.')).toBeVisible();
  expect((await mailbox(page)).filter((m) => m.to === email && /cancelled/i.test(m.subject))).toHaveLength(0);

  await dialog.getByLabel('Type your e-mail address to confirm').fill(email);
  // The subscription is cancelled first, then the account is deleted. One last "account deleted" mail says
  // the trial was cancelled with it; the cancellation's own notice ("you keep access... resume on your
  // account page") is not sent to an account that is gone (decision 093).
  const cancelled = page.waitForResponse(
    (r) => r.url().endsWith('/api/billing/cancel') && r.request().method() === 'POST',
  );
  const deleted = page.waitForResponse((r) => r.url().endsWith('/api/account/delete'));
  await dialog.getByRole('button', { name: 'Cancel subscription and delete account' }).click();
  expect((await cancelled).status()).toBe(200);
  expect(((await (await cancelled).json()) as { cancelAtPeriodEnd: boolean }).cancelAtPeriodEnd).toBe(true);
  expect((await deleted).status()).toBe(200);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Account deleted', { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' })).toBeVisible();
  expect((await page.request.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD } })).status()).toBe(
    401,
  );
  const after = (await mailbox(page)).filter((m) => m.to === email);
  expect(after.map((m) => m.subject)).toEqual(['Your RedFlag account was deleted']);
  expect(after[0]?.text).toContain('Your free trial was cancelled with your account: you will not be charged.');
  expect(after.map((m) => m.text).join('\n')).not.toMatch(/resume|keep access/i);
});

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`/account, /settings and the checkout page have no serious axe violation and no heading skip (${name})`, async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await signedInPage(browser, baseURL ?? '', viewport);
    try {
      await createVerifiedUser(page, 'Axel');
      await page.goto('/checkout');
      await expect(page.getByRole('heading', { name: 'Start Your Free Trial' })).toBeVisible();
      await saveScreenshots(page, `checkout-${name}`);
      expect(await seriousViolations(page)).toEqual([]);

      await startTrial(page);
      await page.goto('/account');
      await expect(page.getByTestId('billing-plan')).toContainText('Free trial');
      if (name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
      const badge = page
        .getByRole('navigation', { name: name === 'phone' ? 'Mobile' : 'Main' })
        .getByTestId('plan-header-badge');
      await expect(badge).toHaveText('TRIAL');
      if (name === 'phone') await page.getByRole('button', { name: 'Close menu' }).click();
      // Nothing wider than the screen (a long e-mail address wraps between its parts).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await saveScreenshots(page, `account-${name}`);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByRole('button', { name: 'Change e-mail' }).click();
      await saveScreenshots(page, `account-forms-${name}`);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Delete Account' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete account' })).toBeVisible();
      await saveScreenshots(page, `account-delete-dialog-${name}`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await page.goto('/settings');
      await expect(page.getByTestId('plan-status')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await saveScreenshots(page, `settings-${name}`);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
