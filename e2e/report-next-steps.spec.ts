import { expect, test } from '@playwright/test';
import { analyzer, apiScan, createVerifiedUser, LEGIT_MESSAGE, makePremium, saveScreenshots } from './scan-fixtures';
import { axeViolations } from './axe';

/**
 * "Report it" on the result card: an SMS scam from a +1 number gets 7726 and the FTC's
 * ReportFraud, the summary copies to the clipboard without the message unless the user ticks the box, the
 * country can be changed, and a legitimate result shows no report panel.
 */

const SMS_SCAM =
  'USPS: Your package is on hold due to an unpaid shipping fee of $1.99. Pay now at https://usps-redelivery-fee.top/pay or it will be returned.';
const PRIVATE_WORDS = 'Your package is on hold';

test('an SMS scam from a +1 number offers 7726 and ReportFraud, and copies a summary without the message', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  // A UK browser: the sender's +1 number decides the country, not the locale.
  await page.addInitScript(() => Object.defineProperty(navigator, 'language', { get: () => 'en-GB' }));
  await createVerifiedUser(page, 'Rhea');
  await makePremium(page);
  await page.goto('/scan');
  const scan = analyzer(page);
  await scan.message.fill(SMS_SCAM);
  await scan.phone.fill('+1 202 555 0143');
  await scan.card.getByRole('combobox', { name: /communication platform/i }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'SMS / Text' }).click();
  await scan.submit.click();

  const result = page.getByTestId('scan-result');
  await expect(result).toHaveAttribute('data-band', /scam|suspicious/, { timeout: 15_000 });
  const panel = result.getByTestId('report-next-steps');
  await expect(panel.getByRole('heading', { name: 'Report it' })).toBeVisible();
  await expect(panel.getByLabel('Your country')).toHaveValue('US');

  const destinations = panel.getByTestId('report-destination');
  await expect(destinations.filter({ hasText: 'Forward the text to 7726' })).toBeVisible();
  await expect(panel.getByRole('link', { name: /reportfraud\.ftc\.gov/ })).toHaveAttribute(
    'href',
    'https://reportfraud.ftc.gov/',
  );
  await expect(panel.getByRole('link', { name: /reportfraud\.ftc\.gov/ })).toHaveAttribute('target', '_blank');
  await expect(destinations.first()).toHaveAttribute('data-id', 'text-7726');

  // The summary: sender, link, reasons and date; the message text only when ticked.
  const summary = panel.getByLabel('Summary to paste into a report');
  await expect(summary).toHaveValue(/Sender phone: \+1 202 555 0143/);
  await expect(summary).toHaveValue(/https:\/\/usps-redelivery-fee\.top\/pay/);
  await expect(summary).toHaveValue(/Received via: SMS \/ Text/);
  await expect(summary).not.toHaveValue(new RegExp(PRIVATE_WORDS));

  expect(
    await axeViolations(page, { include: '[data-testid="report-next-steps"]', tags: null, impact: 'any' }),
  ).toEqual([]);

  const include = panel.getByRole('checkbox', { name: 'Include the message text in the report summary' });
  await expect(include).not.toBeChecked();
  // Keyboard: Tab reaches the copy button, Enter copies, the confirmation is announced.
  await panel.getByRole('button', { name: 'Copy summary' }).focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('status')).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('Sender phone: +1 202 555 0143');
  expect(copied).toContain('https://usps-redelivery-fee.top/pay');
  expect(copied).not.toContain(PRIVATE_WORDS);

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await panel.scrollIntoViewIfNeeded();
    if (process.env.SCREENSHOTS)
      await panel.screenshot({ path: `${process.env.SCREENSHOTS}/report-next-steps-${viewport.width}.png` });
    await saveScreenshots(page, `report-next-steps-page-${viewport.width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Ticking the box adds the message; the old "Copied" no longer applies to the new text.
  await include.check();
  await expect(summary).toHaveValue(new RegExp(PRIVATE_WORDS));
  await expect(panel.getByRole('status')).toHaveText('');
  await panel.getByRole('button', { name: 'Copy summary' }).click();
  await expect(panel.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(PRIVATE_WORDS);

  // Another country changes the destinations: Australia has no 7726, Scamwatch instead.
  await panel.getByLabel('Your country').selectOption('AU');
  await expect(destinations.filter({ hasText: '7726' })).toHaveCount(0);
  await expect(panel.getByRole('link', { name: /scamwatch\.gov\.au/ })).toBeVisible();
  await expect(panel.getByRole('link', { name: /reportfraud\.ftc\.gov/ })).toHaveCount(0);
});

test('a stored marketplace scam report links the platform page; a legitimate result shows no report panel', async ({
  page,
}) => {
  await page.addInitScript(() => Object.defineProperty(navigator, 'language', { get: () => 'en-US' }));
  await createVerifiedUser(page, 'Lars');
  await makePremium(page);
  const scam = await apiScan(
    page.request,
    'Hi, I sent the payment via Zelle. Please share the verification code I sent you to confirm, then I will pick up the bike.',
    { platform: 'craigslist' },
  );
  const legit = await apiScan(page.request, LEGIT_MESSAGE, { platform: 'craigslist' });
  expect(scam.riskScore).toBeGreaterThanOrEqual(40);
  expect(legit.riskScore).toBeLessThan(40);

  await page.goto(`/scans/${scam.id}`);
  const panel = page.getByTestId('report-next-steps');
  await expect(panel).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole('link', { name: /craigslist\.org/ })).toHaveAttribute(
    'href',
    'https://www.craigslist.org/about/scams',
  );
  await expect(panel.getByTestId('report-destination').filter({ hasText: '7726' })).toHaveCount(0);

  await page.goto(`/scans/${legit.id}`);
  await expect(page.getByTestId('scan-result')).toHaveAttribute('data-band', 'legitimate', { timeout: 15_000 });
  await expect(page.getByTestId('report-next-steps')).toHaveCount(0);
  await expect(page.getByText('Report it')).toHaveCount(0);
});

test('an Indian UPI message in rupees is reported in India, and the country the user picks is remembered', async ({
  page,
}) => {
  // A US browser: the message itself says where its reader lives.
  await page.addInitScript(() => Object.defineProperty(navigator, 'language', { get: () => 'en-US' }));
  await createVerifiedUser(page, 'Asha');
  await makePremium(page);
  const upi = await apiScan(
    page.request,
    'Dear SBI customer, Rs.4,999 has been debited from your A/c via UPI. If not done by you, update KYC immediately at http://sbi-kyc-update.top/verify or your account will be blocked today.',
    { platform: 'sms' },
  );
  expect(upi.riskScore).toBeGreaterThanOrEqual(40);

  await page.goto(`/scans/${upi.id}`);
  const panel = page.getByTestId('report-next-steps');
  await expect(panel).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByLabel('Your country')).toHaveValue('IN');
  await expect(panel.getByText(/From the message \(.*UPI.*\)/)).toBeVisible();
  await expect(panel.getByRole('link', { name: /cybercrime\.gov\.in/ })).toHaveAttribute(
    'href',
    'https://cybercrime.gov.in/',
  );
  await expect(panel.getByRole('link', { name: 'Call 1930' })).toHaveAttribute('href', 'tel:1930');
  await expect(panel.getByRole('link', { name: /sancharsaathi\.gov\.in/ })).toBeVisible();
  await expect(panel.getByTestId('report-destination').filter({ hasText: '1909' })).toBeVisible();
  await expect(panel.getByTestId('report-destination').filter({ hasText: "SBI's fraud line" })).toBeVisible();
  await expect(panel.getByRole('link', { name: /reportfraud\.ftc\.gov/ })).toHaveCount(0);

  // The user lives in Kenya: the choice holds for the next message too, whatever that message suggests.
  await panel.getByLabel('Your country').selectOption('KE');
  await expect(panel.getByRole('link', { name: /dci\.go\.ke/ })).toBeVisible();
  const ng = await apiScan(
    page.request,
    'Your BVN has been blocked. Call +234 803 123 4567 now and share the OTP to reactivate your GTBank account or it will be closed.',
    {
      platform: 'sms',
    },
  );
  await page.goto(`/scans/${ng.id}`);
  await expect(panel.getByLabel('Your country')).toHaveValue('KE', { timeout: 15_000 });
  await expect(panel.getByText('Your choice, remembered on this device.')).toBeVisible();
  await expect(panel.getByTestId('report-destination').filter({ hasText: 'Forward the text to 333' })).toBeVisible();
});
