import { expect, test } from '@playwright/test';
import { analyzer, createVerifiedUser, startTrial } from './scan-fixtures';

/**
 * On a red verdict, only what lowered the risk sits under "Also noted — These looked normal". A caution that
 * did not move the score (a link without encryption, a number to call that must be checked against the
 * company's real one) is not reassurance, and under that line it read as one.
 */

const MESSAGE =
  'Amazon: your account is locked after a suspicious order of $499. Call 1-844-555-0199 now to cancel it or your card will be charged today. Details: http://amazon-orders-help.com/cancel';

test('cautions on a scam verdict are listed apart from what "looked normal"', async ({ page }) => {
  test.setTimeout(120_000);
  await createVerifiedUser(page, 'Priya');
  await startTrial(page);
  await page.goto('/scan');
  const form = analyzer(page);
  await form.message.fill(MESSAGE);
  await form.submit.click();

  const result = page.getByTestId('scan-result');
  await expect(result.getByTestId('scan-verdict')).toHaveText('SCAM DETECTED', { timeout: 15_000 });
  const reasons = result.getByTestId('scan-reasons');
  const cautions = [/The link is not encrypted/, /check it against the company's real number/];
  for (const text of cautions) {
    const reason = reasons.getByTestId('scan-reason').filter({ hasText: text });
    await expect(reason).toHaveCount(1);
    // The group the caution is in: its title and note, never the reassuring one.
    const group = reasons
      .locator('[data-testid^="reasons-"]')
      .filter({ has: page.getByTestId('scan-reason').filter({ hasText: text }) });
    await expect(group).toHaveCount(1);
    await expect(group).not.toContainText('These looked normal');
    await expect(group).toContainText('Also worth knowing');
  }
  await expect(reasons).not.toContainText('These looked normal');
});
