import { expect, test, type Browser } from '@playwright/test';

/**
 * A screenshot whose message starts with a large "NOTICE" banner on yellow: tesseract's layout step dropped
 * a line of letters far larger than the text around it (it read nothing, or broken glyphs), so the
 * preparation shrinks such a line to near the text's size (utils/ocr-image.ts `shrinkTallLines`).
 */

const noticeScreen = `<!doctype html><html><body style="margin:0;background:#fff;font-family:Arial,Helvetica,sans-serif;color:#111">
  <div style="margin:16px;background:#ffd400;font-weight:900;font-size:48px;padding:20px;text-align:center;width:300px">NOTICE</div>
  <div style="font-size:17px;line-height:1.45;padding:8px 16px">Your vehicle tax is overdue. Pay today to avoid a fine.</div>
</body></html>`;

async function screenshot(browser: Browser, html: string): Promise<Buffer> {
  const context = await browser.newContext({ viewport: { width: 390, height: 400 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.setContent(html);
  const png = await page.screenshot({ type: 'png' });
  await context.close();
  return png;
}

test('a large "NOTICE" banner on yellow is read with the message under it', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await page
    .getByLabel('Scan a screenshot')
    .setInputFiles({ name: 'notice.png', mimeType: 'image/png', buffer: await screenshot(browser, noticeScreen) });
  const text = page.getByTestId('image-review').getByLabel('Text found in the image');
  await expect(text).toHaveValue(/vehicle tax/, { timeout: 180_000 });
  expect(await text.inputValue()).toBe('NOTICE Your vehicle tax is overdue. Pay today to avoid a fine.');
});
