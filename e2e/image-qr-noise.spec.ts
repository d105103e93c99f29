import { expect, test, type Browser } from '@playwright/test';
import QRCode from 'qrcode';
import { createVerifiedUser, startTrial } from './scan-fixtures';

/**
 * A photo or screenshot with a large QR code beside the words: tesseract reads the code's squares as
 * glyph noise ("ⅠⅡ ▪ ■ |l|l"), which went into the message and made the server call an English sticker
 * Hindi. The code's area is painted white before reading (utils/qr.ts gives where each code lies), so the
 * text to scan holds the sentence only, and the code's link is listed apart.
 */

const SENTENCE = 'Your parking session has expired. Scan the code to pay the fine today';
const LINK = 'https://city-parking-fines.top/pay/55210';

async function screenshot(browser: Browser, html: string): Promise<Buffer> {
  const context = await browser.newContext({ viewport: { width: 640, height: 380 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.setContent(html);
  const png = await page.screenshot({ type: 'png' });
  await context.close();
  return png;
}

test('a large QR code beside a sentence is kept out of the text to scan, listed as a link, and the result is English', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // A dense code (high error correction) drawn large: many modules, each several pixels, as on a poster.
  const qr = await QRCode.toDataURL(LINK, { errorCorrectionLevel: 'H', margin: 1, width: 320 });
  const png = await screenshot(
    browser,
    `<!doctype html><html><body style="margin:0;background:#fff;font-family:Arial,Helvetica,sans-serif;color:#111">
      <div style="display:flex;align-items:center;gap:24px;padding:24px">
        <p style="font-size:22px;line-height:1.4;width:280px;margin:0">${SENTENCE}</p>
        <img src="${qr}" width="300" height="300" style="image-rendering:pixelated">
      </div></body></html>`,
  );
  await createVerifiedUser(page, 'Quentin');
  await startTrial(page);
  await page.goto('/scan');
  await page.getByLabel('Scan a screenshot').setInputFiles({ name: 'parking.png', mimeType: 'image/png', buffer: png });

  const review = page.getByTestId('image-review');
  const text = review.getByLabel('Text found in the image');
  await expect(text).toBeFocused({ timeout: 90_000 });
  await expect(review.getByTestId('qr-link')).toHaveText(`Leads to ${LINK}`);
  // The sentence and nothing else: the same words once the lines are joined, no glyphs from the code.
  const read = await text.inputValue();
  expect(read.replace(/\s+/g, ' ').trim()).toBe(SENTENCE);
  await expect(review.getByText('Language: English')).toBeVisible();

  await review.getByRole('button', { name: 'Scan this text' }).click();
  const result = page.getByTestId('scan-result');
  await expect(result.getByText(`QR code leads to ${LINK}`)).toBeVisible({ timeout: 20_000 });
  await expect(result.getByTestId('scan-language')).toHaveText(/Language\s*English/);
});
