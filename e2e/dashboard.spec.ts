import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiScan, createVerifiedUser, LEGIT_MESSAGE, makePremium, saveScreenshots, SCAM_MESSAGE, startTrial } from './scan-fixtures';

/** The dashboard: greeting, stats, scan usage for non-premium users, the history list and its empty state. */

test('a new trial user sees the empty history and a full free-tier allowance', async ({ page }) => {
  await createVerifiedUser(page, 'Emma');
  await startTrial(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Emma' })).toBeVisible();
  const stats = page.getByTestId('stat-cards');
  await expect(stats).toContainText(/Total scans\s*0/i);
  await expect(stats).toContainText(/Avg risk score\s*0%/i);
  const usage = page.getByTestId('scan-usage');
  await expect(usage).toContainText('Free tier');
  await expect(usage).toContainText('0/5');
  await expect(usage).toContainText('5 scans remaining');
  await expect(page.getByText('No scans yet')).toBeVisible();
  await expect(page.getByText('Start analyzing buyer messages to see your scan history here.')).toBeVisible();
});

test('the history and stats show what was scanned, newest first', async ({ page }) => {
  await createVerifiedUser(page, 'Dana');
  await startTrial(page);
  const legit = await apiScan(page.request, LEGIT_MESSAGE, { platform: 'craigslist' });
  const scam = await apiScan(page.request, SCAM_MESSAGE, { platform: 'sms' });
  const server = (await (await page.request.get('/api/users/stats')).json()) as { totalScans: number; scamsDetected: number; averageRiskScore: number };

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Dana' })).toBeVisible();
  const stats = page.getByTestId('stat-cards');
  await expect(stats).toContainText(/Total scans\s*2/i);
  await expect(stats).toContainText(/Scams detected\s*1/i);
  await expect(stats).toContainText(new RegExp(`Avg risk score\\s*${server.averageRiskScore}%`, 'i'));
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
});

test('the dashboard has no serious or critical axe violation', async ({ browser, baseURL }) => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
    { width: 360, height: 740 },
  ]) {
    const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      await createVerifiedUser(page, 'Ada');
      await startTrial(page);
      await apiScan(page.request, SCAM_MESSAGE, { platform: 'sms' });
      await apiScan(page.request, LEGIT_MESSAGE, { platform: 'facebook' });
      await page.goto('/dashboard');
      await expect(page.getByTestId('scan-item')).toHaveCount(2);
      await expect(page.getByTestId('scan-usage')).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
      expect(serious).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await saveScreenshots(page, `dashboard-${viewport.width}`);
    } finally {
      await context.close();
    }
  }
});
