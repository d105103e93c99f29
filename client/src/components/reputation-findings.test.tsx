import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REPORTS_ARE_NOT_PROOF } from '@redflag/contracts/reputation';
import ReputationFindings from './reputation-findings';

describe('ReputationFindings', () => {
  it('names the list, the date and the link, and the reports with what they do not mean', () => {
    render(
      <ReputationFindings
        reputation={{
          listings: [
            {
              list: 'openphish',
              listedAt: '2026-02-10T12:30:00Z',
              match: 'url',
              url: 'https://wallet-unlock.example/connect',
            },
          ],
          sightings: [{ kind: 'phone', value: '+44 20 7946 0958', count: 4, since: '2026-11-02' }],
        }}
      />,
    );
    const section = screen.getByRole('region', { name: 'What others have seen' });
    expect(within(section).getByTestId('reputation-listing')).toHaveTextContent(
      'This link is on the known-bad list “openphish” (listed 2026-02-10): https://wallet-unlock.example/connect',
    );
    expect(within(section).getByTestId('reputation-sighting')).toHaveTextContent(
      'This number was reported in 4 other scans since 2026-11-02: +44 20 7946 0958',
    );
    expect(section).toHaveTextContent(REPORTS_ARE_NOT_PROOF);
  });

  it('on a shared verdict without the message, shows the counts but not the values', () => {
    render(
      <ReputationFindings
        reputation={{
          listings: [{ list: 'urlhaus', listedAt: null, match: 'host', url: null }],
          sightings: [{ kind: 'email', value: null, count: 3, since: '2026-11-02' }],
        }}
      />,
    );
    expect(screen.getByTestId('reputation-listing')).toHaveTextContent(
      /^This link's site is on the known-bad list “urlhaus”$/,
    );
    expect(screen.getByTestId('reputation-sighting')).toHaveTextContent(
      /^This address was reported in 3 other scans since 2026-11-02$/,
    );
  });

  it('shows nothing when there is nothing to say', () => {
    const { container } = render(<ReputationFindings reputation={{ listings: [], sightings: [] }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
