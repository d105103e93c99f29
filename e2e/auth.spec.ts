import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations } from './axe';

/**
 * Accounts in the browser, on the embedded default with the dev outbox: sign up in the auth dialog,
 * verify through the link in /dev/mailbox.json, choose the password on the dashboard (decision 107: the link
 * proves the mailbox, not the password typed at sign-up, which may be a stranger's); sign out and in;
 * recover with a magic link; errors inline with the typed values kept, resend from the sign-in error, the
 * page for used or expired links, keyboard focus; axe on every accounts dialog (and the contact
 * dialog; its journey is in contact.spec.ts).
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
const CHOSEN_PASSWORD = 'Mailbox-Owner-Chose-This-9';

async function openDialog(page: Page, button: 'Login' | 'Sign Up') {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: 'GET PROTECTED' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Login from the header, through the menu on a phone (where the header's Login is hidden). */
async function openLogin(page: Page) {
  const login = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' });
  if (await login.isVisible()) await login.click();
  else {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Login' }).click();
  }
}

/** CHOOSE YOUR PASSWORD, where a verification link lands. */
async function choosePassword(page: Page, password: string) {
  const dialog = page.getByRole('dialog', { name: 'CHOOSE YOUR PASSWORD' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('New password').fill(password);
  await dialog.getByRole('button', { name: 'SAVE PASSWORD' }).click();
  await expect(page.getByText('Password saved', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function signUpAndVerify(page: Page, email: string, firstName: string) {
  const request = page.request;
  const res = await request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, firstName, callbackURL: '/dashboard?verified=true' },
  });
  expect(res.ok()).toBe(true);
  await page.goto(await linkFrom(request, email, 'verification', '/api/auth/verify-email'));
  // The same password as at sign-up: it is the owner's own.
  await choosePassword(page, PASSWORD);
}

async function accountMenu(page: Page, label: string) {
  return page.getByRole('button', { name: `Account menu for ${label}` });
}

test('a newcomer signs up in the dialog, verifies from the outbox and chooses the password on the dashboard', async ({
  page,
}, testInfo) => {
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
  await expect(verify).toContainText('you will then choose the password you sign in with');
  await verify.getByRole('button', { name: 'RESEND VERIFICATION EMAIL' }).click();
  await expect(verify.getByRole('button', { name: 'SENDING...' })).toBeDisabled();
  await expect(verify.getByRole('button', { name: 'RESEND VERIFICATION EMAIL' })).toBeEnabled({ timeout: 5000 });
  await expect.poll(async () => (await mailsTo(page.request, email)).length).toBe(2);
  await verify.getByRole('button', { name: "I'll verify later" }).click();
  await expect(verify).toBeHidden();

  await page.goto(await linkFrom(page.request, email, 'verification', '/api/auth/verify-email'));
  // Signed in by the link; the password is chosen again, and the dialog says why.
  const choose = page.getByRole('dialog', { name: 'CHOOSE YOUR PASSWORD' });
  await expect(choose).toBeVisible();
  await expect(choose).toContainText(`Your email ${email} is confirmed and you are signed in.`);
  await expect(choose).toContainText('a password chosen before the address was confirmed no longer works');
  // The token is read and removed from the address at once.
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(
    await axeViolations(page, { include: '[role="dialog"]', tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }),
  ).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('choose-password.png') });
  // The server's password rules, under the field, the typed value kept.
  const field = choose.getByLabel('New password');
  await field.fill('password1234');
  await choose.getByRole('button', { name: 'SAVE PASSWORD' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(/too common/);
  await expect(field).toHaveValue('password1234');
  await choosePassword(page, CHOSEN_PASSWORD);
  await expect(await accountMenu(page, 'Nora')).toBeVisible();

  // The chosen password signs in; the one typed at sign-up no longer does.
  expect((await page.request.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD } })).status()).toBe(
    401,
  );
  expect(
    (await page.request.post('/api/auth/sign-in/email', { data: { email, password: CHOSEN_PASSWORD } })).status(),
  ).toBe(200);
});

test('someone signed up with your address: once you open the link, their password no longer signs in and you choose yours', async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = unique('pre-hijack');
  const attacker = await playwright.request.newContext({ baseURL });
  const ATTACKER_PASSWORD = 'Stranger-Picked-This-1';
  try {
    const signUp = await attacker.post('/api/auth/sign-up/email', {
      data: { email, password: ATTACKER_PASSWORD, firstName: 'Mallory', callbackURL: '/dashboard?verified=true' },
    });
    expect(signUp.ok()).toBe(true);

    // The owner of the mailbox opens the link it received, in their own browser.
    await page.goto(await linkFrom(page.request, email, 'verification', '/api/auth/verify-email'));
    await choosePassword(page, CHOSEN_PASSWORD);

    const refused = await attacker.post('/api/auth/sign-in/email', { data: { email, password: ATTACKER_PASSWORD } });
    expect(refused.status()).toBe(401);

    // The owner signs out and back in with the password they chose.
    await page.context().clearCookies();
    await page.goto('/');
    const dialog = await openDialog(page, 'Login');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(CHOSEN_PASSWORD);
    await dialog.getByRole('button', { name: 'SIGN IN' }).click();
    await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  } finally {
    await attacker.dispose();
  }
});

test('an existing address gets "Account Already Exists" inline, and "Sign in instead" carries the address over', async ({
  page,
}) => {
  const email = unique('existing');
  await signUpAndVerify(page, email, 'Ezra');
  await page.context().clearCookies();
  await page.goto('/');
  const dialog = await openDialog(page, 'Sign Up');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Account Already Exists');
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await alert.getByRole('button', { name: 'Sign in instead' }).click();
  await expect(dialog.getByRole('tab', { name: 'SIGN IN' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
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
  // The way in is on the page, and signing in comes first; recovery is for those who lost access.
  const actions = page.getByRole('main').getByRole('button');
  await expect(actions.first()).toHaveText('Sign In');
  await expect(page.getByRole('main').getByRole('button', { name: 'Forgot password? Quick Recovery' })).toBeVisible();
  await page.goto('/');

  const dialog = await openDialog(page, 'Login');
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
  await expect(recovery.getByLabel('Email')).toHaveAccessibleDescription('Please enter your email address');
  await expect(recovery.getByLabel('Email')).toBeFocused();
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
  await expect(page).toHaveURL(/\/link-expired/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link has expired or was already used');
  await expect(page.getByText('Authentication Required')).toHaveCount(0);
  await page.getByRole('button', { name: 'Send a new sign-in link' }).click();
  await expect(page.getByRole('dialog', { name: 'QUICK RECOVERY' })).toBeVisible();
});

test.describe('forms keep what people typed', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`a wrong password keeps the e-mail and shows the error inline (${viewport.width}x${viewport.height})`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(viewport);
      const email = unique('wrong-password');
      await signUpAndVerify(page, email, 'Wanda');
      await page.context().clearCookies();
      await page.goto('/');
      await openLogin(page);
      const dialog = page.getByRole('dialog', { name: 'GET PROTECTED' });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Password', { exact: true }).fill('not-my-password-1');
      await dialog.getByRole('button', { name: 'SIGN IN' }).click();

      const alert = dialog.getByRole('alert');
      await expect(alert).toContainText('Incorrect email or password');
      await expect(alert).toContainText('The email or password you entered does not match an account.');
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(dialog.getByLabel('Email')).toHaveValue(email);
      await expect(dialog.getByLabel('Password', { exact: true })).toHaveValue('not-my-password-1');
      await page.screenshot({ path: testInfo.outputPath(`sign-in-error-${viewport.width}.png`) });

      // The right password from the same form signs in.
      await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await dialog.getByRole('button', { name: 'SIGN IN' }).click();
      await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
    });
  }

  test('a weak password at sign-up keeps every field and says why under the password', async ({ page }, testInfo) => {
    const email = unique('weak');
    await page.goto('/');
    const dialog = await openDialog(page, 'Sign Up');
    await dialog.getByLabel('First name').fill('Wes');
    await dialog.getByLabel('Last name').fill('Weakling');
    await dialog.getByLabel('Email').fill(email);
    const password = dialog.getByLabel('Password', { exact: true });
    // Long enough for any minimum length, but on the common-password list.
    await password.fill('password1234');
    await dialog.getByRole('button', { name: 'CREATE ACCOUNT' }).click();

    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription(/too common/);
    await expect(password).toBeFocused();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(dialog.getByLabel('First name')).toHaveValue('Wes');
    await expect(dialog.getByLabel('Last name')).toHaveValue('Weakling');
    await expect(dialog.getByLabel('Email')).toHaveValue(email);
    await expect(password).toHaveValue('password1234');
    await page.screenshot({ path: testInfo.outputPath('sign-up-weak-password.png') });

    // An empty e-mail is caught before the request, under the field, and focused.
    await dialog.getByLabel('Email').fill('');
    await dialog.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Email')).toHaveAccessibleDescription('Please enter your email address');
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await expect(dialog.getByLabel('First name')).toHaveValue('Wes');
  });

  test('an unconfirmed account resends its verification link from the sign-in error', async ({ page }, testInfo) => {
    const email = unique('unconfirmed');
    const res = await page.request.post('/api/auth/sign-up/email', {
      data: { email, password: PASSWORD, firstName: 'Una', callbackURL: '/dashboard?verified=true' },
    });
    expect(res.ok()).toBe(true);
    await expect.poll(async () => (await mailsTo(page.request, email)).length).toBe(1);

    await page.goto('/');
    const dialog = await openDialog(page, 'Login');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'SIGN IN' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('Check Your Email');
    await expect(dialog.getByLabel('Email')).toHaveValue(email);
    await alert.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(alert).toContainText(`We sent a new link to ${email}`);
    await page.screenshot({ path: testInfo.outputPath('sign-in-unconfirmed.png') });
    await expect
      .poll(async () => (await mailsTo(page.request, email)).filter((m) => m.kind === 'verification').length)
      .toBe(2);

    // The new link confirms the account and signs in.
    const mails = await mailsTo(page.request, email);
    const newest = mails.filter((m) => m.kind === 'verification')[0]!;
    await page.goto(newest.links.find((l) => l.includes('/api/auth/verify-email'))!);
    // "Not now": signed in without a password, which a magic link replaces next time.
    const choose = page.getByRole('dialog', { name: 'CHOOSE YOUR PASSWORD' });
    await expect(choose).toContainText('sign in with a link we email you');
    await choose.getByRole('button', { name: 'Not now' }).click();
    await expect(choose).toBeHidden();
    await expect(await accountMenu(page, 'Una')).toBeVisible();
  });

  test('a broken verification link explains itself and offers a new one', async ({ page }, testInfo) => {
    const email = unique('broken-link');
    const res = await page.request.post('/api/auth/sign-up/email', {
      data: { email, password: PASSWORD, firstName: 'Bea', callbackURL: '/dashboard?verified=true' },
    });
    expect(res.ok()).toBe(true);
    const link = new URL(await linkFrom(page.request, email, 'verification', '/api/auth/verify-email'));
    link.searchParams.set('token', `${link.searchParams.get('token')}x`);
    await page.goto(link.toString());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link has expired or was already used');
    await expect(page.getByText('Authentication Required')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('verification-link-expired.png'), fullPage: true });
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send a new verification link' }).click();
    await expect(page.getByRole('main').getByRole('status')).toContainText(
      `If an account for ${email} still needs confirming`,
    );
    await expect.poll(async () => (await mailsTo(page.request, email)).length).toBe(2);
  });
});

test('the magic-link toast does not claim a link was sent to an address that may have no account', async ({ page }) => {
  await page.goto('/');
  const dialog = await openDialog(page, 'Login');
  await dialog.getByRole('button', { name: 'Get Magic Link Recovery' }).click();
  const recovery = page.getByRole('dialog', { name: 'QUICK RECOVERY' });
  await recovery.getByLabel('Email').fill(unique('nobody'));
  await recovery.getByRole('button', { name: 'SEND RECOVERY LINK' }).click();
  await expect(page.getByRole('dialog', { name: 'Check Your Email' })).toContainText('If an account exists for');
  // The toast says what the dialog says: no certainty that a mail went out (the server answers alike).
  const toast = page.locator('li', { hasText: 'Magic Link Sent!' });
  await expect(toast).toContainText('If an account exists for that address');
});

test('switching between the SIGN IN and SIGN UP tabs keeps what was typed in each', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'GET PROTECTED' });
  await dialog.getByLabel('Email').fill('kept-in-sign-in@example.com');
  await dialog.getByRole('tab', { name: 'SIGN UP' }).click();
  await dialog.getByLabel('First name').fill('Kept');
  await dialog.getByLabel('Email').fill('kept-in-sign-up@example.com');
  await dialog.getByRole('tab', { name: 'SIGN IN' }).click();
  await expect(dialog.getByLabel('Email')).toHaveValue('kept-in-sign-in@example.com');
  await dialog.getByRole('tab', { name: 'SIGN UP' }).click();
  await expect(dialog.getByLabel('Email')).toHaveValue('kept-in-sign-up@example.com');
  await expect(dialog.getByLabel('First name')).toHaveValue('Kept');
  // Closed and opened again: a fresh form, nothing kept.
  await page.keyboard.press('Escape');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
  await expect(dialog.getByLabel('Email')).toHaveValue('');
});

test.describe('auth dialog keyboard focus', () => {
  test('the first Tab lands on a visible control and Esc returns focus to the trigger', async ({ page }) => {
    await page.goto('/');
    const trigger = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'GET PROTECTED' });
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const el = document.activeElement;
        return el ? { tag: el.tagName, role: el.getAttribute('role') } : null;
      });
      expect(['BUTTON', 'INPUT', 'A']).toContain(focused?.tag);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('on a phone, Esc after Login from the menu returns focus to the menu button (the Login itself is hidden)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    await page.getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'GET PROTECTED' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});

test.describe('accessibility of the accounts dialogs', () => {
  async function expectNoSeriousViolations(page: Page, include: string) {
    expect(await axeViolations(page, { include, tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] })).toEqual([]);
  }

  test('auth dialog (both tabs, desktop and phone), recovery, verification, error and contact dialogs', async ({
    browser,
    baseURL,
  }) => {
    // Eleven axe runs in three browser contexts: over a minute on a busy two-core machine.
    test.setTimeout(150_000);
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.goto('/');
      await openLogin(page);
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

      await openLogin(page);
      await dialog.getByLabel('Email').fill('nobody@example.com');
      await dialog.getByLabel('Password', { exact: true }).fill('Wrong-Password-1');
      await dialog.getByRole('button', { name: 'SIGN IN' }).click();
      await expect(dialog.getByRole('alert')).toContainText('Incorrect email or password');
      await expectNoSeriousViolations(page, '[role="dialog"]');
      await page.keyboard.press('Escape');

      await page.getByRole('contentinfo').getByRole('button', { name: 'Contact Us' }).click();
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
