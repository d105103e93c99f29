import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeViolations } from './axe';

/**
 * axe-core finds no serious or critical violation on any public page, on desktop and on a phone.
 * Each page gets its own context from browser.newContext(), so no state leaks between pages.
 * Motion is reduced so that axe measures contrast on settled elements, not half-faded ones.
 */
const PAGES = [
  { path: '/', heading: /stop scammers before they strike/i },
  { path: '/about', heading: /the team that helps people spot scams/i },
  { path: '/help-center', heading: /how can we help/i },
  { path: '/privacy-policy', heading: /privacy policy/i },
  { path: '/terms-of-service', heading: /terms of service/i },
  { path: '/payment-success', heading: /checkout complete/i },
  { path: '/dashboard', heading: /authentication required/i },
  { path: '/this-page-does-not-exist', heading: /page not found/i },
];

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** Landing screenshots for a person to look at (SCREENSHOTS=<folder>), taken where axe runs. */
async function seriousViolations(
  browser: Browser,
  baseURL: string,
  path: string,
  heading: RegExp,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
  try {
    const page = await context.newPage();
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    if (path === '/' && process.env.SCREENSHOTS) {
      // Section by section: a whole landing page is too tall to read as one image.
      await page.screenshot({ path: `${process.env.SCREENSHOTS}/landing-${viewport.width}-top.png` });
      for (const id of ['how-it-works', 'accuracy', 'pricing']) {
        await page
          .locator(`#${id}`)
          .screenshot({ path: `${process.env.SCREENSHOTS}/landing-${viewport.width}-${id}.png` });
      }
    }
    return await axeViolations(page);
  } finally {
    await context.close();
  }
}

for (const { name, viewport } of VIEWPORTS) {
  for (const { path, heading } of PAGES) {
    test(`${path} has no serious or critical axe violation (${name})`, async ({ browser, baseURL }) => {
      expect(await seriousViolations(browser, baseURL ?? '', path, heading, viewport)).toEqual([]);
    });
  }
}

test('the open mobile menu and the platform list have no serious or critical axe violation', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await axeViolations(page, { tags: ['wcag2a', 'wcag2aa'] })).toEqual([]);

    await page.keyboard.press('Escape');
    await page
      .getByTestId('analyzer-card')
      .getByRole('combobox', { name: /communication platform/i })
      .click();
    await expect(page.getByRole('listbox')).toBeVisible();
    // While the listbox is open, Radix marks the rest of the page aria-hidden and traps focus in the list,
    // so nothing behind it can be reached; axe still counts the page's buttons as "focusable under
    // aria-hidden". That rule is excluded for this one open-popup state only.
    expect(await axeViolations(page, { tags: ['wcag2a', 'wcag2aa'], disableRules: ['aria-hidden-focus'] })).toEqual([]);
  } finally {
    await context.close();
  }
});

test.describe('signed in', () => {
  const SCAM =
    'USPS: Your package is on hold due to an unpaid shipping fee of $1.99. Pay now at https://usps-redelivery-fee.top/pay or it will be returned.';

  async function trialUser(page: Page) {
    const email = `a11y-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
    const password = 'Accessible-Journey-Passphrase-4';
    expect(
      (
        await page.request.post('/api/auth/sign-up/email', {
          data: { email, password, firstName: 'Ally', lastName: 'Tester' },
        })
      ).ok(),
    ).toBe(true);
    let link = '';
    await expect
      .poll(async () => {
        const mails = (await (await page.request.get('/dev/mailbox.json')).json()) as Array<{
          to: string;
          links: string[];
        }>;
        link = mails.find((m) => m.to === email)?.links.find((l) => l.includes('token')) ?? '';
        return link;
      })
      .not.toBe('');
    const url = new URL(link);
    const verified = await page.request.get(url.pathname + url.search, { maxRedirects: 0 });
    expect(verified.status()).toBe(302);
    // The link proves the mailbox, not the sign-up password: the owner chooses it with the token (decision 107).
    const token = new URL(verified.headers()['location'] ?? '/', 'http://localhost').searchParams.get('password_token');
    expect((await page.request.post('/api/auth/reset-password', { data: { token, newPassword: password } })).ok()).toBe(
      true,
    );
    expect((await page.request.post('/api/auth/sign-in/email', { data: { email, password } })).ok()).toBe(true);
    const { checkout_url } = (await (await page.request.post('/api/create-checkout-session', { data: {} })).json()) as {
      checkout_url: string;
    };
    await page.goto(checkout_url);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/39');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await expect(page).toHaveURL(/\/payment-success/);
  }

  for (const { name, viewport } of VIEWPORTS) {
    test(`after a scan, focus is on the result's heading; the trial-limit dialog fits, passes axe and gives focus back (${name})`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
      const page = await context.newPage();
      try {
        await trialUser(page);
        await page.goto('/scan');
        const card = page.getByTestId('analyzer-card');
        await card.getByLabel('Message').fill(SCAM);
        const analyze = card.getByRole('button', { name: /analyze for scams/i });
        await analyze.click();
        const result = page.getByTestId('scan-result');
        await expect(result.getByRole('heading', { level: 3 }).first()).toBeFocused();
        await saveShots(page, `scan-result-${name}`);
        expect(await axeViolations(page)).toEqual([]);

        // Use the rest of the trial's scans, then the next one opens the trial-limit dialog.
        for (let i = 0; i < 4; i++)
          expect((await page.request.post('/api/scans', { data: { message: `${SCAM} (${i})` } })).status()).toBe(200);
        await analyze.click();
        const dialog = page.getByRole('dialog', { name: 'TRIAL LIMIT REACHED' });
        await expect(dialog.getByTestId('conversion-preview')).toBeVisible();
        const box = await dialog.boundingBox();
        const buttons = await dialog
          .getByRole('button')
          .evaluateAll((els) =>
            els.map((el) => el.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })),
          );
        for (const b of buttons) {
          expect(b.left).toBeGreaterThanOrEqual((box?.x ?? 0) - 1);
          expect(b.right).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0) + 1);
        }
        await saveShots(page, `trial-limit-dialog-${name}`);
        expect(await axeViolations(page)).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(analyze).toBeFocused();
      } finally {
        await context.close();
      }
    });
  }
});

async function saveShots(page: Page, name: string) {
  const folder = process.env.SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}
