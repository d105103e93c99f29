import { expect, test } from '@playwright/test';
import { analyzer, createVerifiedUser, startTrial } from './scan-fixtures';

/**
 * A link on an imported known-bad list (decision 103): the server loads the list named in FEEDS from
 * e2e/support/feed-server.mjs (playwright.config.ts), and a scan naming the link says so in the result card,
 * first among the reasons, with what a listing means.
 */

const LISTED_LINK = 'https://e2e-listed-phish.example/verify';

test('a scan whose link is on a known-bad list shows the list in the result card', async ({ page }) => {
  await expect
    .poll(
      async () => {
        // /readyz names no list (decision 108); /metrics does, to a caller on this machine outside production.
        const metrics = await (await page.request.get('/metrics')).text();
        return Number(/^redflag_feed_entries\{feed="e2e"\} (\d+)$/m.exec(metrics)?.[1] ?? 0);
      },
      { timeout: 20_000 },
    )
    .toBe(1);

  await createVerifiedUser(page, 'Lena');
  await startTrial(page);
  await page.goto('/scan');
  const form = analyzer(page);
  await form.message.fill(`Hi, the notes from today are here: ${LISTED_LINK}?utm_source=sms see you Thursday`);
  await form.submit.click();

  const result = page.getByTestId('scan-result');
  await expect(result.getByTestId('scan-verdict')).toHaveText('SCAM DETECTED', { timeout: 15_000 });
  await expect(result.getByText('This link is on the known-bad list "e2e"').first()).toBeVisible();
  const findings = result.getByRole('region', { name: 'What others have seen' });
  await expect(findings.getByTestId('reputation-listing')).toContainText('This link is on the known-bad list “e2e”');
  await expect(findings).toContainText('Lists can be out of date.');
  // The links card agrees: the listed link is not one with "no warning signs".
  const links = result.getByTestId('link-findings');
  await expect(links.getByRole('list', { name: 'Link warnings' })).toContainText('On a known-bad list');
  await expect(links.getByText('No warning signs on this link.')).toHaveCount(0);
});
