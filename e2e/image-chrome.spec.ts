import { expect, test, type Browser } from '@playwright/test';
import { createVerifiedUser, SCAM_MESSAGE, startTrial } from './scan-fixtures';

/**
 * A screenshot's status bar, app header, timestamp, receipt and input box are read but kept out of
 * the message (they changed its verdict), shown under "Also on the screen", and can be added back.
 */

const SMS_TEXT = SCAM_MESSAGE.replace(' <script>alert(1)</script>', '');

const phoneScreen = (
  text: string,
) => `<!doctype html><html><body style="margin:0;background:#fff;font-family:Arial,Helvetica,sans-serif;color:#000">
  <div style="display:flex;justify-content:space-between;padding:10px 22px;font-size:15px;font-weight:600"><span>9:41</span><span>5G 87%</span></div>
  <div style="padding:8px 16px;border-bottom:1px solid #8884;text-align:center;font-size:15px"><div style="text-align:left;color:#0a84ff">&lt; Messages</div>+1 (415) 555-0134<br><span style="font-size:12px;color:#666">Text Message · Today 9:41 AM</span></div>
  <div style="padding:16px"><div style="max-width:300px;background:#e9e9eb;border-radius:18px;padding:10px 14px;font-size:17px;line-height:1.35">${text}</div>
  <div style="text-align:right;font-size:12px;color:#666;margin-top:6px">Delivered</div></div>
  <div style="margin:24px 12px;border:1px solid #ccc;border-radius:18px;padding:8px 14px;color:#777;font-size:16px">Text Message</div>
</body></html>`;

async function screenshot(browser: Browser, html: string): Promise<Buffer> {
  const context = await browser.newContext({ viewport: { width: 390, height: 560 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.setContent(html);
  const png = await page.screenshot({ type: 'png' });
  await context.close();
  return png;
}

test('the screen around the message is left out of the text to scan, listed, and can be added back', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await createVerifiedUser(page, 'Odile');
  await startTrial(page);
  await page.goto('/scan');
  await page.getByLabel('Scan a screenshot').setInputFiles({
    name: 'sms.png',
    mimeType: 'image/png',
    buffer: await screenshot(browser, phoneScreen(SMS_TEXT)),
  });

  const review = page.getByTestId('image-review');
  const text = review.getByLabel('Text found in the image');
  await expect(text).toHaveValue(/package is on hold/, { timeout: 60_000 });
  await expect(text).not.toHaveValue(/Delivered|Messages|9:41/);
  // The header still fills in the platform.
  await expect(review.getByText('SMS / Text')).toBeVisible();

  const chrome = review.getByTestId('screen-chrome');
  await chrome.getByText(/Also on the screen, not scanned/).click();
  const addDelivered = chrome.getByRole('button', { name: /^Add back: Deliver/ });
  await expect(addDelivered).toBeVisible();
  await addDelivered.click();
  await expect(text).toHaveValue(/package is on hold[\s\S]*\nDeliver\S*$/);
  await expect(addDelivered).toHaveCount(0);
  await expect(text).toBeFocused();
});
