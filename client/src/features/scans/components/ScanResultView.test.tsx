import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RISK_LABELS, riskVariants } from '@/components/ui/risk-badge';
import { reason, SCAM_TEXT, span, storedScan } from '@/test/scans';
import ScanResultView from './ScanResultView';

const verdictBox = () => screen.getByTestId('scan-verdict').closest('[class*="border"]') as HTMLElement;

describe('ScanResultView', () => {
  it('shows a scam verdict in red with its score, type, every reason and the words behind each', () => {
    const scan = storedScan();
    render(<ScanResultView scan={scan} />);

    const result = screen.getByRole('article', { name: RISK_LABELS.scam });
    expect(result).toHaveAttribute('data-band', 'scam');
    expect(screen.getByTestId('scan-verdict')).toHaveFocus();
    expect(screen.getByTestId('risk-score')).toHaveTextContent('86');
    expect(screen.getByRole('meter', { name: 'Risk score' })).toHaveAttribute('aria-valuenow', '86');
    expect(screen.getByTestId('confidence')).toHaveTextContent('91%');
    expect(result).toHaveTextContent('Delivery Scam');
    expect(verdictBox()).toHaveClass(...riskVariants({ band: 'scam' }).split(' '));

    const warnings = within(screen.getByTestId('reasons-warning'));
    const items = warnings.getAllByTestId('scan-reason');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Asks you to pay a small fee to release a parcel',
      'Links to a cheap, throwaway web address',
    ]);
    expect(within(items[0]!).getByText('“unpaid shipping fee of $1.99”')).toBeVisible();
    expect(within(items[1]!).getByText('https://usps-redelivery-fee.top/pay')).toBeVisible();
    // The same words are marked in the message itself.
    const message = screen.getByRole('region', { name: 'Your message' });
    expect(within(message).getByText('unpaid shipping fee of $1.99', { selector: 'mark' })).toBeVisible();
    // The link is shown and named for its warning, never made clickable.
    const links = screen.getByTestId('link-findings');
    expect(within(links).getByText('Risky domain ending')).toBeVisible();
    expect(within(links).queryByRole('link')).toBeNull();
  });

  it('lists under Details the score policy steps that moved the score, and nothing when none did', () => {
    const scan = storedScan({
      riskScore: 30,
      policy: [
        {
          id: 'warning_floor',
          from: 22,
          to: 40,
          text: 'A warning sign was found, so the verdict is not green (at least 40)',
        },
        {
          id: 'destination_cap',
          from: 40,
          to: 30,
          text: "Its only way to act is the company's own website, so it is at most a low risk (at most 30)",
        },
      ],
    });
    const { unmount } = render(<ScanResultView scan={scan} />);
    const steps = within(screen.getByRole('list', { name: 'Score adjustments' })).getAllByRole('listitem');
    expect(steps.map((li) => li.textContent)).toEqual([
      'A warning sign was found, so the verdict is not green (at least 40): 22 → 40',
      "Its only way to act is the company's own website, so it is at most a low risk (at most 30): 40 → 30",
    ]);
    unmount();
    render(<ScanResultView scan={storedScan({ policy: [] })} />);
    expect(screen.queryByRole('list', { name: 'Score adjustments' })).toBeNull();
  });

  it('shows a pasted script as its characters, never as markup', () => {
    const { container } = render(<ScanResultView scan={storedScan()} />);
    expect(screen.getByTestId('scan-message')).toHaveTextContent(SCAM_TEXT);
    expect(container.querySelector('script')).toBeNull();
  });

  it('keeps a low score green: a warning sign there is only worth watching and the scam type only the closest match', () => {
    const message = 'Hi, is the bike still for sale? Can you send me a code to confirm you are real?';
    const scan = storedScan({
      message,
      riskScore: 22,
      confidence: 0.6,
      scamType: 'other',
      reasons: ['Asks for a code'],
      reasonDetails: [
        reason({
          id: 'plain_greeting',
          text: 'Reads like an everyday question',
          weight: -0.8,
          severity: 'info',
          evidence: [span(message, 'is the bike still for sale?')],
        }),
        reason({
          id: 'code_request',
          text: 'Asks for a code',
          weight: 0.9,
          severity: 'high',
          evidence: [span(message, 'send me a code')],
        }),
      ],
      links: [],
    });
    render(<ScanResultView scan={scan} />);

    expect(screen.getByRole('article', { name: RISK_LABELS.legitimate })).toHaveAttribute('data-band', 'legitimate');
    expect(verdictBox()).toHaveClass(...riskVariants({ band: 'legitimate' }).split(' '));
    expect(verdictBox()).not.toHaveClass('bg-red-50');
    expect(screen.queryByTestId('reasons-warning')).toBeNull();
    expect(within(screen.getByTestId('reasons-calm')).getByText('Reads like an everyday question')).toBeVisible();
    const watch = within(screen.getByTestId('reasons-watch'));
    expect(watch.getByText('Asks for a code')).toBeVisible();
    // Not painted red on a green verdict: the mark takes the amber of "worth watching".
    expect(
      within(screen.getByTestId('scan-message')).getByText('send me a code', { selector: 'mark' }),
    ).not.toHaveClass('bg-red-100');
    expect(screen.getByText('Other Scam (not enough to flag)')).toBeVisible();
  });

  it('says so when nothing was found, and shows the phone and e-mail findings it was given', () => {
    const scan = storedScan({
      message: 'See you at 7',
      riskScore: 5,
      scamType: null,
      reasons: [],
      reasonDetails: [],
      links: [],
      phoneNumber: '+15551234567',
      phoneAnalysis: {
        input: '+15551234567',
        valid: true,
        e164: '+15551234567',
        country: 'US',
        lineType: 'mobile',
        isVoip: null,
        carrier: null,
        notes: [],
      },
      emailAnalysis: {
        input: 'ana@mailinator.com',
        valid: true,
        domain: 'mailinator.com',
        isDisposable: true,
        isFreeMail: false,
        isRoleAccount: false,
        lookalikeOf: null,
        hasMx: null,
        notes: [],
      },
    });
    render(<ScanResultView scan={scan} />);

    expect(screen.getByText('No specific red flags were found in this message.')).toBeVisible();
    expect(screen.getByText('None identified')).toBeVisible();
    const phone = within(screen.getByTestId('phone-findings'));
    expect(phone.getByText('+15551234567')).toBeVisible();
    expect(phone.getByText('VoIP').nextSibling).toHaveTextContent('Unknown');
    expect(within(screen.getByTestId('email-findings')).getByText('Disposable').nextSibling).toHaveTextContent('Yes');
  });
});
