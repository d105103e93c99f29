import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/http';
import { renderWithApp } from '@/test/render';
import { ScanUsageCard } from './ScanUsageCard';

const TRIAL = { name: 'Free trial', upgrade: { to: '/checkout', label: 'Upgrade to Premium' } };

const usage = () => screen.getByRole('region', { name: 'Scan usage' });

describe('ScanUsageCard', () => {
  it('says how many trial scans are used and how many are left, with a bar to match', () => {
    renderWithApp(<ScanUsageCard usage={{ scanCount: 3, maxScans: 5 }} plan={TRIAL} />);
    expect(usage()).toHaveTextContent('3/5 scans used');
    expect(usage()).toHaveTextContent('2 scans remaining in your free trial.');
    expect(within(usage()).getByText('Free trial')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Trial scans used' })).toHaveAttribute('aria-valuenow', '60');
  });

  it('writes one scan left in the singular', () => {
    renderWithApp(<ScanUsageCard usage={{ scanCount: 4, maxScans: 5 }} plan={TRIAL} />);
    expect(usage()).toHaveTextContent('1 scan remaining in your free trial.');
  });

  it('says the limit is reached once every scan is used, and offers the upgrade', async () => {
    const events: unknown[] = [];
    server.use(
      http.post(
        '*/api/events',
        async ({ request }) => (events.push(await request.json()), new HttpResponse(null, { status: 204 })),
      ),
    );
    const { user } = renderWithApp(<ScanUsageCard usage={{ scanCount: 5, maxScans: 5 }} plan={TRIAL} />);
    expect(within(usage()).getByText('Limit reached')).toBeVisible();
    expect(within(usage()).queryByText('Free trial')).toBeNull();
    expect(usage()).toHaveTextContent('You have used all your trial scans. Premium gives you unlimited scans.');
    expect(usage()).not.toHaveTextContent('remaining');
    expect(screen.getByRole('progressbar', { name: 'Trial scans used' })).toHaveAttribute('aria-valuenow', '100');

    const upgrade = within(usage()).getByRole('link', { name: 'Upgrade to Premium' });
    expect(upgrade).toHaveAttribute('href', '/checkout');
    await user.click(upgrade);
    await expect.poll(() => events).toEqual([{ name: 'upgrade_click', properties: { source: 'dashboard_usage' } }]);
  });

  it('offers no upgrade when there is nothing to upgrade from', () => {
    renderWithApp(<ScanUsageCard usage={{ scanCount: 1, maxScans: 5 }} plan={{ name: 'Free trial', upgrade: null }} />);
    expect(within(usage()).queryByRole('link')).toBeNull();
  });
});
