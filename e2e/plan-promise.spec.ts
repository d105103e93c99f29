import { expect, test, type Locator, type Page } from '@playwright/test';
import { analyzer, apiScan, createVerifiedUser, LEGIT_MESSAGE, SCAM_MESSAGE, startTrial } from './scan-fixtures';

/**
 * What each plan gives, said the same way everywhere and given as said (docs/design.md §3 item 8
 * and the table in section 4): a trial started with a card gets the phone and e-mail checks checkout lists,
 * within its scans; a signed-in user with no plan sees those fields locked, not a dialog that eats the
 * keystroke; the landing says next to the box what a result takes; the trial-limit dialog says one thing.
 */

/** The texts of a plan-features list, in order. */
async function planFeatures(scope: Locator): Promise<string[]> {
  const list = scope.getByTestId('plan-features');
  await expect(list).toBeVisible();
  return (await list.locator('li').allInnerTexts()).map((t) => t.trim());
}

/** The long UTC date the billing texts use ("December 1, 2026"). */
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

async function trialEndsAt(page: Page): Promise<string> {
  const status = (await (await page.request.get('/api/users/trial-status')).json()) as { trialEndsAt: string | null };
  expect(status.trialEndsAt).toBeTruthy();
  return status.trialEndsAt ?? '';
}

test('a trial user types a phone number and an e-mail address without any dialog, and the scan checks both within the trial', async ({
  page,
}) => {
  await createVerifiedUser(page, 'Trina');
  await startTrial(page);
  await page.goto('/scan');
  const scan = analyzer(page);
  await scan.message.fill(
    'Hi, I sent the payment via Zelle. Please share the verification code I sent you to confirm.',
  );
  await scan.phone.pressSequentially('+1 415 555 0100');
  await scan.email.pressSequentially('support@paypa1-secure.com');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(scan.phone).toHaveValue('+1 415 555 0100');
  await expect(scan.email).toHaveValue('support@paypa1-secure.com');
  await expect(scan.card.getByText('Premium', { exact: true })).toHaveCount(0);

  const answered = page.waitForResponse((r) => r.url().endsWith('/api/scans') && r.request().method() === 'POST');
  await scan.submit.click();
  expect((await answered).status()).toBe(200);
  const result = page.getByTestId('scan-result');
  await expect(result.getByTestId('phone-findings')).toContainText('+14155550100', { timeout: 15_000 });
  await expect(result.getByTestId('email-findings')).toContainText('support@paypa1-secure.com');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // It was one of the trial's scans, and nothing was charged.
  const usage = (await (await page.request.get('/api/users/scan-usage')).json()) as {
    scanCount: number;
    unlimited: boolean;
  };
  expect(usage).toMatchObject({ scanCount: 1, unlimited: false });
  const plan = (await (await page.request.get('/api/users/plan')).json()) as {
    subscriptionStatus: string;
    isPremium: boolean;
  };
  expect(plan).toMatchObject({ subscriptionStatus: 'trialing', isPremium: false });
});

test('a signed-in user with no plan sees the phone and e-mail fields locked with a Premium label and a way to start the trial; keys open no dialog', async ({
  page,
}) => {
  const { email } = await createVerifiedUser(page, 'Lockie');
  // A signed-in account whose plan has ended (tier free, inactive): it reaches the scan page but has no plan.
  await page.route('**/api/auth/user', async (route) => {
    const real = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ json: { ...real, email, subscriptionStatus: 'inactive', paymentSetupComplete: true } });
  });
  await page.goto('/scan');
  await expect(page.getByRole('heading', { level: 1, name: /scan for scams/i })).toBeVisible();
  const scan = analyzer(page);
  await expect(scan.phone).toBeDisabled();
  await expect(scan.email).toBeDisabled();
  const locked = scan.card.getByTestId('sender-locked');
  await expect(locked).toBeVisible();
  await expect(scan.card.getByText('Premium', { exact: true })).toHaveCount(2);
  await expect(locked.getByRole('link', { name: /start your free trial/i })).toHaveAttribute('href', '/checkout');
  // The keyboard cannot land in a locked field, and typing anywhere opens nothing.
  await scan.message.fill(LEGIT_MESSAGE);
  await scan.message.press('Tab');
  await page.keyboard.type('4155550100');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(scan.phone).toHaveValue('');
});

test('landing pricing, checkout and the trial dialog list the same things, the trial included', async ({ page }) => {
  await page.goto('/');
  const pricing = page.locator('#pricing');
  const onLanding = await planFeatures(pricing);
  expect(onLanding).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^Phone number verification/),
      expect.stringMatching(/^Email verification/),
    ]),
  );
  const trialLine = (await pricing.getByTestId('trial-gives').innerText()).trim();
  expect(trialLine).toMatch(/7 days or 5 scans, whichever comes first/);

  await createVerifiedUser(page, 'Lister');
  await page.goto('/checkout');
  const checkout = page.getByRole('main');
  expect(await planFeatures(checkout)).toEqual(onLanding);
  expect((await checkout.getByTestId('trial-gives').innerText()).trim()).toBe(trialLine);

  await startTrial(page);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByTestId('plan-header-badge').click();
  const dialog = page.getByRole('dialog');
  expect(await planFeatures(dialog)).toEqual(onLanding);
  expect((await dialog.getByTestId('trial-gives').innerText()).trim()).toBe(trialLine);
});

test('the landing says next to the analyzer what a result takes: the free trial, card required, nothing charged today', async ({
  page,
}) => {
  await page.goto('/');
  const section = page.locator('#analyzer');
  await expect(section).not.toContainText(/free to try/i);
  await expect(section).not.toContainText(/it takes seconds/i);
  const note = analyzer(page).card.getByTestId('analyzer-trial-note');
  await expect(note).toBeVisible();
  await expect(note).toContainText('7 days or 5 scans, whichever comes first');
  await expect(note).toContainText(/card required/i);
  await expect(note).toContainText(/nothing (is )?charged today/i);
  await expect(note).toContainText(/your message is kept/i);
  // The note sits by the box, above the button, not somewhere further down the page.
  const noteBox = await note.boundingBox();
  const buttonBox = await analyzer(page).submit.boundingBox();
  expect(noteBox && buttonBox && noteBox.y < buttonBox.y).toBe(true);
});

test('the trial-limit dialog says one consistent thing: the scans are used, nothing is charged, and the date Premium starts unless activated now', async ({
  page,
}) => {
  await createVerifiedUser(page, 'Lima');
  await startTrial(page);
  for (let i = 0; i < 5; i++) await apiScan(page.request, `${LEGIT_MESSAGE} (${i})`);
  const ends = longDate(await trialEndsAt(page));
  await page.goto('/scan');
  const scan = analyzer(page);
  await scan.message.fill(SCAM_MESSAGE);
  await scan.submit.click();
  const dialog = page.getByRole('dialog', { name: 'TRIAL LIMIT REACHED' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("You've used all 5 trial scans");
  await expect(dialog).toContainText('nothing has been charged');
  await expect(dialog).not.toContainText(/continues until/i);
  // What happens if the user waits, with the date it happens on.
  await expect(dialog.getByTestId('trial-limit-wait')).toContainText(ends);
  await expect(dialog.getByTestId('trial-limit-wait')).toContainText(/no more scans until then/i);
});
