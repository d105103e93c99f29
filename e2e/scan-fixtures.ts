import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Fast state for the scanning journeys: users are created through the API (sign-up, then the
 * verification link from the dev outbox and the password chosen with its token), the trial is started on the local provider's test checkout
 * pages, and Premium comes from POST /api/convert-trial. Only the main journey signs up through the UI.
 */

export const PASSWORD = 'Scanning-Journey-Passphrase-7';

export const SCAM_MESSAGE =
  'USPS: Your package is on hold due to an unpaid shipping fee of $1.99. Pay now at https://usps-redelivery-fee.top/pay or it will be returned. <script>alert(1)</script>';
export const LEGIT_MESSAGE = 'Hey, is the bike still available? I could pick it up Saturday afternoon.';

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

interface Mail {
  to: string;
  subject: string;
  links: string[];
}

/** The newest mail's first link to this address, as a same-origin path (the dev outbox). */
export async function mailLink(request: APIRequestContext, to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/dev/mailbox.json')).json()) as Mail[];
      link = mails.find((m) => m.to === to)?.links.find((l) => l.includes('verify') || l.includes('token'));
      return Boolean(link);
    })
    .toBe(true);
  const url = new URL(link ?? '/');
  return url.pathname + url.search;
}

/** A verified, signed-in account (cookies land in the page's context). */
export async function createVerifiedUser(page: Page, firstName: string): Promise<{ email: string }> {
  const email = uniqueEmail(firstName.toLowerCase());
  const request = page.request;
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, firstName, lastName: 'Tester' },
  });
  expect(signUp.ok()).toBe(true);
  const link = await mailLink(request, email);
  const verified = await request.get(link, { maxRedirects: 0 });
  expect(verified.status()).toBe(302);
  // The link proves the mailbox, not the sign-up password: the owner chooses it with the token (decision 107).
  const token = new URL(verified.headers()['location'] ?? '/', 'http://localhost').searchParams.get('password_token');
  expect((await request.post('/api/auth/reset-password', { data: { token, newPassword: PASSWORD } })).ok()).toBe(true);
  const signIn = await request.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD } });
  expect(signIn.ok()).toBe(true);
  return { email };
}

/** CHOOSE YOUR PASSWORD, where a verification link opened in the browser lands (decision 107). */
export async function choosePassword(page: Page, password: string) {
  const dialog = page.getByRole('dialog', { name: 'CHOOSE YOUR PASSWORD' });
  await dialog.getByLabel('New password').fill(password);
  await dialog.getByRole('button', { name: 'SAVE PASSWORD' }).click();
  await expect(dialog).toBeHidden();
}

/** Fills the local provider's test checkout (TEST MODE) with the 4242 card. */
export async function payOnTestCheckout(page: Page) {
  await expect(page.getByText('TEST MODE — nothing is charged')).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(/\/payment-success/);
}

/** Starts the 7-day trial through the test checkout pages. */
export async function startTrial(page: Page) {
  const session = await page.request.post('/api/create-checkout-session', { data: {} });
  expect(session.ok()).toBe(true);
  const { checkout_url } = (await session.json()) as { checkout_url: string };
  await page.goto(checkout_url);
  await payOnTestCheckout(page);
}

export async function makePremium(page: Page) {
  await startTrial(page);
  const converted = (await (await page.request.post('/api/convert-trial', { data: {} })).json()) as {
    success: boolean;
  };
  expect(converted.success).toBe(true);
}

/** A scan through the API (fixture state for history and limits). */
export async function apiScan(request: APIRequestContext, message: string, extra: Record<string, string> = {}) {
  const res = await request.post('/api/scans', { data: { message, ...extra } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { id: string; riskScore: number };
}

/** The analyzer card on the page (landing or scan page). */
export function analyzer(page: Page) {
  const card = page.getByTestId('analyzer-card');
  return {
    card,
    message: card.getByLabel('Message'),
    phone: card.getByLabel(/phone number/i),
    email: card.getByLabel(/^email/i),
    submit: card.getByRole('button', { name: /analyze for scams/i }),
  };
}

/**
 * With SCREENSHOTS=<folder>, saves the page for a person to look at: the full page, and for phone widths
 * also screen-sized slices (a full phone page is too tall to read as one image).
 */
export async function saveScreenshots(page: Page, name: string) {
  const folder = process.env.SCREENSHOTS;
  if (!folder) return;
  await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
  const viewport = page.viewportSize();
  if (!viewport || viewport.width > 480) return;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0, i = 0; y < height && i < 6; y += viewport.height, i++) {
    await page.screenshot({
      path: `${folder}/${name}-part${i + 1}.png`,
      fullPage: true,
      clip: { x: 0, y, width: viewport.width, height: Math.min(viewport.height, height - y) },
    });
  }
}
