import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RISK_LABELS, riskVariants } from '@/components/ui/risk-badge';
import { VerdictAdvice, VerdictSummary } from './verdict-summary';

describe('VerdictSummary', () => {
  it('shows the band’s words as a heading, its colours, the type, the score and a meter', () => {
    render(
      <VerdictSummary score={86} scamType="delivery_smishing" headingLevel="h3" headingTestId="scan-verdict">
        <p>More facts</p>
      </VerdictSummary>,
    );
    const heading = screen.getByRole('heading', { level: 3, name: RISK_LABELS.scam });
    expect(heading).toHaveAttribute('data-testid', 'scan-verdict');
    expect(heading.closest('[class*="border"]')).toHaveClass(...riskVariants({ band: 'scam' }).split(' '));
    expect(screen.getByText('Scam type:')).toHaveClass('sr-only');
    expect(screen.getByText('Delivery Scam')).toBeVisible();
    expect(screen.getByTestId('risk-score')).toHaveTextContent('86');
    expect(screen.getByRole('meter', { name: 'Risk score' })).toHaveAttribute('aria-valuenow', '86');
    expect(screen.getByText('More facts')).toBeVisible();
  });

  it('names no scam type under a green verdict', () => {
    render(<VerdictSummary score={12} scamType="delivery_smishing" headingTestId="shared-verdict" />);
    expect(screen.getByRole('heading', { level: 2, name: RISK_LABELS.legitimate })).toBeVisible();
    expect(screen.queryByText('Delivery Scam')).toBeNull();
    expect(screen.getByRole('meter', { name: 'Risk score' })).toHaveAttribute('aria-valuenow', '12');
  });
});

describe('VerdictAdvice', () => {
  it('says what to do, or nothing when there is no advice', () => {
    const { container, rerender } = render(<VerdictAdvice advice="Do not pay the fee." />);
    expect(container).toHaveTextContent('What to do: Do not pay the fee.');
    rerender(<VerdictAdvice advice={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
