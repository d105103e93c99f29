import { expect, test, type APIRequestContext } from '@playwright/test';

/**
 * The billing journey on the embedded default (local test provider): sign up, verify through the dev
 * outbox, start the trial in the test checkout with 4242, see the trial, convert to Premium, cancel in the
 * test portal and, after moving the server's clock past the period end (TEST_CLOCK), see it cancelled.
 * Sign-up and verification go through the API (the auth dialog has its own journey); everything billing
 * happens in the browser pages.
 */

const DAY = 24 * 60 * 60 * 1000;

async function plan(request: APIRequestContext) {
  const res = await request.get('/api/users/plan');
  expect(res.status()).toBe(200);
  return (await res.json()) as { planTier: string; subscriptionStatus: string; isPremium: boolean; trialDaysLeft: number; computedStatus: { status: string } };
}

test('a newcomer starts a trial with a test card, converts to Premium and cancels in the portal', async ({ page }) => {
  const email = `billing-${Date.now()}@example.com`;
  const password = 'Billing-Journey-Passphrase-1';
  const request = page.request;

  // Sign up and verify (the verification link from the dev outbox signs the browser in).
  const signUp = await request.post('/api/auth/sign-up/email', { data: { email, password, firstName: 'Bill', lastName: 'Ing' } });
  expect(signUp.ok()).toBe(true);
  const mails = (await (await request.get('/dev/mailbox.json')).json()) as Array<{ to: string; links: string[] }>;
  const link = mails.find((m) => m.to === email)?.links[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link ?? '/').pathname + new URL(link ?? '/').search);
  const signIn = await request.post('/api/auth/sign-in/email', { data: { email, password } });
  expect(signIn.ok()).toBe(true);
  expect((await plan(request)).subscriptionStatus).toBe('setup_required');

  // Checkout: the hosted-style test page, clearly marked.
  const session = await request.post('/api/create-checkout-session', { data: {} });
  const { checkout_url } = (await session.json()) as { checkout_url: string };
  await page.goto(checkout_url);
  await expect(page.getByText('TEST MODE — nothing is charged')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Start your 7-day free trial' })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(/\/payment-success/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  // The trial, as the server reports it.
  const trial = await plan(request);
  expect(trial).toMatchObject({ planTier: 'free', subscriptionStatus: 'trialing', trialDaysLeft: 7, computedStatus: { status: 'trialing' } });

  // Conversion to Premium.
  const converted = (await (await request.post('/api/convert-trial', { data: {} })).json()) as { success: boolean; message: string };
  expect(converted).toEqual({ success: true, message: 'Welcome to Premium! Your trial has been converted to a paid subscription.' });
  expect(await plan(request)).toMatchObject({ planTier: 'premium', subscriptionStatus: 'active', isPremium: true });

  // The portal: plan, invoice, cancel at period end.
  const portal = (await (await request.post('/api/billing/portal', { data: {} })).json()) as { url: string };
  await page.goto(portal.url);
  await expect(page.getByText('TEST MODE — nothing is charged')).toBeVisible();
  await expect(page.getByTestId('portal-status')).toHaveText('Active');
  await expect(page.getByRole('cell', { name: '$9.99' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByRole('status')).toContainText('cancelled at the end of the current period');
  await expect(page.getByTestId('portal-status')).toContainText('Cancels on');
  expect(await plan(request)).toMatchObject({ planTier: 'premium', isPremium: true });

  // After the period ends (clock moved forward on the server), the subscription is over.
  const clock = await request.post('/api/test/clock', { data: { advanceMs: 32 * DAY } });
  expect(clock.ok()).toBe(true);
  expect(await plan(request)).toMatchObject({ planTier: 'free', subscriptionStatus: 'inactive', isPremium: false, computedStatus: { status: 'cancelled' } });
  // The old portal link has expired (an hour); a new one shows the ended subscription.
  const again = (await (await request.post('/api/billing/portal', { data: {} })).json()) as { url: string };
  await page.goto(again.url);
  await expect(page.getByTestId('portal-status')).toHaveText('Cancelled');
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
});
