import { expect, test } from '@playwright/test';
import { apiScan, createVerifiedUser, startTrial } from './scan-fixtures';

/**
 * Evidence highlighted in the message (result card and report page) reads as the message was written:
 * no space that is not in the message ("usps- redelivery -care.com", "pick  it up"),
 * and no word or link cut into two highlights.
 */

const LINK = 'https://usps-redelivery-care.com/track';
const USPS = `USPS: your package could not be delivered. Schedule a redelivery at ${LINK} within 24 hours.`;
const PICKUP =
  'Hi, I will send a courier to pick it up, I already paid via Zelle, please check your email for the payment confirmation.';

for (const [name, message, whole] of [
  ['a link', USPS, LINK],
  ['"pick it up"', PICKUP, 'pick it up'],
] as const) {
  test(`the highlighted message adds no space and splits no word or link: ${name}`, async ({ page }) => {
    await createVerifiedUser(page, 'Hana');
    await startTrial(page);
    const scan = await apiScan(page.request, message);
    await page.goto(`/scans/${scan.id}`);
    const box = page.getByTestId('scan-message');
    await expect(box.locator('mark').first()).toBeVisible({ timeout: 15_000 });
    await expect(box).toHaveText(message);

    const layout = await box.evaluate((el, text) => {
      const runs = [...el.childNodes].map((n) => n.textContent ?? '');
      const marks = [...el.querySelectorAll('mark')].map((m) => {
        const s = getComputedStyle(m);
        return [s.paddingLeft, s.paddingRight, s.marginLeft, s.marginRight].join(' ');
      });
      // Where one run ends and the next begins, as offsets in the message.
      const cuts: number[] = [];
      let at = 0;
      for (const run of runs.slice(0, -1)) cuts.push((at += run.length));
      const links = [...text.matchAll(/https?:\/\/\S+/g)].map((m) => [m.index ?? 0, (m.index ?? 0) + m[0].length]);
      const word = /[\p{L}\p{N}]/u;
      const splitWords = cuts.filter((c) => word.test(text[c - 1] ?? '') && word.test(text[c] ?? ''));
      const splitLinks = cuts.filter((c) => links.some(([s, e]) => c > (s ?? 0) && c < (e ?? 0)));
      return { marks, splitWords, splitLinks, runs };
    }, message);
    expect(
      layout.marks.every((m) => m === '0px 0px 0px 0px'),
      `mark spacing ${JSON.stringify(layout.marks)}`,
    ).toBe(true);
    expect(layout.splitWords, JSON.stringify(layout.runs)).toEqual([]);
    expect(layout.splitLinks, JSON.stringify(layout.runs)).toEqual([]);
    // The phrase reads as written: as wide as the same words without any mark.
    const widths = await box.evaluate((el, phrase) => {
      const range = document.createRange();
      const text = el.textContent ?? '';
      const start = text.indexOf(phrase);
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      let offset = 0;
      let node: Node | null;
      while ((node = walker.nextNode())) {
        const len = node.textContent?.length ?? 0;
        if (offset <= start && start < offset + len) range.setStart(node, start - offset);
        if (offset < start + phrase.length && start + phrase.length <= offset + len)
          range.setEnd(node, start + phrase.length - offset);
        offset += len;
      }
      const plain = document.createElement('span');
      plain.textContent = phrase;
      plain.style.whiteSpace = 'pre';
      el.appendChild(plain);
      const result = {
        marked: range.getBoundingClientRect().width,
        plain: plain.getBoundingClientRect().width,
        lines: range.getClientRects().length,
      };
      plain.remove();
      return result;
    }, whole);
    if (widths.lines === 1) expect(Math.abs(widths.marked - widths.plain)).toBeLessThan(1);
  });
}
