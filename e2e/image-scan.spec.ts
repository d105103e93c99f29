import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { analyzer, apiScan, createVerifiedUser, makePremium, SCAM_MESSAGE, startTrial } from './scan-fixtures';

/**
 * A screenshot or a QR code, read in the browser. The screenshots are rendered here in Chromium
 * (an SMS screen) and handed to the analyzer by drop, file picker or paste; the image never leaves the page.
 */

const SMS_TEXT = SCAM_MESSAGE.replace(' <script>alert(1)</script>', '');

function smsScreen(text: string, { dark = false } = {}): string {
  const bg = dark ? '#000' : '#fff';
  const bubble = dark ? '#262629' : '#e9e9eb';
  const ink = dark ? '#fff' : '#000';
  return `<!doctype html><html><body style="margin:0;background:${bg};font-family:Arial,Helvetica,sans-serif;color:${ink}">
    <div style="padding:18px 16px;border-bottom:1px solid #8884;text-align:center;font-size:15px">+1 (415) 555-0134<br><span style="font-size:12px;color:#888">Text Message · Today 9:41 AM</span></div>
    <div style="padding:16px"><div id="bubble" style="max-width:300px;background:${bubble};border-radius:18px;padding:10px 14px;font-size:17px;line-height:1.35">${text}</div></div>
  </body></html>`;
}

/** A PNG of `html` rendered by Chromium at the given size, as a phone screenshot would be. */
async function screenshot(browser: Browser, html: string, viewport = { width: 390, height: 460 }): Promise<Buffer> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.setContent(html);
  const png = await page.screenshot({ type: 'png' });
  await context.close();
  return png;
}

/** Drops a file on the analyzer's drop zone as a person dragging it from their desktop would. */
async function dropImage(page: Page, png: Buffer, name = 'screenshot.png', type = 'image/png') {
  const dataTransfer = await page.evaluateHandle(
    ({ b64, name, type }) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], name, { type }));
      return dt;
    },
    { b64: png.toString('base64'), name, type },
  );
  const zone = page.getByTestId('image-drop-zone');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

async function signedInWithTrial(page: Page, name: string) {
  await createVerifiedUser(page, name);
  await startTrial(page);
  await page.goto('/scan');
}

test("a dropped screenshot of a scam text is read on the device, shown for review, and scanned to the pasted text's verdict", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Premium: the sender's number read from the screen is filled in and checked too (decision 089).
  await createVerifiedUser(page, 'Ines');
  await makePremium(page);
  await page.goto('/scan');
  const pasted = await apiScan(page.request, SMS_TEXT);
  const pastedBand = pasted.riskScore >= 70 ? 'scam' : pasted.riskScore >= 40 ? 'suspicious' : 'legitimate';

  // Nothing of the image leaves the page: no request carries it (only the scan's JSON text does).
  const posted: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET')
      posted.push(`${r.url()} ${r.headers()['content-type'] ?? ''} ${r.postData()?.length ?? 0}`);
  });
  const external: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(new URL(page.url()).origin) && !r.url().startsWith('data:')) external.push(r.url());
  });

  await dropImage(page, await screenshot(page.context().browser() ?? browser, smsScreen(SMS_TEXT)));
  await expect(page.getByRole('progressbar', { name: 'Reading the image' })).toBeVisible();
  const review = page.getByTestId('image-review');
  const text = review.getByLabel('Text found in the image');
  await expect(text).toBeFocused({ timeout: 60_000 });
  await expect(text).toHaveValue(/package is on hold/);
  await expect(text).toHaveValue(/usps-redelivery-fee\.top\/pay/);
  await expect(review.getByText('Language: English')).toBeVisible();
  // The screen's header names the sender's number and the SMS app: both are filled in for the scan.
  await expect(review.getByText('SMS / Text')).toBeVisible();
  await expect(review.getByText('+1 415 555 0134')).toBeVisible();

  await review.getByRole('button', { name: 'Scan this text' }).click();
  const result = page.getByTestId('scan-result');
  await expect(result).toHaveAttribute('data-band', pastedBand, { timeout: 20_000 });
  await expect(page.getByTestId('scan-from-image')).toHaveText(
    /Read from your screenshot\. The image stayed on this device\./,
  );
  await expect(analyzer(page).phone).toHaveValue('+1 415 555 0134');
  expect(external).toEqual([]);
  const scanPosts = posted.filter((p) => p.includes('/api/scans'));
  expect(scanPosts.length).toBe(1);
  expect(scanPosts[0]).toContain('application/json');

  // The result, the stored report and the history row all say the text came from a screenshot.
  const fromScreenshot = 'Read from a screenshot on your device; the image was not uploaded.';
  await expect(result.getByTestId('scan-source')).toHaveText(fromScreenshot);
  const typed = await apiScan(page.request, SMS_TEXT);
  await page.goto('/dashboard');
  const rows = page.getByTestId('scan-item');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'From a screenshot' })).toHaveCount(1);
  await rows.filter({ hasText: 'From a screenshot' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/scans\//);
  await expect(page.getByText('From a screenshot', { exact: true })).toBeVisible();
  await expect(page.getByTestId('scan-source')).toHaveText(fromScreenshot);
  await page.goto(`/scans/${typed.id}`);
  await expect(page.getByTestId('scan-result')).toBeVisible();
  await expect(page.getByTestId('scan-source')).toHaveCount(0);
});

test("a trial user's screenshot with the sender's number has it filled in and checked within the trial, and no upgrade dialog opens", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The trial includes phone and e-mail checks (docs/design.md §4), so the number read from the screen is used as for Premium.
  await signedInWithTrial(page, 'Tara');
  await dropImage(page, await screenshot(browser, smsScreen(SMS_TEXT)));
  const review = page.getByTestId('image-review');
  await expect(review.getByLabel('Text found in the image')).toBeFocused({ timeout: 60_000 });
  await expect(review.getByTestId('sender-not-checked')).toHaveCount(0);
  await expect(review.getByText('+1 415 555 0134')).toBeVisible();
  await expect(review.getByText('SMS / Text')).toBeVisible();

  const sent = page.waitForRequest((r) => r.url().endsWith('/api/scans') && r.method() === 'POST');
  await review.getByRole('button', { name: 'Scan this text' }).click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ source: 'image', platform: 'sms', phoneNumber: '+1 415 555 0134' });
  await expect(page.getByTestId('scan-result').getByTestId('phone-findings')).toContainText('+14155550134', {
    timeout: 20_000,
  });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(analyzer(page).phone).toHaveValue('+1 415 555 0134');
});

test("a visitor's QR screenshot kept before sign-up is scanned after it with its QR link and its source", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const link = 'https://parking-pay-city.top/meter/9921';
  const qr = await QRCode.toDataURL(link, { margin: 2, width: 220 });
  const png = await screenshot(
    browser,
    `<!doctype html><html><body style="margin:0;background:#fff;font-family:Arial,sans-serif;padding:24px">
      <p style="font-size:20px">Pay for parking here</p><img src="${qr}" width="160"></body></html>`,
    { width: 390, height: 360 },
  );
  await page.goto('/');
  await analyzer(page).card.scrollIntoViewIfNeeded();
  await page.getByLabel('Scan a screenshot').setInputFiles({ name: 'sticker.png', mimeType: 'image/png', buffer: png });
  const review = page.getByTestId('image-review');
  await expect(review.getByTestId('qr-link')).toHaveText(`Leads to ${link}`, { timeout: 60_000 });
  await review.getByRole('button', { name: 'Scan this text' }).click();
  // Signed out: the analysis is kept (with its QR link and source) and the sign-up dialog opens.
  await expect(page.getByRole('dialog').getByRole('heading', { name: /get protected/i })).toBeVisible();
  const saved = JSON.parse((await page.evaluate(() => localStorage.getItem('pendingAnalysis'))) ?? '{}') as Record<
    string,
    unknown
  >;
  expect(saved).toMatchObject({ source: 'image', qrLinks: [link] });

  // The account is made through the API (the sign-up dialog has its own journey); the browser keeps its storage.
  await page.keyboard.press('Escape');
  await createVerifiedUser(page, 'Vida');
  await startTrial(page);
  await page.goto('/scan');
  await expect(analyzer(page).message).toHaveValue(new RegExp(`QR code: ${link.replace(/[./]/g, '\\$&')}`));
  await expect(page.getByTestId('scan-from-image')).toHaveText(/Read from your screenshot and its QR code/);
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/scans') && r.method() === 'POST');
  await analyzer(page).submit.click();
  expect((await sent).postDataJSON()).toMatchObject({ source: 'image', qrLinks: [link] });
  const result = page.getByTestId('scan-result');
  await expect(result.getByText(`QR code leads to ${link}`)).toBeVisible({ timeout: 20_000 });
  await expect(result.getByTestId('scan-source')).toBeVisible();
});

test('keyboard only: the picker is reached and opened with the keyboard, the review is labelled and passes axe, and Enter scans', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signedInWithTrial(page, 'Kira');
  await analyzer(page).message.focus();
  await page.keyboard.press('Shift+Tab');
  const picker = page.getByLabel('Scan a screenshot');
  await expect(picker).toBeFocused();
  await expect(picker).toHaveAccessibleDescription(/read on this device and never uploaded/);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (
    await chooser
  ).setFiles({ name: 'sms.png', mimeType: 'image/png', buffer: await screenshot(browser, smsScreen(SMS_TEXT)) });

  await expect(page.getByRole('progressbar', { name: 'Reading the image' })).toBeVisible();
  const review = page.getByRole('region', { name: 'Check the text we read' });
  const text = review.getByRole('textbox', { name: 'Text found in the image' });
  await expect(text).toBeFocused({ timeout: 60_000 });
  await expect(text).toHaveAccessibleDescription(/Language: English/);
  await expect(review.getByRole('img', { name: 'Your screenshot' })).toBeVisible();
  const axe = await new AxeBuilder({ page })
    .include('[data-testid="image-review"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // Tab through the review (the left-out lines, their Add buttons, Discard) to the scan button.
  const scan = review.getByRole('button', { name: 'Scan this text' });
  for (let i = 0; i < 20 && !(await scan.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(scan).toBeFocused();
  await page.keyboard.press('Enter');
  const verdict = page.getByTestId('scan-verdict');
  await expect(verdict).toBeFocused({ timeout: 20_000 });
  await expect(page.getByTestId('scan-source')).toBeVisible();
});

test('a QR code in an image is decoded, its link shown, and the result says where it leads', async ({ page }) => {
  test.setTimeout(120_000);
  await signedInWithTrial(page, 'Quinn');
  const link = 'https://parking-pay-city.top/meter/4471';
  const qr = await QRCode.toDataURL(link, { margin: 2, width: 220 });
  const png = await screenshot(
    page.context().browser()!,
    `<!doctype html><html><body style="margin:0;background:#f4f1e8;font-family:Georgia,serif;padding:24px">
      <h1 style="font-size:26px">City Parking</h1><p style="font-size:18px">Scan to pay your meter</p>
      <img src="${qr}" style="transform:rotate(12deg);margin:20px" width="160"></body></html>`,
    { width: 390, height: 420 },
  );
  await page.getByLabel('Scan a screenshot').setInputFiles({ name: 'sticker.png', mimeType: 'image/png', buffer: png });
  const review = page.getByTestId('image-review');
  await expect(review.getByTestId('qr-link')).toHaveText(`Leads to ${link}`, { timeout: 60_000 });
  await review.getByRole('button', { name: 'Scan this text' }).click();
  const result = page.getByTestId('scan-result');
  await expect(result.getByText(`QR code leads to ${link}`)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('scan-from-image')).toHaveText(/Read from your screenshot and its QR code/);
});

test('a file that is not a PNG, JPEG or WebP image is refused with a clear error; reading can be cancelled', async ({
  page,
  browser,
}) => {
  await signedInWithTrial(page, 'Tomas');
  const input = page.getByLabel('Scan a screenshot');
  await input.setInputFiles({
    name: 'invoice.png',
    mimeType: 'image/png',
    buffer: Buffer.from('%PDF-1.7 not an image'),
  });
  await expect(page.getByRole('alert')).toHaveText(
    'This file is not a PNG, JPEG or WebP image. Choose a screenshot or a photo in one of those formats.',
  );

  await input.setInputFiles({
    name: 'sms.png',
    mimeType: 'image/png',
    buffer: await screenshot(browser, smsScreen(SMS_TEXT)),
  });
  const cancel = page.getByRole('button', { name: 'Cancel' });
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('image-review')).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByLabel('Scan a screenshot')).toBeFocused();
});

test('on a 390px phone the picker takes any image (camera and photo library), is reached by keyboard, and a pasted screenshot works', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await signedInWithTrial(page, 'Mara');
  const input = page.getByLabel('Scan a screenshot');
  await expect(input).toHaveAttribute('accept', 'image/*');
  await expect(page.getByText('Scan a screenshot', { exact: true })).toBeVisible();
  const box = await page.getByTestId('image-drop-zone').boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);

  // Keyboard: Tab from the card's heading area reaches the picker before the message.
  await analyzer(page).message.focus();
  await page.keyboard.press('Shift+Tab');
  await expect(input).toBeFocused();

  // Paste: a screenshot on the clipboard, pasted anywhere on the page.
  const png = await screenshot(browser, smsScreen(SMS_TEXT, { dark: true }));
  await page.evaluate((b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'paste.png', { type: 'image/png' }));
    document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true }));
  }, png.toString('base64'));
  const text = page.getByTestId('image-review').getByLabel('Text found in the image');
  await expect(text).toHaveValue(/package is on hold/, { timeout: 60_000 });
  await context.close();
});
