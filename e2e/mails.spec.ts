import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, makePremium } from './scan-fixtures';

/**
 * Mails as a person reads them on a phone. The password-changed mail and the one mail on
 * deletion are checked at the API (server/src/auth/password-changed-mail.test.ts,
 * server/src/account/account-delete-mail.test.ts) and in the account journey (account.spec.ts).
 */

const PHONE = { width: 390, height: 844 };

interface Mail {
  id: string;
  to: string;
  kind: string;
  subject: string;
}

async function mailsTo(page: Page, to: string): Promise<Mail[]> {
  return ((await (await page.request.get('/dev/mailbox.json')).json()) as Mail[]).filter((m) => m.to === to);
}

test('the receipt fits a phone (390, 360 and 320px), its long receipt number included', async ({ page }) => {
  const { email } = await createVerifiedUser(page, 'Rita');
  await makePremium(page);
  let receipt: Mail | undefined;
  await expect
    .poll(async () => (receipt = (await mailsTo(page, email)).find((m) => m.kind === 'receipt')))
    .toBeTruthy();
  for (const width of [PHONE.width, 360, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/dev/mailbox/${receipt?.id}`);
    await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `page width at ${width}px`,
    ).toBeLessThanOrEqual(width);
    // The number itself is all there, inside the screen.
    const number = page.getByText(/^lin_/);
    await expect(number).toBeVisible();
    const box = await number.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  }
});
