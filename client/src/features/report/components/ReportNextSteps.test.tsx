import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { SCAM_TEXT, storedScan } from '@/test/scans';
import ReportNextSteps from './ReportNextSteps';

const destinations = () =>
  within(screen.getByRole('list', { name: 'Report it' }))
    .getAllByTestId('report-destination')
    .map((item) => item.querySelector('p')?.textContent);

describe('ReportNextSteps', () => {
  it("starts from the sender's country and changes the destinations with the country chosen", async () => {
    const { user } = renderWithApp(<ReportNextSteps scan={storedScan({ phoneNumber: '+44 7700 900123' })} />);
    const country = screen.getByRole('combobox', { name: 'Your country' });
    expect(country).toHaveDisplayValue('United Kingdom');
    expect(destinations()).toEqual(['Forward the text to 7726', 'Report Fraud (formerly Action Fraud)']);

    await user.selectOptions(country, 'Australia');
    // 7726 is a US and UK carrier service: it is not offered in Australia.
    expect(destinations()).toEqual(['Scamwatch']);

    await user.selectOptions(country, 'United States');
    expect(destinations()).toEqual(['Forward the text to 7726', 'FTC ReportFraud']);
    const ftc = screen.getByRole('link', { name: /reportfraud\.ftc\.gov/ });
    expect(ftc).toHaveAttribute('href', 'https://reportfraud.ftc.gov/');
    expect(ftc).toHaveAttribute('target', '_blank');
  });

  it('copies a summary that carries the message only while the box is ticked', async () => {
    const { user } = renderWithApp(<ReportNextSteps scan={storedScan()} />);
    const summary = screen.getByRole('textbox', { name: 'Summary to paste into a report' });
    const copy = screen.getByRole('button', { name: 'Copy summary' });

    await user.click(copy);
    let copied = await navigator.clipboard.readText();
    expect(copied).toContain('Verdict: SCAM DETECTED (risk score 86/100, checked with RedFlag)');
    expect(copied).toContain('- https://usps-redelivery-fee.top/pay');
    expect(copied).not.toContain('Message text:');
    expect(copied).not.toContain('unpaid shipping fee');
    expect(screen.getByRole('status')).toHaveTextContent('Copied');

    await user.click(screen.getByRole('checkbox', { name: 'Include the message text in the report summary' }));
    // The summary changed since the last copy: it no longer says Copied.
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect((summary as HTMLTextAreaElement).value).toContain(`Message text:\n${SCAM_TEXT}`);
    await user.click(copy);
    copied = await navigator.clipboard.readText();
    expect(copied).toContain(`Message text:\n${SCAM_TEXT}`);
    expect(copied).toBe((summary as HTMLTextAreaElement).value);

    await user.click(screen.getByRole('checkbox', { name: 'Include the message text in the report summary' }));
    expect(summary).not.toHaveValue(expect.stringContaining('unpaid shipping fee'));
  });

  it('offers nothing to report on a low-risk result', () => {
    renderWithApp(<ReportNextSteps scan={storedScan({ riskScore: 12 })} />);
    expect(screen.queryByRole('region', { name: 'Report it' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy summary' })).toBeNull();
  });
});
