import { expect, test } from '@playwright/test';
import { ERROR_STATUS, type ErrorCode } from '@redflag/contracts/errors';
import {
  apiScan,
  createVerifiedUser,
  LEGIT_MESSAGE,
  makePremium,
  saveScreenshots,
  SCAM_MESSAGE,
  startTrial,
} from './scan-fixtures';
import { axeViolations, inEachViewport, pageWidth } from './axe';

/** The dashboard: greeting, stats, scan usage for non-premium users, the history list and its empty state. */

test('a new trial user sees the empty history and a full free-tier allowance', async ({ page }) => {
  await createVerifiedUser(page, 'Emma');
  await startTrial(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Emma' })).toBeVisible();
  // Nothing was pasted before signing up: no "message is waiting" banner.
  await expect(page.getByTestId('pending-analysis')).toHaveCount(0);
  const stats = page.getByTestId('stat-cards');
  await expect(stats).toContainText(/Total scans\s*0/i);
  await expect(stats).toContainText(/Avg risk score\s*0\/100/i);
  const usage = page.getByTestId('scan-usage');
  await expect(usage).toContainText('Free trial');
  await expect(usage).toContainText('0/5');
  await expect(usage).toContainText('5 scans remaining');
  await expect(page.getByText('No scans yet')).toBeVisible();
  await expect(page.getByText('Check a message you received, and your scan history shows up here.')).toBeVisible();
});

test('the history and stats show what was scanned, newest first', async ({ page }) => {
  await createVerifiedUser(page, 'Dana');
  await startTrial(page);
  const legit = await apiScan(page.request, LEGIT_MESSAGE, { platform: 'craigslist' });
  const scam = await apiScan(page.request, SCAM_MESSAGE, { platform: 'sms' });
  const server = (await (await page.request.get('/api/users/stats')).json()) as {
    totalScans: number;
    scamsDetected: number;
    averageRiskScore: number;
  };

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Dana' })).toBeVisible();
  const stats = page.getByTestId('stat-cards');
  await expect(stats).toContainText(/Total scans\s*2/i);
  await expect(stats).toContainText(/Scams detected\s*1/i);
  await expect(stats).toContainText(new RegExp(`Avg risk score\\s*${server.averageRiskScore}/100`, 'i'));
  expect(server.averageRiskScore).toBe(Math.round((legit.riskScore + scam.riskScore) / 2));

  const usage = page.getByTestId('scan-usage');
  await expect(usage).toContainText('2/5');
  await expect(usage).toContainText('3 scans remaining');
  await expect(usage.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');

  const items = page.getByTestId('scan-item');
  await expect(items).toHaveCount(2);
  const newest = items.nth(0);
  await expect(newest.getByRole('heading', { level: 3 })).toHaveText('Delivery Scam');
  await expect(newest).toContainText('Just now');
  await expect(newest).toContainText(`${SCAM_MESSAGE.slice(0, 50)}...`);
  await expect(newest).not.toContainText(SCAM_MESSAGE.slice(50, 70));
  await expect(newest).toContainText('SMS / Text');
  await expect(newest).toContainText(/\d{1,3}% confidence/);
  await expect(newest).toContainText(/\+\d+ more reasons?/);
  await expect(newest.getByRole('link', { name: /enhance/i })).toHaveAttribute('href', '/checkout');
  const older = items.nth(1);
  await expect(older.getByRole('heading', { level: 3 })).toHaveText('Legitimate Buyer');
  await expect(older).toContainText('Craigslist');

  // New Scan goes to the scan page.
  await page.getByRole('link', { name: 'New Scan' }).last().click();
  await expect(page.getByRole('heading', { level: 1, name: /scan for scams/i })).toBeVisible();
});

test('ENHANCE during the trial offers to activate the trial (amount, card, date), never a second checkout; activating makes the user Premium', async ({
  page,
}) => {
  await createVerifiedUser(page, 'Enzo');
  await startTrial(page);
  await apiScan(page.request, SCAM_MESSAGE, { platform: 'sms' });
  await page.goto('/dashboard');
  await page
    .getByTestId('scan-item')
    .first()
    .getByRole('link', { name: /enhance/i })
    .click();
  await expect(page).toHaveURL(/\/checkout$/);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'UPGRADE TO PREMIUM' })).toBeVisible();
  await expect(dialog.getByTestId('conversion-preview')).toContainText('$9.99');
  // Closing it charges nothing and leaves the way back open.
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: "You're on your free trial" })).toBeVisible();
  await expect(page.getByText(/already used your free trial/i)).toHaveCount(0);
  expect(((await (await page.request.get('/api/users/plan')).json()) as { isPremium: boolean }).isPremium).toBe(false);
  await page.getByRole('button', { name: 'Activate Premium' }).click();
  await dialog.getByRole('button', { name: /activate premium: pay \$9\.99/i }).click();
  await expect(page).toHaveURL(/\/scan$/);
  expect(((await (await page.request.get('/api/users/plan')).json()) as { isPremium: boolean }).isPremium).toBe(true);
});

test('a premium user has no usage card and no ENHANCE buttons', async ({ page }) => {
  await createVerifiedUser(page, 'Paul');
  await makePremium(page);
  await apiScan(page.request, SCAM_MESSAGE, { phoneNumber: '+1 415 555 0100' });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Paul' })).toBeVisible();
  await expect(page.getByTestId('scan-item')).toHaveCount(1);
  await expect(page.getByTestId('scan-item')).toContainText('+1 415 555 0100');
  await expect(page.getByTestId('scan-usage')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /enhance/i })).toHaveCount(0);
  // Premium has no trial count to keep: the delete dialog does not mention one.
  await page
    .getByRole('button', { name: /^Delete scan/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete this scan?' });
  await expect(dialog).toContainText('This cannot be undone.');
  await expect(dialog).not.toContainText('free trial');
});

test('the dashboard has no serious or critical axe violation', async ({ browser, baseURL }) => {
  await inEachViewport(browser, baseURL, async (page, viewport) => {
    await createVerifiedUser(page, 'Ada');
    await startTrial(page);
    await apiScan(page.request, SCAM_MESSAGE, { platform: 'sms' });
    await apiScan(page.request, LEGIT_MESSAGE, { platform: 'facebook' });
    await page.goto('/dashboard');
    await expect(page.getByTestId('scan-item')).toHaveCount(2);
    await expect(page.getByTestId('scan-usage')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
    await saveScreenshots(page, `dashboard-${viewport.width}`);
  });
});

/* History: each row opens its report on its own URL; search, filters, delete one, delete all. */

const BIRTHDAY = 'Happy birthday Sam! Hope you have a wonderful day, see you at dinner tonight';
const PRIZE = 'Congratulations! You won a $1000 Walmart gift card. Claim now: http://bit.ly/claim-prize-now';

test('a history row opens the full stored report on its own URL, and back returns to the same search', async ({
  page,
}) => {
  await createVerifiedUser(page, 'Rita');
  await startTrial(page);
  const birthday = await apiScan(page.request, BIRTHDAY, { platform: 'sms' });
  const scam = await apiScan(page.request, SCAM_MESSAGE, { platform: 'sms' });

  await page.goto('/dashboard');
  const items = page.getByTestId('scan-item');
  await expect(items).toHaveCount(2);
  // A birthday text by SMS is titled by its own words, not "Legitimate Buyer".
  await expect(items.nth(1).getByRole('heading', { level: 3 })).toHaveText(
    'Happy birthday Sam! Hope you have a wonderful day...',
  );
  await expect(page.getByText('Legitimate Buyer')).toHaveCount(0);

  await page.getByLabel('Search your scans').fill('usps');
  await expect(page).toHaveURL(/\/dashboard\?q=usps$/);
  await expect(items).toHaveCount(1);
  await items.first().getByRole('link', { name: 'Delivery Scam' }).click();
  await expect(page).toHaveURL(`/scans/${scam.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery Scam' })).toBeVisible();
  const card = page.getByTestId('scan-result');
  await expect(card.getByTestId('risk-score')).toHaveText(String(scam.riskScore));
  await expect(card.getByTestId('scan-verdict')).toHaveText('SCAM DETECTED');
  await expect(card).toContainText('Delivery Scam');
  await expect(card.getByTestId('confidence')).toHaveText(/\d{1,3}%/);
  await expect(card.getByTestId('scan-reason').first()).toBeVisible();
  // The stored message, as text: its <script> is shown, never run.
  await expect(card.getByTestId('scan-message')).toContainText('<script>alert(1)</script>');

  await page.getByRole('link', { name: 'All scans' }).click();
  await expect(page).toHaveURL(/\/dashboard\?q=usps$/);
  await expect(page.getByLabel('Search your scans')).toHaveValue('usps');
  await expect(items).toHaveCount(1);

  // The report's URL works on its own (a reload, a bookmark), clicking anywhere on a row opens it.
  expect((await page.goto(`/scans/${birthday.id}`))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Happy birthday Sam! Hope you have a wonderful day...',
  );
  await expect(page.getByTestId('scan-verdict')).toHaveText('LIKELY LEGITIMATE');
  await page.goto('/dashboard');
  // The row's link covers the whole row: a click on its text opens the report too.
  await items.nth(0).click({ position: { x: 200, y: 50 } });
  await expect(page).toHaveURL(`/scans/${scam.id}`);
});

test("another user's scan, a deleted one and a made-up id all show 'Scan not found'", async ({
  page,
  browser,
  baseURL,
}) => {
  await createVerifiedUser(page, 'Owen');
  await startTrial(page);
  const mine = await apiScan(page.request, LEGIT_MESSAGE, { platform: 'ebay' });

  const other = await browser.newContext({ baseURL });
  try {
    const otherPage = await other.newPage();
    await createVerifiedUser(otherPage, 'Ivy');
    await startTrial(otherPage);
    await otherPage.goto(`/scans/${mine.id}`);
    await expect(otherPage.getByRole('heading', { level: 1, name: 'Scan not found' })).toBeVisible();
    await expect(otherPage.getByText(LEGIT_MESSAGE)).toHaveCount(0);
    await otherPage.getByRole('link', { name: 'Back to your scans' }).click();
    await expect(otherPage).toHaveURL('/dashboard');
  } finally {
    await other.close();
  }

  await page.goto(`/scans/${crypto.randomUUID()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Scan not found' })).toBeVisible();
  expect((await page.request.delete(`/api/scans/${mine.id}`)).status()).toBe(200);
  await page.goto(`/scans/${mine.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Scan not found' })).toBeVisible();
});

test('the report shows an error with a retry when it cannot load', async ({ page }) => {
  await createVerifiedUser(page, 'Eli');
  await startTrial(page);
  const scan = await apiScan(page.request, SCAM_MESSAGE, { platform: 'sms' });
  let fail = true;
  await page.route(`**/api/scans/${scan.id}`, (route) =>
    fail
      ? route.fulfill({
          status: ERROR_STATUS.SERVICE_UNAVAILABLE,
          json: { error: { code: 'SERVICE_UNAVAILABLE' satisfies ErrorCode, message: 'down' } },
        })
      : route.fallback(),
  );
  await page.goto(`/scans/${scan.id}`);
  await expect(page.getByRole('heading', { level: 1, name: "We couldn't load this report" })).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery Scam' })).toBeVisible();
});

test('search and filters narrow the history on the server; no matches is not "no scans yet"', async ({ page }) => {
  await createVerifiedUser(page, 'Sam');
  await makePremium(page);
  await apiScan(page.request, LEGIT_MESSAGE, { platform: 'craigslist' });
  await apiScan(page.request, SCAM_MESSAGE, { platform: 'sms' });
  await apiScan(page.request, PRIZE, { platform: 'email' });

  await page.goto('/dashboard');
  const items = page.getByTestId('scan-item');
  await expect(items).toHaveCount(3);
  await expect(page.getByTestId('history-range')).toHaveText('1–3 of 3 scans');

  const listed = page.waitForRequest((r) => r.url().includes('/api/scans?') && r.url().includes('q=BIKE'));
  await page.getByLabel('Search your scans').fill('BIKE');
  await listed;
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Legitimate Buyer');
  await expect(page.getByTestId('history-range')).toHaveText('1–1 of 1 matching scan');

  await page.getByLabel('Verdict').selectOption('scam');
  await expect(page).toHaveURL(/q=BIKE&verdict=scam/);
  await expect(page.getByTestId('no-matches')).toContainText('No matching scans');
  await expect(page.getByTestId('no-matches')).toContainText('“BIKE”');
  await expect(page.getByText('No scans yet')).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear search and filters' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByLabel('Search your scans')).toHaveValue('');
  await expect(items).toHaveCount(3);

  await page.getByLabel('Verdict').selectOption('scam');
  await expect(items).toHaveCount(2);
  await page.getByLabel('Scam type').selectOption({ label: 'Prize / Lottery Scam' });
  await expect(items).toHaveCount(1);
  await expect(items.first().getByRole('heading', { level: 3 })).toHaveText('Prize / Lottery Scam');
  // The browser's back button undoes a filter.
  await page.goBack();
  await expect(items).toHaveCount(2);
  await expect(page.getByLabel('Scam type')).toHaveValue('');
});

test('delete one scan after a clear confirmation; cancel keeps it', async ({ page }) => {
  await createVerifiedUser(page, 'Dee');
  await startTrial(page);
  await apiScan(page.request, LEGIT_MESSAGE, { platform: 'craigslist' });
  await apiScan(page.request, SCAM_MESSAGE, { platform: 'sms' });

  await page.goto('/dashboard');
  const items = page.getByTestId('scan-item');
  await expect(items).toHaveCount(2);
  const trigger = page.getByRole('button', { name: 'Delete scan: Delivery Scam' });
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Delete this scan?' });
  await expect(dialog).toContainText('This cannot be undone.');
  await expect(dialog).toContainText('Delivery Scam');
  // The usage card will still count it: the dialog says so before, not the numbers after.
  await expect(dialog).toContainText('It stays counted among the scans of your free trial.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  await expect(items).toHaveCount(2);

  await trigger.click();
  await dialog.getByRole('button', { name: 'Delete scan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Scan deleted', { exact: true })).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Legitimate Buyer');
  await expect(page.getByRole('heading', { level: 2, name: 'All scans' })).toBeFocused();
  await expect(page.getByTestId('stat-cards')).toContainText(/Total scans\s*1/i);
  // Deleting history gives no trial scans back.
  await expect(page.getByTestId('scan-usage')).toContainText('2/5');

  // From the report page too: back to the history, the scan gone.
  await items.first().getByRole('link').first().click();
  // Wait for the report itself: until the route has rendered, the history's "Delete scan: Legitimate Buyer"
  // is still on the page, and a click there opens the history's dialog, which the navigation then removes.
  await expect(page.getByTestId('report-title')).toHaveText('Legitimate Buyer');
  await page.getByRole('button', { name: 'Delete scan', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Delete this scan?' })).toContainText(
    'It stays counted among the scans of your free trial.',
  );
  await page.getByRole('dialog', { name: 'Delete this scan?' }).getByRole('button', { name: 'Delete scan' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByText('No scans yet')).toBeVisible();
});

test("a scan titled by its message's first words is named once in the delete dialog, not twice", async ({ page }) => {
  await createVerifiedUser(page, 'Nell');
  await startTrial(page);
  // Green and not from a marketplace: the title is the message's opening (scan-title.ts).
  await apiScan(page.request, 'Your Netflix payment failed. Update your payment method at netflix.com/youraccount');

  // Green, and what raised its score is marked as worth watching in the list, as on the report page.
  await page.goto('/dashboard');
  const item = page.getByTestId('scan-item').first();
  await expect(item).toContainText(/Worth watching: Reads like an account-security alert/);
  await expect(item).not.toContainText(/Worth watching: Its only link/);

  for (const where of ['history', 'report'] as const) {
    await page.goto('/dashboard');
    if (where === 'report') await page.getByTestId('scan-item').first().getByRole('link').first().click();
    await page
      .getByRole('button', { name: /^Delete scan/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete this scan?' });
    await expect(dialog).toContainText('Your Netflix payment failed.');
    expect((await dialog.innerText()).match(/Your Netflix payment/g), where).toHaveLength(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }
});

test('delete all scans from a dialog that says how many and that it cannot be undone', async ({ page }) => {
  await createVerifiedUser(page, 'Al');
  await startTrial(page);
  for (const m of [LEGIT_MESSAGE, SCAM_MESSAGE, BIRTHDAY]) await apiScan(page.request, m, { platform: 'sms' });

  await page.goto('/dashboard?q=bike');
  await expect(page.getByTestId('scan-item')).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete all' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your whole scan history?' });
  await expect(dialog).toContainText(
    'This permanently deletes all 3 scans and their reports, not only the ones your search shows. It cannot be undone.',
  );
  await expect(dialog).toContainText('Scans you have used in your free trial stay counted.');
  await dialog.getByRole('button', { name: 'Delete all 3 scans' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('No scans yet')).toBeVisible();
  await expect(page.getByText('Scan history deleted', { exact: true })).toBeVisible();
  await expect(page.getByTestId('stat-cards')).toContainText(/Total scans\s*0/i);
  await expect(page.getByRole('button', { name: 'Delete all' })).toHaveCount(0);
  expect(((await (await page.request.get('/api/scans')).json()) as unknown[]).length).toBe(0);
});

test('the history and the report page fit, read and pass axe at 1280x800 and 390x844', async ({ browser, baseURL }) => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      await createVerifiedUser(page, 'Vic');
      await startTrial(page);
      await apiScan(page.request, BIRTHDAY, { platform: 'sms' });
      await apiScan(page.request, LEGIT_MESSAGE, { platform: 'facebook' });
      await apiScan(page.request, 'Hi, is this Linda? Sorry, wrong number!', { platform: 'whatsapp' });
      const scam = await apiScan(page.request, SCAM_MESSAGE, { platform: 'sms' });
      for (const [url, ready] of [
        ['/dashboard', page.getByTestId('scan-item').nth(3)],
        [`/scans/${scam.id}`, page.getByTestId('scan-result')],
        ['/dashboard?q=nothing-matches-this', page.getByTestId('no-matches')],
      ] as const) {
        await page.goto(url);
        await expect(ready).toBeVisible();
        expect(await axeViolations(page), url).toEqual([]);
        expect(await pageWidth(page), url).toBeLessThanOrEqual(viewport.width);
        const name = url.startsWith('/scans/') ? 'report' : url.includes('?') ? 'history-no-matches' : 'history';
        await saveScreenshots(page, `${name}-${viewport.width}`);
      }
      // The delete-all dialog, and Esc gives focus back to its button.
      const deleteAll = page.getByRole('button', { name: 'Delete all' });
      await deleteAll.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await saveScreenshots(page, `delete-all-dialog-${viewport.width}`);
      await page.keyboard.press('Escape');
      await expect(deleteAll).toBeFocused();
    } finally {
      await context.close();
    }
  }
});
