import { expect, test, type Page } from '@playwright/test';
import { analyzer, createVerifiedUser, LEGIT_MESSAGE, makePremium } from './scan-fixtures';

/**
 * The scan page after a scan: a New scan action that empties the form, and the last
 * message's sender details never carried silently into an unrelated message (a leftover Gmail address gave
 * the next message a "comes from a free gmail.com address" reason).
 */

const CHASE =
  'Chase: we noticed unusual activity on your account. Confirm your identity within 24 hours or it will be locked.';

async function pickPlatform(page: Page, name: string) {
  await analyzer(page)
    .card.getByRole('combobox', { name: /communication platform/i })
    .click();
  await page.getByRole('listbox').getByRole('option', { name, exact: true }).click();
}

async function scanAndWait(page: Page): Promise<Record<string, unknown>> {
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/scans') && r.method() === 'POST');
  await analyzer(page).submit.click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  await expect(page.getByTestId('scan-result')).toBeVisible({ timeout: 15_000 });
  return body;
}

test('New scan empties the message, phone, e-mail and platform and puts the cursor in the message; the last result stays readable', async ({
  page,
}) => {
  await createVerifiedUser(page, 'Newt');
  await makePremium(page);
  await page.goto('/scan');
  const scan = analyzer(page);
  await scan.message.fill(CHASE);
  await pickPlatform(page, 'Email');
  await scan.phone.fill('+1 415 555 0100');
  await scan.email.fill('chase.alerts@gmail.com');
  await scanAndWait(page);

  await page.getByRole('button', { name: 'New scan' }).click();
  await expect(scan.message).toHaveValue('');
  await expect(scan.phone).toHaveValue('');
  await expect(scan.email).toHaveValue('');
  await expect(scan.card.getByRole('combobox', { name: /communication platform/i })).toHaveText(
    /where did you receive it/i,
  );
  await expect(scan.message).toBeFocused();
  await expect(page.getByTestId('scan-result')).toBeVisible();

  const body = await (async () => {
    await scan.message.fill(LEGIT_MESSAGE);
    return scanAndWait(page);
  })();
  expect(body).toEqual({ message: LEGIT_MESSAGE });
});

test("pasting a different message after a scan clears the last sender's number, address and platform, says so, and can put them back", async ({
  page,
}) => {
  await createVerifiedUser(page, 'Paz');
  await makePremium(page);
  await page.goto('/scan');
  const scan = analyzer(page);
  await scan.message.fill(CHASE);
  await pickPlatform(page, 'Email');
  await scan.email.fill('chase.alerts@gmail.com');
  await scanAndWait(page);

  // A small edit to the same message keeps them (re-checking with a fix is one message, not a new one).
  await scan.message.press('End');
  await scan.message.pressSequentially('!');
  await expect(scan.email).toHaveValue('chase.alerts@gmail.com');

  // A different message replaces it: its sender is not the last one's.
  await scan.message.fill(LEGIT_MESSAGE);
  await expect(scan.email).toHaveValue('');
  const note = scan.card.getByTestId('sender-cleared');
  await expect(note).toContainText(/email/i);
  await expect(note).toContainText(/platform/i);
  const body = await scanAndWait(page);
  expect(body).toEqual({ message: LEGIT_MESSAGE });
  await expect(page.getByTestId('scan-result')).not.toContainText(/gmail/i);

  // Put back, when the new text really is from the same sender.
  await scan.message.fill(CHASE);
  await scan.email.fill('chase.alerts@gmail.com');
  await scanAndWait(page);
  await scan.message.fill('Chase: final notice, your account will be locked today.');
  await expect(scan.email).toHaveValue('');
  await scan.card
    .getByTestId('sender-cleared')
    .getByRole('button', { name: /put (them|it) back/i })
    .click();
  await expect(scan.email).toHaveValue('chase.alerts@gmail.com');
  await expect(scan.card.getByTestId('sender-cleared')).toHaveCount(0);
});
