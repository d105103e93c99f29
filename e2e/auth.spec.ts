import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Accounts in the browser, on the embedded default with the dev outbox: sign up in the auth dialog,
 * verify through the link in /dev/mailbox.json, land on the dashboard with the toast; sign out and in;
 * recover with a magic link; the error dialog; axe on every accounts dialog (and the contact dialog; its
 * journey is in contact.spec.ts).
 */

interface Mail {
  to: string;
  subject: string;
  kind: string;
  links: string[];
}

async function mailsTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const res = await request.get('/dev/mailbox.json');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as Mail[]).filter((m) => m.to === to.toLowerCase());
}

async function linkFrom(request: APIRequestContext, to: string, kind: string, contains: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      link = (await mailsTo(request, to)).find((m) => m.kind === kind)?.links.find((l) => l.includes(contains));
      return Boolean(link);
    })
    .toBe(true);
  return link ?? '';
}

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const PASSWORD = 'Browser-Journey-Passphrase-7';

async function openDialog(page: Page, button: 'Login' | 'Sign Up') {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: 'GET PROTECTED' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function signUpAndVerify(page: Page, email: string, firstName: string) {
  const request = page.request;
  const res = await request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, firstName, callbackURL: '/dashboard?verified=true' },
  });
  expect(res.ok()).toBe(true);
  await page.goto(await linkFrom(request, email, 'verification', '/api/auth/verify-email'));
}

async function accountMenu(page: Page, label: string) {
  return page.getByRole('button', { name: `Account menu for ${label}` });
}

test('a newcomer signs up in the dialog, verifies from the outbox and lands on the dashboard with the toast', async ({
  page,
}) => {
  const email = unique('newcomer');
  await page.goto('/');
  const dialog = await openDialog(page, 'Sign Up');
  await expect(dialog.getByRole('tab', { name: 'SIGN UP' })).toHaveAttribute('aria-selected', 'true');
  await dialog.getByLabel('First name').fill('Nora');
  await dialog.getByLabel('Last name').fill('Newcomer');
  await dialog.getByLabel('Email').fill(email);
  const password = dialog.getByLabel('Password', { exact: true });
  await password.fill(PASSWORD);
  await expect(password).toHaveAttribute('type', 'password');
  await dialog.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await dialog.getByRole('button', { name: 'CREATE ACCOUNT' }).click();

  const verify = page.getByRole('dialog', { name: 'CHECK YOUR EMAIL' });
  await expect(verify).toBeVisible();
  await expect(verify).toContainText(email);
  await verify.getByRole('button', { name: 'RESEND VERIFICATION EMAIL' }).click();
  await expect(verify.getByRole('button', { name: 'SENDING...' })).toBeDisabled();
  await expect(verify.getByRole('button', { name: 'RESEND VERIFICATION EMAIL' })).toBeEnabled({ timeout: 5000 });
  await expect.poll(async () => (await mailsTo(page.request, email)).length).toBe(2);
  await verify.getByRole('button', { name: "I'll verify later" }).click();
  await expect(verify).toBeHidden();

  await page.goto(await linkFrom(page.request, email, 'verification', '/api/auth/verify-email'));
  await expect(page.getByText('Email Verified Successfully! 🎉', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(await accountMenu(page, 'Nora')).toBeVisible();
});

test('an existing address gets "Account Already Exists"; a weak password gets the error dialog', async ({ page }) => {
  const email = unique('existing');
  await signUpAndVerify(page, email, 'Ezra');
  await page.context().clearCookies();
  await page.goto('/');
  let dialog = await openDialog(page, 'Sign Up');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
  await expect(page.getByText('Account Already Exists', { exact: true })).toBeVisible();

  await page.goto('/');
  dialog = await openDialog(page, 'Sign Up');
  await dialog.getByLabel('Email').fill(unique('weak'));
  await dialog.getByLabel('Password', { exact: true }).fill('password123');
  await dialog.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
  const error = page.getByRole('alertdialog');
  await expect(error.getByRole('heading', { name: 'Invalid Information' })).toBeVisible();
  await expect(error).toContainText('too common');
});

test('sign out, then sign in again: "Welcome back!", the session survives a reload', async ({ page }) => {
  const email = unique('returning');
  await signUpAndVerify(page, email, 'Rosa');
  await expect(await accountMenu(page, 'Rosa')).toBeVisible();

  await (await accountMenu(page, 'Rosa')).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' })).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByText('Please sign in to access settings')).toBeVisible();
  await page.goto('/');

  // A wrong password: the error dialog with its Sign In button.
  let dialog = await openDialog(page, 'Login');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('not-my-password-1');
  await dialog.getByRole('button', { name: 'SIGN IN' }).click();
  const error = page.getByRole('alertdialog');
  await expect(error.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
  await error.getByRole('button', { name: 'Sign In' }).click();

  dialog = page.getByRole('dialog', { name: 'GET PROTECTED' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  await expect(await accountMenu(page, 'Rosa')).toBeVisible();

  await page.reload();
  await expect(await accountMenu(page, 'Rosa')).toBeVisible();
});

test('magic-link recovery from the sign-in dialog signs the user back in', async ({ page }) => {
  const email = unique('recover');
  await signUpAndVerify(page, email, 'Remy');
  await page.context().clearCookies();
  await page.goto('/');

  const dialog = await openDialog(page, 'Login');
  await dialog.getByRole('button', { name: 'Get Magic Link Recovery' }).click();
  const recovery = page.getByRole('dialog', { name: 'QUICK RECOVERY' });
  await expect(recovery).toBeVisible();
  await recovery.getByRole('button', { name: 'SEND RECOVERY LINK' }).click();
  await expect(page.getByText('Email Required', { exact: true })).toBeVisible();
  await recovery.getByLabel('Email').fill(email);
  await recovery.getByRole('button', { name: 'SEND RECOVERY LINK' }).click();
  const sent = page.getByRole('dialog', { name: 'Check Your Email' });
  await expect(sent).toContainText('expires in 60 minutes');
  await expect(page.getByText('Magic Link Sent!', { exact: true })).toBeVisible();

  const link = await linkFrom(page.request, email, 'magic_link', '/api/auth/magic-link/verify');
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  await expect(await accountMenu(page, 'Remy')).toBeVisible();

  // The link works once.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole('alertdialog')).toContainText('expired or was already used');
});

test.describe('accessibility of the accounts dialogs', () => {
  async function expectNoSeriousViolations(page: Page, include: string) {
    const results = await new AxeBuilder({ page })
      .include(include)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }

  test('auth dialog (both tabs, desktop and phone), recovery, verification, error and contact dialogs', async ({
    browser,
    baseURL,
  }) => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.goto('/');
      await page.evaluate(() =>
        window.dispatchEvent(new CustomEvent('triggerAuthModal', { detail: { tab: 'signin' } })),
      );
      const dialog = page.getByRole('dialog', { name: 'GET PROTECTED' });
      await expect(dialog).toBeVisible();
      if (viewport.width <= 768) {
        const box = await dialog.boundingBox();
        expect(box?.width).toBe(viewport.width);
      }
      await expectNoSeriousViolations(page, '[role="dialog"]');
      await dialog.getByRole('tab', { name: 'SIGN UP' }).click();
      await expectNoSeriousViolations(page, '[role="dialog"]');

      await dialog.getByRole('tab', { name: 'SIGN IN' }).click();
      await dialog.getByRole('button', { name: 'Get Magic Link Recovery' }).click();
      await expect(page.getByRole('dialog', { name: 'QUICK RECOVERY' })).toBeVisible();
      await expectNoSeriousViolations(page, '[role="dialog"]');
      await page.keyboard.press('Escape');

      await page.evaluate(() =>
        window.dispatchEvent(new CustomEvent('triggerAuthModal', { detail: { tab: 'signin' } })),
      );
      await dialog.getByLabel('Email').fill('nobody@example.com');
      await dialog.getByLabel('Password', { exact: true }).fill('Wrong-Password-1');
      await dialog.getByRole('button', { name: 'SIGN IN' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectNoSeriousViolations(page, '[role="alertdialog"]');
      await page.keyboard.press('Escape');

      await page.evaluate(() => window.dispatchEvent(new CustomEvent('openContactDialog')));
      await expect(page.getByRole('dialog', { name: 'CONTACT US' })).toBeVisible();
      await expectNoSeriousViolations(page, '[role="dialog"]');
      await context.close();
    }

    // CHECK YOUR EMAIL after a sign-up in the dialog.
    const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/');
    const dialog = await openDialog(page, 'Sign Up');
    await dialog.getByLabel('Email').fill(unique('axe'));
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    await expect(page.getByRole('dialog', { name: 'CHECK YOUR EMAIL' })).toBeVisible();
    await expectNoSeriousViolations(page, '[role="dialog"]');
    await context.close();
  });
});
