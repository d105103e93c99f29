import { expect, test } from '@playwright/test';
import { makeZip } from '../client/src/test/zip';
import { PIG_BUTCHERING } from '../server/src/detection/conversation/threads';
import { axeViolations } from './axe';
import { analyzer, createVerifiedUser, startTrial } from './scan-fixtures';

/**
 * A WhatsApp chat export picked on the scan page: the .zip (with a photo beside the chat) is read in the
 * browser, only the chat's text goes in the message box and to the server, and a chat longer than one scan
 * reads keeps its latest messages and says so. The .zip is made here, not committed. At 1280 and 390 px.
 */
// A made-up "photo": bytes no request may carry.
const PHOTO_MARK = 'PHOTO-BYTES-THAT-STAY-ON-THE-DEVICE';
const PHOTO = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new TextEncoder().encode(PHOTO_MARK)]);

for (const width of [1280, 390]) {
  test(`at ${width} px, a WhatsApp .zip chosen by keyboard is read on the device and its thread scanned; the photo never leaves`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await createVerifiedUser(page, 'Wanda');
    await startTrial(page);
    await page.goto('/scan');
    const bodies: string[] = [];
    page.on('request', (r) => bodies.push(`${r.url()} ${r.postData() ?? ''}`));

    const zip = await makeZip([
      { name: '00000007-PHOTO-2025-02-16-20-02-00.jpg', data: PHOTO, method: 'store' },
      { name: '_chat.txt', data: `\uFEFF${PIG_BUTCHERING.text}` },
    ]);
    const picker = page.getByLabel('Open a chat export');
    // Reached by keyboard: the next stop after the message.
    await analyzer(page).message.focus();
    await page.keyboard.press('Tab');
    await expect(picker).toBeFocused();
    await picker.setInputFiles({
      name: 'WhatsApp Chat - Lena Zhou.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(zip),
    });

    const scan = analyzer(page);
    await expect(scan.message).toHaveValue(PIG_BUTCHERING.text);
    await expect(page.getByTestId('chat-note')).toHaveText(
      'Read from your chat export: all 10 messages. Its photos and other media were not read and stayed on this device.',
    );
    await expect(page.getByRole('combobox', { name: 'Communication platform' })).toHaveText(/WhatsApp/);
    expect(await axeViolations(page, { include: ['[data-testid="analyzer-card"]'] })).toEqual([]);
    await scan.submit.click();

    const timeline = page.getByTestId('conversation-timeline');
    await expect(timeline).toBeVisible({ timeout: 15_000 });
    await expect(timeline.getByRole('listitem').filter({ hasText: 'It turned here' })).toContainText(
      'crypto trading platform',
    );
    const sent = bodies.filter((b) => b.includes('/api/scans'));
    expect(sent.some((b) => b.includes('Lena Zhou'))).toBe(true);
    expect(bodies.some((b) => b.includes(PHOTO_MARK) || b.includes('PHOTO-2025'))).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}

test('a chat longer than one scan reads keeps its latest messages and says how many; a .zip with no chat is refused', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await createVerifiedUser(page, 'Xavi');
  await startTrial(page);
  await page.goto('/scan');
  const picker = page.getByLabel('Open a chat export');

  await picker.setInputFiles({
    name: 'photos.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(await makeZip([{ name: 'IMG-0001.jpg', data: PHOTO }])),
  });
  await expect(page.getByRole('alert')).toContainText('This .zip holds no chat text');
  expect(await axeViolations(page, { include: ['[data-testid="analyzer-card"]'] })).toEqual([]);

  const lines = Array.from(
    { length: 900 },
    (_, i) =>
      `16/02/2025, 20:${String(i % 60).padStart(2, '0')} - ${i % 2 ? 'Tom' : 'Lena'}: message ${i}, just chatting about the weather and the weekend`,
  );
  await picker.setInputFiles({
    name: 'WhatsApp Chat with Lena.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(lines.join('\n')),
  });
  const note = page.getByTestId('chat-note');
  await expect(note).toContainText(/the last \d+ of its 900 messages are in the box, and only those will be checked/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  const scan = analyzer(page);
  const value = await scan.message.inputValue();
  expect(value.length).toBeLessThanOrEqual(10_000);
  expect(value.endsWith(lines.at(-1) ?? '')).toBe(true);
  await expect(scan.submit).toBeEnabled();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
