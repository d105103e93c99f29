import { expect, test } from '@playwright/test';
import { analyzer, createVerifiedUser, startTrial } from './scan-fixtures';

/**
 * Questions only the user can answer, and a whole conversation: an opener from a stranger asks whether the
 * user knows the sender and re-scores with the answer; a pasted thread shows its turns, the turn where it
 * turned and where the user stands now. At the desktop width and at 390 px.
 */
const OPENER =
  'Hello, is this Mr. Parker? My aunt gave me your number, she said you might help me with the house viewing.';
const THREAD = [
  'Them: Hi Mum, this is my new number, I dropped my phone in the bath',
  'Me: Oh no! Is that you Jess?',
  'Them: Yes its me. You can delete the old number',
  'Me: Ok saved it x',
  'Them: Mum I need a favour, I have to pay a bill today but my banking app is locked on the new phone. Can you transfer £1,450 for me and I will pay you back tomorrow?',
  'Me: Which bill?',
].join('\n');

for (const width of [1280, 390]) {
  test(`at ${width} px, the questions re-score an opener with the user's answer`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await createVerifiedUser(page, 'Quinn');
    await startTrial(page);
    await page.goto('/scan');
    const scan = analyzer(page);
    await scan.message.fill(OPENER);
    await scan.submit.click();
    const panel = page.getByTestId('questions-panel');
    await expect(panel).toBeVisible({ timeout: 15_000 });
    await expect(panel.getByText('Do you know this sender outside this chat?')).toBeVisible();
    // Keyboard: the answer is a radio group; Space picks it.
    const yes = panel
      .getByRole('group', { name: 'Do you know this sender outside this chat?' })
      .getByRole('radio', { name: 'Yes' });
    await yes.focus();
    await page.keyboard.press('Space');
    await panel.getByRole('button', { name: 'Check again with my answers' }).click();
    await expect(panel.getByRole('status')).toContainText(/moved the risk score from \d+ to \d+: LIKELY LEGITIMATE/);
    await expect(panel.getByText(/You said you know the sender outside this chat/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test(`at ${width} px, a pasted thread shows its timeline, the turn where it turned and where you stand`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await createVerifiedUser(page, 'Rosa');
    await startTrial(page);
    await page.goto('/scan');
    const scan = analyzer(page);
    await scan.message.fill(THREAD);
    await scan.submit.click();
    const timeline = page.getByTestId('conversation-timeline');
    await expect(timeline).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('scan-result')).toHaveAttribute('data-band', 'scam');
    const turned = timeline.getByRole('listitem').filter({ hasText: 'It turned here' });
    await expect(turned).toContainText('Can you transfer £1,450');
    await expect(timeline.getByTestId('conversation-standing')).toContainText('They have asked for money');
    await expect(timeline.getByRole('listitem').filter({ hasText: 'Which bill?' })).toContainText('(you)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}
