import { expect, test } from '@playwright/test';
import { createVerifiedUser } from './scan-fixtures';

/**
 * The test provider's card form after a refusal: a declined card cleared every field.
 * Now what was typed stays (the security code excepted: it is never written back into a page), and the
 * field the refusal is about is marked and has the focus.
 */

test('a declined test card keeps the number and expiry typed; only the security code is asked again', async ({
  page,
}) => {
  await createVerifiedUser(page, 'Dex');
  const session = await page.request.post('/api/create-checkout-session', { data: {} });
  await page.goto(((await session.json()) as { checkout_url: string }).checkout_url);
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByRole('alert')).toContainText('declined');
  await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Card number')).toBeFocused();
  await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue('12/39');
  await expect(page.getByLabel('CVC')).toHaveValue('');
  // Another card then goes through with what was kept.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(/\/payment-success/);
});
