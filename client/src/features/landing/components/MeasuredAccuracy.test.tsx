import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The report `npm run eval -- --loso` writes, which the section reads (docs/engine-evaluation.md). Each test
// gives its own, so a figure on the page can only have come from the report.
const REPORT = '../../../../../server/src/detection/model/eval-report.json';

type Row = { source: string; legit: number; legitFlagged: number | null; scam: number; scamRecall: number | null };

async function renderWithReport(rows: Row[]) {
  vi.doMock(REPORT, () => ({
    engineTable: { rows },
    headline: { accuracy: 0.8437 },
    generatedAt: '2026-10-02T08:00:00.000Z',
    engineVersion: '9.9.9',
    modelVersion: 'mtest-1',
  }));
  vi.resetModules();
  const { MeasuredAccuracy } = await import('./MeasuredAccuracy');
  render(<MeasuredAccuracy />);
}

const tableRows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      within(row).getByRole('rowheader').querySelector('span')?.textContent,
      ...within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ]);

afterEach(() => {
  vi.doUnmock(REPORT);
});

describe('MeasuredAccuracy', () => {
  it("shows every dataset of the report, worst first, with the report's own figures rounded against us", async () => {
    await renderWithReport([
      { source: 'uci_sms_spam', legit: 4800, legitFlagged: 0.0204, scam: 700, scamRecall: 0.9134 },
      { source: 'nazario_phishing', legit: 0, legitFlagged: null, scam: 1500, scamRecall: 0.7771 },
      { source: 'enron_spam', legit: 9000, legitFlagged: 0.3101, scam: 9000, scamRecall: 0.8888 },
      { source: 'craigslist_bargain', legit: 3600, legitFlagged: 0.0204, scam: 0, scamRecall: null },
    ]);
    expect(tableRows()).toEqual([
      // Worst first by the share on the wrong side of 40, as docs/engine-evaluation.md names the worst source:
      // Enron's 31% false alarms, then Nazario's 22% of scams missed, UCI's 9% missed, Craigslist's 2% flagged.
      ['Work e-mail (Enron)', '88.8%', '31.1%'],
      ['Phishing e-mails (Nazario)', '77.7%', 'no genuine messages in set'],
      ['SMS spam (UCI)', '91.3%', '2.1%'],
      ['Craigslist chats', 'no scams in set', '2.1%'],
    ]);
    const section = screen.getByRole('region', { name: 'How accurate is it?' });
    expect(section).toHaveTextContent('We test RedFlag on 4 public collections of real messages.');
    expect(section).toHaveTextContent('Averaged over the 4 datasets, 84.3% of messages land on the right side.');
    expect(section).toHaveTextContent('Measured on 2026-10-02 with engine 9.9.9+mtest-1.');
  });

  it('names in words every dataset where more than a quarter of genuine messages were flagged', async () => {
    await renderWithReport([
      { source: 'thai_sms', legit: 500, legitFlagged: 0.4, scam: 300, scamRecall: 0.95 },
      { source: 'spamassassin', legit: 4000, legitFlagged: 0.25, scam: 1800, scamRecall: 0.9 },
      { source: 'enron_spam', legit: 9000, legitFlagged: 0.2501, scam: 9000, scamRecall: 0.9 },
    ]);
    const weak = screen.getByTestId('accuracy-weak');
    expect(weak).toHaveTextContent(
      'Where it is weak: on Thai texts (40.0%), Work e-mail (Enron) (25.1%), many genuine messages were flagged by mistake.',
    );
    expect(weak).not.toHaveTextContent('SpamAssassin');
  });

  it('says nothing about weak datasets when there are none', async () => {
    await renderWithReport([{ source: 'uci_sms_spam', legit: 4800, legitFlagged: 0.01, scam: 700, scamRecall: 0.95 }]);
    expect(screen.getByRole('table')).toBeVisible();
    expect(screen.queryByTestId('accuracy-weak')).toBeNull();
  });
});
