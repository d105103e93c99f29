import { expect, test } from '@playwright/test';
import { createVerifiedUser, SCAM_MESSAGE, startTrial } from './scan-fixtures';

/**
 * The public API in the browser: a developer creates a key on /account, sees it once and
 * copies it, calls /v1 with it, sees when it was last used, revokes it, and the next call is 401. The
 * interactive reference at /api/docs loads from this server alone.
 */

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('create a key on /account (shown once, copied), scan with it, revoke it, and it answers 401', async ({ page }) => {
  await createVerifiedUser(page, 'Keys');
  await startTrial(page);
  await page.goto('/account');
  const section = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'API keys' }) });
  await expect(section.getByText('You have no API keys yet.')).toBeVisible();

  await section.getByLabel('Key name').fill('CI script');
  await section.getByRole('button', { name: 'Create key' }).click();
  await expect(section.getByText('You will not be able to see it again', { exact: false })).toBeVisible();
  const key = await section.getByLabel('Your new API key').inputValue();
  expect(key).toMatch(/^rf_live_[A-Za-z0-9_-]{43}$/);
  await section.getByRole('button', { name: 'Copy' }).click();
  await expect(section.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  await section.getByRole('button', { name: 'Done' }).click();
  const row = section.getByTestId('api-key-row').filter({ hasText: 'CI script' });
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).toContainText('Never used');
  // Once dismissed, the key is nowhere on the page, nor after a reload.
  expect(await page.content()).not.toContain(key);
  await page.reload();
  expect(await page.content()).not.toContain(key);

  const auth = { authorization: `Bearer ${key}` };
  const created = await page.request.post('/v1/scans', {
    headers: auth,
    data: { message: SCAM_MESSAGE, platform: 'sms' },
  });
  expect(created.status()).toBe(201);
  // The browser journeys' server runs without rate limits (playwright.config.ts), so no RateLimit headers
  // here; they are tested against the API in server/src/api/api-keys.test.ts.
  expect(created.headers().location).toBe(`/v1/scans/${((await created.json()) as { id: string }).id}`);
  const scan = (await created.json()) as { id: string; riskScore: number };
  expect(scan.riskScore).toBeGreaterThanOrEqual(70);
  expect((await page.request.get(`/v1/scans/${scan.id}`, { headers: auth })).status()).toBe(200);

  await page.reload();
  await expect(row).toContainText('Last used');
  await row.getByRole('button', { name: 'Revoke CI script' }).click();
  await row.getByRole('button', { name: 'Revoke key' }).click();
  await expect(row).toContainText('Revoked');

  const after = await page.request.post('/v1/scans', { headers: auth, data: { message: SCAM_MESSAGE } });
  expect(after.status()).toBe(401);
  expect((await page.request.get(`/v1/scans/${scan.id}`, { headers: auth })).status()).toBe(401);
});

test('/api/docs shows the interactive reference, loading nothing from another origin', async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(baseURL ?? '') && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${msg.text()} ${msg.location().url}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) errors.push(`${res.status()} ${res.url()}`);
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: 'RedFlag API' }).first()).toBeVisible();
  await expect(page.getByText('Scan a message').first()).toBeVisible();
  // The web app's own API (generated from the contracts' route table) is the second document.
  await page.goto('/api/docs?api=web-app');
  await expect(page.getByRole('heading', { name: 'RedFlag web app API' }).first()).toBeVisible();
  expect(foreign).toEqual([]);
  expect(errors).toEqual([]);
});

// RedFlag's reference page, not the tool's demo, and readable on a phone.
test('/api/docs: no "Ask AI", "Generate MCP" or "Deploy", a way back to the app, "Required" not clipped on a phone', async ({
  page,
}) => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: 'RedFlag API' }).first()).toBeVisible();
    await expect(page.getByText('Scan a message').first()).toBeAttached();
    for (const name of ['Ask AI', 'Generate MCP', 'Deploy'])
      await expect(
        page.getByRole('button', { name }).or(page.getByRole('link', { name })).filter({ visible: true }),
      ).toHaveCount(0);
    const back = page.getByRole('link', { name: 'Back to RedFlag' });
    await expect(back).toBeVisible();
    await expect(back).toHaveAttribute('href', '/');
    const required = page.getByTestId('auth-indicator').first();
    await expect(required).toBeVisible();
    // Not cut off by its box: the whole word is inside every ancestor that clips.
    const clipped = await required.evaluate((el) => {
      const r = el.getBoundingClientRect();
      for (let p = el.parentElement; p; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflow === 'visible' && s.overflowX === 'visible') continue;
        const b = p.getBoundingClientRect();
        if (r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5)
          return true;
      }
      return r.right > window.innerWidth;
    });
    expect(clipped, `"Required" clipped at ${viewport.width}px`).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  }
  await page.getByRole('link', { name: 'Back to RedFlag' }).click();
  await expect(page).toHaveURL(/\/$/);
});
