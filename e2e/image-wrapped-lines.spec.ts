import { expect, test, type Browser } from '@playwright/test';

/**
 * A phone screenshot of an SMS: the header the reader returns as one line ("+44 7893 402117 > Text
 * Message - Today 08:17") is left out of the message, and a sentence the bubble wrapped over six lines
 * (which tesseract returns as six paragraphs) comes back as one paragraph, its link whole. The second bubble
 * stays a paragraph of its own even when the reader puts both bubbles in one paragraph (as it does on Debian's
 * Chromium 156 rendering): the gap between them in the layout says they are two (utils/ocr-text.ts breakAtGaps).
 */

const MESSAGE =
  'Royal Mail: your parcel could not be delivered because the postage was not paid in full. Pay the £1.45 fee at https://royalmail-redeliver.top/pay before 6pm today or it goes back to the sender.';

const smsScreen = `<!doctype html><html><body style="margin:0;background:#fff;font-family:Arial,Helvetica,sans-serif;color:#000">
  <div style="display:flex;justify-content:space-between;padding:10px 22px;font-size:15px;font-weight:600"><span>08:17</span><span>4G 64%</span></div>
  <div style="padding:8px 16px;border-bottom:1px solid #8884;font-size:15px">+44 7893 402117 &gt; Text Message - Today 08:17</div>
  <div style="padding:16px"><div style="max-width:280px;background:#e9e9eb;border-radius:18px;padding:10px 14px;font-size:17px;line-height:1.35">${MESSAGE}</div>
  <div style="max-width:280px;background:#e9e9eb;border-radius:18px;padding:10px 14px;margin-top:10px;font-size:17px;line-height:1.35">Reply STOP to opt out.</div></div>
</body></html>`;

async function screenshot(browser: Browser, html: string): Promise<Buffer> {
  const context = await browser.newContext({ viewport: { width: 390, height: 520 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.setContent(html);
  const png = await page.screenshot({ type: 'png' });
  await context.close();
  return png;
}

test("a screenshot's joined header line is left out and a wrapped sentence is one paragraph", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await page
    .getByLabel('Scan a screenshot')
    .setInputFiles({ name: 'sms.png', mimeType: 'image/png', buffer: await screenshot(browser, smsScreen) });

  const review = page.getByTestId('image-review');
  const text = review.getByLabel('Text found in the image');
  await expect(text).toHaveValue(/Royal Mail/, { timeout: 180_000 });
  const value = await text.inputValue();
  expect(value).not.toMatch(/7893|Text Message|08:17/);
  const paragraphs = value.split(/\n\s*\n/);
  // The wrapped sentence is one paragraph, with the link whole; the second bubble stays its own paragraph.
  expect(paragraphs[0]).toMatch(
    /^Royal Mail: your parcel could not be delivered because the postage was not paid in full\. Pay the £1\.45 fee at https:\/\/royalmail-redeliver\.top\/pay before 6pm today or it goes back to the sender\.$/,
  );
  expect(paragraphs.slice(1)).toEqual(['Reply STOP to opt out.']);
  await review
    .getByTestId('screen-chrome')
    .getByText(/Also on the screen, not scanned/)
    .click();
  await expect(review.getByTestId('screen-chrome')).toContainText('+44 7893 402117');
});
