import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatCards } from './StatCards';

/** The card under a label: its label and its figure, as read together. */
const card = (label: string) => screen.getByText(label).parentElement!;

describe('StatCards', () => {
  it('writes the average risk as a score out of 100, never as a percent', () => {
    render(<StatCards stats={{ totalScans: 12, scamsDetected: 3, averageRiskScore: 63.6 }} />);
    expect(card('Total scans')).toHaveTextContent('Total scans12');
    expect(card('Scams detected')).toHaveTextContent('Scams detected3');
    expect(card('Avg risk score')).toHaveTextContent('Avg risk score64/100');
    expect(screen.getByTestId('stat-cards')).not.toHaveTextContent('%');
  });

  it('falls back to the share of scams found when the server sends an average of 0 beside scams', () => {
    render(<StatCards stats={{ totalScans: 8, scamsDetected: 2, averageRiskScore: 0 }} />);
    expect(card('Avg risk score')).toHaveTextContent('Avg risk score25/100');
  });

  it('shows 0/100 for an account with no scans yet', () => {
    render(<StatCards stats={{ totalScans: 0, scamsDetected: 0, averageRiskScore: 0 }} />);
    expect(card('Total scans')).toHaveTextContent('Total scans0');
    expect(card('Avg risk score')).toHaveTextContent('Avg risk score0/100');
  });
});
