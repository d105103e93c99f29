import { expect, test, type Page } from '@playwright/test';
import { mailLink, payOnTestCheckout, PASSWORD, uniqueEmail } from './scan-fixtures';

/**
 * The whole product once, as a new user walks it, at a desktop and a phone size: the landing page and its
 * pricing, sign-up with the verification mail, the checkout left by Back and then paid with the test card,
 * four messages of different kinds (a genuine bank alert, a delivery scam, a marketplace overpayment, an
 * opener in Spanish) with their reasons, advice, "Report it" and sharing, the history, the account and
 * settings pages with the API keys, the help and legal pages, and signing out. On every page: a level-one
 * heading, a way home, nothing wider than the screen, and no console error. With SCREENSHOTS=<folder> each
 * page is saved for a person to look at.
 */

const MESSAGES = {
  bank: {
    text: "Chase: A $42.18 purchase at TRADER JOE'S #512 was approved on your debit card ending 4417 on Nov 27. Not you? Call the number on the back of your card.",
    band: /legitimate/,
  },
  delivery: {
    text: 'Royal Mail: your parcel is held at our depot due to unpaid postage of £1.45. Pay within 24 hours at https://royalmail-redelivery.top/pay or it will be returned to sender.',
    band: /scam|suspicious/,
  },
  overpayment: {
    text: "Hi, I'm interested in your sofa on Marketplace. I'll mail you a cashier's check for $1,450, that's $600 over your price. When it clears please send the extra $600 to my mover by Zelle, he will pick up the sofa. I'm away on an oil rig so I can't talk on the phone.",
    band: /scam|suspicious/,
  },
  spanish: {
    text: 'Hola mamá, se me cayó el móvil al agua y este es mi número nuevo. ¿Me puedes hacer una transferencia urgente de 850 euros? Te lo devuelvo mañana, no se lo digas a papá.',
    band: /scam|suspicious/,
  },
} as const;

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, phone: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
] as const;

/** Console errors and uncaught exceptions while the page is open. */
function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${page.url()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));
  return errors;
}

for (const size of SIZES) {
  test(`a new user walks the whole product (${size.name})`, async ({ browser, baseURL }) => {
    // Saving screenshots (SCREENSHOTS=<folder>) takes most of a minute more.
    test.setTimeout(process.env.SCREENSHOTS ? 240_000 : 90_000);
    const context = await browser.newContext({
      baseURL,
      viewport: size.viewport,
      isMobile: size.phone,
      hasTouch: size.phone,
      reducedMotion: 'reduce',
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const shot = async (name: string) => {
      const folder = process.env.SCREENSHOTS;
      if (!folder) return;
      // What the screen shows right now (an open dialog, the place a click scrolled to), then the page
      // a screen at a time: a whole page in one image is too small to read.
      await page.screenshot({ path: `${folder}/${size.name}-${name}-screen.png` });
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0, i = 1; y < height && i <= 4; y += size.viewport.height, i++) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.screenshot({ path: `${folder}/${size.name}-${name}-${i}.png` });
      }
      await page.evaluate(() => window.scrollTo(0, 0));
    };

    /** What every page must have: a title heading, a way home, and nothing wider than the screen. */
    async function looksRight(name: string) {
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('link', { name: 'RedFlag home' }).first()).toBeVisible();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${name} scrolls sideways`,
      ).toBeLessThanOrEqual(size.viewport.width);
      await shot(name);
    }

    try {
      // Landing, and its pricing by the anchor and by the typed address.
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: /stop scammers/i })).toBeVisible();
      await expect(page.getByText(/card required/i).first()).toBeVisible();
      await looksRight('01-landing');
      await page.goto('/pricing');
      await expect(page.getByText('$9.99').first()).toBeVisible();
      await looksRight('02-pricing');

      // Sign up from the header (the menu on a phone).
      await page.goto('/');
      if (size.phone) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Sign Up' }).click();
      } else {
        await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Up' }).click();
      }
      const dialog = page.getByRole('dialog', { name: 'GET PROTECTED' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(/card/i);
      await shot('03-signup');
      const email = uniqueEmail(`walk-${size.name}`);
      await dialog.getByLabel('First name').fill('Wanda');
      await dialog.getByLabel('Last name').fill('Walker');
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await dialog.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
      await shot('04-signup-sent');

      await page.goto(await mailLink(page.request, email));
      await expect(page).toHaveURL(/\/dashboard/);
      const choose = page.getByRole('dialog', { name: 'CHOOSE YOUR PASSWORD' });
      await choose.getByLabel('New password').fill(PASSWORD);
      await choose.getByRole('button', { name: 'SAVE PASSWORD' }).click();
      await expect(choose).toBeHidden();
      await looksRight('05-first-dashboard');

      // The checkout, left by Back: the trial offer is still there and nothing is "processing".
      await page.getByRole('button', { name: 'Start Free Trial' }).click();
      await expect(page.getByText('TEST MODE — nothing is charged')).toBeVisible();
      await shot('06-test-checkout');
      await page.goBack();
      await expect(page.getByRole('button', { name: 'Start Free Trial' })).toBeEnabled();
      await expect(page.getByText('Payment Processing')).toHaveCount(0);
      await shot('07-back-from-checkout');
      await page.getByRole('button', { name: 'Start Free Trial' }).click();
      await payOnTestCheckout(page);
      await looksRight('08-payment-success');
      await page.getByRole('button', { name: /continue to dashboard/i }).click();
      await expect(page.getByRole('heading', { level: 1, name: /welcome, wanda/i })).toBeVisible({ timeout: 15_000 });
      await looksRight('09-dashboard-trial');

      // Four messages of different kinds, each with its verdict, reasons and advice.
      for (const [name, message] of Object.entries(MESSAGES)) {
        await page.goto('/scan');
        const card = page.getByTestId('analyzer-card');
        await card.getByLabel('Message').fill(message.text);
        await card.getByRole('button', { name: /analyze for scams/i }).click();
        const result = page.getByTestId('scan-result');
        await expect(result).toBeVisible({ timeout: 15_000 });
        await expect(result, `${name}: ${await result.getAttribute('data-band')}`).toHaveAttribute(
          'data-band',
          message.band,
        );
        await expect(result.getByTestId('scan-reason').first()).toBeVisible();
        // The panel's title stays on one line, on a phone too (its buttons wrap below it instead).
        const title = await page.getByRole('heading', { level: 2, name: 'Scan results' }).boundingBox();
        expect(title?.height ?? 0, 'the "Scan results" title wraps').toBeLessThan(40);
        await looksRight(`10-result-${name}`);
      }

      // The history lists the four; the last report opens with "Report it" and sharing.
      await page.goto('/dashboard');
      await expect(page.getByText(/hola mamá/i).first()).toBeVisible();
      await looksRight('11-history');
      // ENHANCE offers what the trial lacks (Premium's unlimited scans), not the phone and e-mail checks it has.
      const enhance = page
        .getByTestId('scan-item')
        .first()
        .getByRole('link', { name: /enhance/i });
      await expect(enhance).toHaveAccessibleName(/unlimited scans/i);
      await expect(enhance).not.toHaveAccessibleName(/phone|e-?mail/i);
      await page.getByTestId('scan-item').first().getByRole('link').first().click();
      await expect(page).toHaveURL(/\/scans\//);
      const report = page.getByTestId('report-next-steps');
      await expect(report.getByRole('heading', { name: 'Report it' })).toBeVisible({ timeout: 15_000 });
      // Where to report, and why that country (here the browser's region: no listed country uses the euro).
      await expect(report.getByTestId('report-destination').first()).toBeVisible();
      await expect(report.getByText(/^From /)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Share this result' })).toBeVisible();
      await looksRight('12-report-page');

      for (const path of [
        '/account',
        '/settings',
        '/help-center',
        '/terms-of-service',
        '/privacy-policy',
        '/about',
        '/product',
      ]) {
        await page.goto(path);
        await looksRight(`13${path.replace(/\//g, '-')}`);
      }
      await page.goto('/account');
      await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();

      // Sign out, back on the landing page.
      if (size.phone) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Logout' }).click();
      } else {
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('button', { name: /wanda|account/i })
          .click();
        await page.getByRole('menuitem', { name: /logout/i }).click();
      }
      await expect(page.getByRole('heading', { level: 1, name: /stop scammers/i })).toBeVisible();
      await looksRight('14-signed-out');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
