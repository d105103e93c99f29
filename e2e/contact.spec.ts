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

test('the contact form says what is wrong under each field, focuses it and keeps what was typed', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Contact Us' }).click();
  const dialog = page.getByRole('dialog', { name: 'CONTACT US' });
  const name = dialog.getByLabel('Name');
  const email = dialog.getByLabel('Email');
  const message = dialog.getByLabel('Message');
  await name.fill('Casey Contact');
  await email.fill('casey-at-example.com');
  await message.fill('A text says my parcel is held until I pay a fee.');
  await dialog.getByRole('button', { name: 'SEND MESSAGE' }).click();

  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Please enter a valid email address');
  await expect(email).toBeFocused();
  await expect(name).toHaveValue('Casey Contact');
  await expect(message).toHaveValue('A text says my parcel is held until I pay a fee.');

  await name.fill('');
  await email.fill('casey@example.com');
  await dialog.getByRole('button', { name: 'SEND MESSAGE' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Please enter your name');
  await expect(name).toBeFocused();
  await expect(dialog.getByRole('alert')).toContainText('Please fill in all fields.');
  await expect(email).toHaveAttribute('aria-invalid', 'false');
  await expect(message).toHaveValue('A text says my parcel is held until I pay a fee.');

  await name.fill('Casey Contact');
  await dialog.getByRole('button', { name: 'SEND MESSAGE' }).click();
  await expect(page.getByText('Message Sent!', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
});
