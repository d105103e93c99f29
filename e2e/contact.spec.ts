import { expect, test } from '@playwright/test';

/** The footer's Contact Us: CONTACT US dialog, 'Missing Information', 'Message Sent!', mailed to support. */
interface Mail {
  to: string;
  subject: string;
  kind: string;
}

test('the contact form sends a message to support', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Contact Us' }).click();
  const dialog = page.getByRole('dialog', { name: 'CONTACT US' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'SEND MESSAGE' }).click();
  await expect(page.getByText('Please fill in all fields.', { exact: true })).toBeVisible();
  await dialog.getByLabel('Name').fill('Casey Contact');
  await dialog.getByLabel('Email').fill('casey@example.com');
  await dialog.getByLabel('Message').fill('Is this message from my bank a scam?');
  await dialog.getByRole('button', { name: 'SEND MESSAGE' }).click();
  await expect(page.getByText('Message Sent!', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const mails = (await (await page.request.get('/dev/mailbox.json')).json()) as Mail[];
  expect(mails.some((m) => m.kind === 'contact' && m.subject === 'Contact form: Casey Contact')).toBe(true);
});
