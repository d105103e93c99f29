import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiScan, choosePassword, LEGIT_MESSAGE, payOnTestCheckout, uniqueEmail } from './scan-fixtures';

/**
 * The billing journey on the embedded default (local test provider), through the UI wherever a person
 * would click: sign up in the auth dialog, verify with the link from the dev outbox and choose the password,
 * Start Free Trial on the checkout page, pay with 4242 on the test checkout, Payment Success to the
 * dashboard, the header's trial badge (and 'ND' near the end), no charge at the fifth scan, the reminder e-mail when the
 * badge starts counting down (TRIAL_WARNING_DAYS before the trial's end, decision 115), Premium only on the
 * trial-limit dialog's click (decision 041), PREMIUM on the account page,
 * cancel in the portal opened from the header's subscription dialog, and, after moving the server's clock
 * past the period end (TEST_CLOCK), FREE / cancelled on the account page. Each billing event leaves its
 * e-mail in the dev outbox. Only the five trial scans and the clock are set through the API.
 */

const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = 'Billing-Journey-Passphrase-1';

interface PlanView {
  planTier: string;
  subscriptionStatus: string;
  isPremium: boolean;
  trialDaysLeft: number;
  computedStatus: { status: string };
}

async function plan(request: APIRequestContext): Promise<PlanView> {
  const res = await request.get('/api/users/plan');
  expect(res.status()).toBe(200);
  return (await res.json()) as PlanView;
}

async function verificationLink(request: APIRequestContext, to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/dev/mailbox.json')).json()) as Array<{ to: string; links: string[] }>;
      link = mails.find((m) => m.to === to)?.links.find((l) => l.includes('/api/auth/verify-email'));
      return Boolean(link);
    })
    .toBe(true);
  const url = new URL(link ?? '/');
  return url.pathname + url.search;
}

/** The kinds of the billing mails sent to `to`, oldest first (the dev outbox lists newest first). */
async function billingMails(request: APIRequestContext, to: string): Promise<string[]> {
  const mails = (await (await request.get('/dev/mailbox.json')).json()) as Array<{ to: string; kind: string }>;
  return mails
    .filter((m) => m.to === to && m.kind !== 'verification')
    .map((m) => m.kind)
    .reverse();
}

const headerBadge = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByTestId('plan-header-badge');

test('a newcomer starts a trial with a test card, converts to Premium and cancels in the portal, all in the browser', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('billing');
  const request = page.request;

  // Sign up in the auth dialog: CHECK YOUR EMAIL (verification is on by default).
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'GET PROTECTED' });
  await dialog.getByLabel('First name').fill('Bill');
  await dialog.getByLabel('Last name').fill('Ing');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
  await expect(page.getByRole('dialog', { name: 'CHECK YOUR EMAIL' })).toContainText(email);

  // The link from the dev outbox signs the browser in and asks for the password (decision 107); until
  // payment setup the dashboard is the checkout.
  await page.goto(await verificationLink(request, email));
  await expect(page).toHaveURL(/\/dashboard/);
  await choosePassword(page, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Start Your Free Trial' })).toBeVisible();
  await expect(page.getByText('Free for 7 days or 5 scans, whichever comes first. Then $9.99/month.')).toBeVisible();
  expect((await plan(request)).subscriptionStatus).toBe('setup_required');

  // The checkout page's Start Free Trial → the hosted-style test checkout, clearly marked.
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page.getByRole('heading', { name: 'Start your free trial' })).toBeVisible();
  await payOnTestCheckout(page);
  // Nothing was charged: the page says so, with the first charge date, and never "Payment Successful!".
  await expect(page.getByRole('heading', { name: 'Your free trial has started' })).toBeVisible();
  await expect(
    page.getByText('Nothing was charged today. Your trial is 7 days or 5 scans, whichever comes first.'),
  ).toBeVisible();
  await expect(page.getByText(/charged \$9\.99 on [A-Z][a-z]+ \d{1,2}, \d{4}, then monthly/)).toBeVisible();
  await expect(page.getByText(/payment successful|receipt is on its way/i)).toHaveCount(0);
  await expect.poll(() => billingMails(request, email)).toEqual(['trial_started']);
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  // The first dashboard: a welcome, not a "welcome back".
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Bill' })).toBeVisible();
  expect(await plan(request)).toMatchObject({ planTier: 'free', subscriptionStatus: 'trialing', trialDaysLeft: 7 });

  // The header's trial badge, and its dialog.
  await expect(headerBadge(page)).toHaveText('TRIAL');
  await headerBadge(page).click();
  // A trial that has just started is not 'ending soon', and its 5 scans are not yet unlimited.
  const trialDialog = page.getByRole('dialog', { name: 'YOUR FREE TRIAL' });
  await expect(trialDialog).toContainText('7 days remaining in your free trial');
  await expect(trialDialog).toContainText('you get unlimited scans');
  await trialDialog.getByRole('button', { name: 'Got it' }).click();

  // Four days later: 3 days left, the badge says 3D and its dialog that the trial is ending soon.
  expect((await request.post('/api/test/clock', { data: { advanceMs: 4 * DAY } })).ok()).toBe(true);
  await page.reload();
  await expect(headerBadge(page)).toHaveText('3D');
  await headerBadge(page).click();
  const endingSoon = page.getByRole('dialog', { name: 'TRIAL ENDING SOON' });
  await expect(endingSoon).toContainText('3 days remaining in your free trial');
  await endingSoon.getByRole('button', { name: 'Got it' }).click();
  // The same moment: the reminder e-mail, once however often the jobs run.
  expect((await request.post('/api/test/clock', { data: { advanceMs: 60_000 } })).ok()).toBe(true);
  expect(await billingMails(request, email)).toEqual(['trial_started', 'trial_reminder']);

  // Five trial scans (fixture state): nothing converts or charges by itself.
  for (let i = 0; i < 5; i++) await apiScan(request, `${LEGIT_MESSAGE} (${i + 1})`);
  await page.reload();
  await expect(page.getByText('Welcome back', { exact: false })).toBeVisible();
  await page.waitForTimeout(2500);
  await expect(page.getByText('Premium Activated!', { exact: true })).toHaveCount(0);
  await expect(headerBadge(page)).toHaveText('3D');
  expect(await plan(request)).toMatchObject({ planTier: 'free', subscriptionStatus: 'trialing', isPremium: false });

  // A day later, still one reminder.
  expect((await request.post('/api/test/clock', { data: { advanceMs: DAY } })).ok()).toBe(true);
  expect(await billingMails(request, email)).toEqual(['trial_started', 'trial_reminder']);

  // A sixth scan opens the trial-limit dialog; Premium only on its click.
  await page.goto('/scan');
  await page.getByTestId('analyzer-card').getByLabel('Message').fill(LEGIT_MESSAGE);
  await page
    .getByTestId('analyzer-card')
    .getByRole('button', { name: /analyze for scams/i })
    .click();
  const limit = page.getByRole('dialog', { name: 'TRIAL LIMIT REACHED' });
  await expect(limit.getByTestId('conversion-preview')).toContainText('$9.99 today, then monthly; Visa ending in 4242');
  await limit.getByRole('button', { name: /activate premium/i }).click();
  await expect(page.getByText('Premium Activated!', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(headerBadge(page)).toHaveText('PREMIUM', { timeout: 15_000 });
  expect(await plan(request)).toMatchObject({ planTier: 'premium', subscriptionStatus: 'active', isPremium: true });
  expect(await billingMails(request, email)).toEqual(['trial_started', 'trial_reminder', 'receipt']);

  // The account page: PREMIUM, the plan and the next billing date.
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('plan-badge')).toHaveText('PREMIUM');
  await expect(page.getByTestId('billing-plan')).toContainText('Premium');
  await expect(page.getByTestId('billing-status')).toHaveText('Active');
  await expect(page.getByTestId('billing-next-date')).not.toHaveText('—');

  // The header's premium badge opens SUBSCRIPTION MANAGEMENT; MANAGE SUBSCRIPTION opens the portal.
  await headerBadge(page).click();
  const subscription = page.getByRole('dialog', { name: 'SUBSCRIPTION MANAGEMENT' });
  await expect(subscription).toContainText('Premium Plan');
  await subscription.getByRole('button', { name: 'MANAGE SUBSCRIPTION' }).click();
  await expect(page.getByText('TEST MODE — nothing is charged')).toBeVisible();
  await expect(page.getByTestId('portal-status')).toHaveText('Active');
  await expect(page.getByRole('cell', { name: '$9.99' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByRole('status')).toContainText('cancelled at the end of the current period');
  await expect(page.getByTestId('portal-status')).toContainText('Cancels on');
  await page.getByRole('link', { name: 'Return to RedFlag' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('plan-badge')).toHaveText('PREMIUM');
  await expect(page.getByTestId('billing-status')).toContainText('Cancels on');
  expect(await billingMails(request, email)).toEqual(['trial_started', 'trial_reminder', 'receipt', 'cancellation']);

  // After the period ends (clock moved past it on the server), the account page shows FREE / cancelled.
  expect((await request.post('/api/test/clock', { data: { advanceMs: 32 * DAY } })).ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId('plan-badge')).toHaveText('FREE');
  await expect(page.getByTestId('billing-status')).toHaveText('Cancelled');
  await expect(page.getByTestId('billing-plan')).toContainText('Free');
  await expect(page.getByRole('link', { name: 'Subscribe Now' })).toBeVisible();
  await expect(headerBadge(page)).toHaveCount(0);
  expect(await plan(request)).toMatchObject({
    planTier: 'free',
    subscriptionStatus: 'inactive',
    isPremium: false,
    computedStatus: { status: 'cancelled' },
  });
});
