import { expect, test, type Page } from '@playwright/test';
import { apiScan, createVerifiedUser, startTrial } from './scan-fixtures';

/**
 * Signing out, and the signed-in pages before it, send nothing that fails: signing out
 * used to reset every cached query, so the ones on screen were fetched again without a session, four or
 * five 401s, each logged by the browser as a console error.
 */

const PHONE = { width: 390, height: 844 };

/** Console errors and 4xx/5xx answers while `page` is open (the browser logs every failed load as an error). */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()} (${msg.location().url})`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) errors.push(`${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
  });
  return errors;
}

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', PHONE],
] as const) {
  test(`signed-in pages and signing out log no console error and send nothing that fails (${name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await createVerifiedUser(page, 'Sol');
    await startTrial(page);
    const scan = await apiScan(
      page.request,
      'Hey, is the bike still available? I could pick it up Saturday afternoon.',
    );
    const errors = watchErrors(page);
    for (const path of ['/dashboard', `/scans/${scan.id}`, '/account', '/settings', '/scan']) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    if (name === 'desktop') {
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: /sol|account/i })
        .click();
      await page.getByRole('menuitem', { name: /logout/i }).click();
    } else {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Logout' }).click();
    }
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: /stop scammers/i })).toBeVisible();
    // Long enough for the retries a 401 used to get (two, one second apart).
    await page.waitForTimeout(3000);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
}
