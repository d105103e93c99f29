import { expect, test } from '@playwright/test';
import { apiScan, createVerifiedUser, makePremium, saveScreenshots } from './scan-fixtures';
import { axeViolations } from './axe';

/**
 * "Was this right?" on a stored report, answered and changed later; a share link
 * that a signed-out visitor opens and that shows the verdict without the message until the owner includes
 * it, is not indexed, and stops working when revoked.
 */

const MESSAGE =
  'Hi Odalys, USPS: your package is on hold due to an unpaid fee of $1.99. Pay now at https://usps-redelivery-fee.top/pay or it will be returned.';
const PRIVATE_PARTS = ['Odalys', 'usps-redelivery-fee', 'on hold due to'];

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

test('feedback is saved, kept on reload and changeable; the share link shows nothing of the message until included, then is revoked', async ({
  page,
  browser,
  baseURL,
}) => {
  await createVerifiedUser(page, 'Odalys');
  await makePremium(page);
  const scan = await apiScan(page.request, MESSAGE, { platform: 'sms' });
  expect(scan.riskScore).toBeGreaterThanOrEqual(40);

  await page.goto(`/scans/${scan.id}`);
  const feedback = page.getByTestId('feedback-panel');
  await expect(feedback.getByRole('heading', { name: 'Was this right?' })).toBeVisible({ timeout: 15_000 });
  const consent = feedback.getByRole('checkbox', {
    name: "Use this message's text to improve RedFlag's scam detection",
  });
  await expect(consent).not.toBeChecked();
  // Three checkboxes about the message text on one page, each named for what it does, so neither a screen
  // reader nor a person ticks the wrong one.
  await expect(
    page.getByRole('checkbox', { name: 'Show the message text on the shared page', exact: true }),
  ).toHaveCount(1);
  await expect(
    page.getByRole('checkbox', { name: 'Include the message text in the report summary', exact: true }),
  ).toHaveCount(1);
  await expect(page.getByRole('checkbox', { name: /^Include the message text$/ })).toHaveCount(0);

  // Sending without an answer says what is missing; nothing is stored.
  await feedback.getByRole('button', { name: 'Send answer' }).click();
  await expect(feedback.getByRole('status')).toHaveText('Choose Scam, Not a scam or Not sure');

  // The answers are radio buttons drawn as pills: a person clicks the pill (its label).
  await feedback.getByText('Not a scam', { exact: true }).click();
  await expect(feedback.getByRole('radio', { name: 'Not a scam' })).toBeChecked();
  await feedback.getByLabel(/Note/).fill('It was my real courier');
  await feedback.getByRole('button', { name: 'Send answer' }).click();
  await expect(feedback.getByRole('status')).toHaveText('Thanks, your answer is saved.');
  let stored = (await (await page.request.get(`/api/scans/${scan.id}/feedback`)).json()) as {
    feedback: { label: string; note: string; consentToUseText: boolean };
  };
  expect(stored.feedback).toMatchObject({ label: 'not_scam', note: 'It was my real courier', consentToUseText: false });

  // Later, from the history: the answer is there, and can be changed (with consent this time).
  await page.reload();
  await expect(feedback.getByRole('radio', { name: 'Not a scam' })).toBeChecked({ timeout: 15_000 });
  await expect(feedback.getByLabel(/Note/)).toHaveValue('It was my real courier');
  await expect(feedback.getByRole('status')).toHaveText('You answered: Not a scam');
  await feedback.getByText('Scam', { exact: true }).click();
  await expect(feedback.getByRole('radio', { name: 'Scam', exact: true })).toBeChecked();
  await consent.check();
  await feedback.getByRole('button', { name: 'Update answer' }).click();
  await expect(feedback.getByRole('status')).toHaveText('Thanks, your answer is saved.');
  stored = (await (await page.request.get(`/api/scans/${scan.id}/feedback`)).json()) as typeof stored;
  expect(stored.feedback).toMatchObject({ label: 'scam', consentToUseText: true });

  // Share: a link, the message left out by default.
  const share = page.getByTestId('share-panel');
  const include = share.getByRole('checkbox', { name: 'Show the message text on the shared page' });
  await expect(include).not.toBeChecked();
  // The hint under the switch says what the link shows in the state it is in.
  const hint = share.getByText(/^(Off|On): the link shows/);
  await expect(hint).toHaveText('Off: the link shows nothing of the message, not even the highlighted words.');
  await share.getByRole('button', { name: 'Create link' }).click();
  const urlField = share.getByTestId('share-url');
  await expect(urlField).toHaveValue(/\/r\/[A-Za-z0-9_-]{43}$/);
  const url = await urlField.inputValue();

  expect(
    await axeViolations(page, {
      include: ['[data-testid="feedback-panel"]', '[data-testid="share-panel"]'],
      tags: null,
      impact: 'any',
    }),
  ).toEqual([]);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await feedback.scrollIntoViewIfNeeded();
    if (process.env.SCREENSHOTS)
      await page.screenshot({ path: `${process.env.SCREENSHOTS}/feedback-share-panels-${viewport.width}.png` });
  }

  // A visitor who is not signed in.
  const visitor = await browser.newContext({ baseURL });
  const guest = await visitor.newPage();
  const response = await guest.goto(new URL(url).pathname);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-robots-tag']).toMatch(/noindex/);
  await expect(guest.getByTestId('shared-verdict')).toHaveText(/SCAM DETECTED|SUSPICIOUS/, { timeout: 15_000 });
  await expect(guest.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(guest.getByTestId('shared-reason').first()).toBeVisible();
  await expect(guest.getByTestId('shared-message-withheld')).toBeVisible();
  const body = await guest.locator('body').innerText();
  for (const part of PRIVATE_PARTS) expect(body).not.toContain(part);
  expect(await axeViolations(guest, { include: 'main', tags: null, impact: 'any' })).toEqual([]);
  for (const viewport of VIEWPORTS) {
    await guest.setViewportSize(viewport);
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await saveScreenshots(guest, `shared-result-${viewport.width}`);
  }
  await guest.setViewportSize({ width: 1280, height: 800 });

  // The owner includes the message: the same link now shows it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await include.check();
  await expect(include).toBeChecked();
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/scans/${scan.id}/share`)).json()) as {
            share: { includeMessage: boolean };
          }
        ).share.includeMessage,
    )
    .toBe(true);
  await expect(urlField).toHaveValue(url);
  const ON_HINT = 'On: the link shows the whole message to anyone who opens it.';
  await expect(hint).toHaveText(ON_HINT);
  await guest.reload();
  await expect(guest.getByTestId('shared-message')).toContainText('Odalys', { timeout: 15_000 });
  // After a reload the switch and its hint still tell the truth.
  await page.reload();
  await expect(include).toBeChecked({ timeout: 15_000 });
  await expect(hint).toHaveText(ON_HINT);

  // Revoked: the link answers "not available".
  await share.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(share.getByRole('button', { name: 'Create link' })).toBeVisible();
  await guest.reload();
  await expect(guest.getByRole('heading', { name: 'This shared result is not available' })).toBeVisible({
    timeout: 15_000,
  });
  expect(await guest.locator('body').innerText()).not.toContain('Odalys');
  await visitor.close();
});
