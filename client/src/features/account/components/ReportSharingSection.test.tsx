import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorAnswer, server } from '@/test/http';
import { renderWithApp } from '@/test/render';
import { ReportSharingSection } from './ReportSharingSection';

const SETTING = '*/api/account/report-sharing';

describe('ReportSharingSection', () => {
  it('shows the stored setting and saves the change', async () => {
    const saved: unknown[] = [];
    server.use(
      http.get(SETTING, () => HttpResponse.json({ shareReports: true })),
      http.put(SETTING, async ({ request }) => {
        const body = (await request.json()) as { shareReports: boolean };
        saved.push(body);
        return HttpResponse.json(body);
      }),
    );
    const { user } = renderWithApp(<ReportSharingSection />);
    const box = screen.getByRole('checkbox', { name: 'Count my flagged scans in these reports' });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).toBeChecked();
    await user.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(saved).toEqual([{ shareReports: false }]);
  });

  it('says so when the setting cannot be saved, and keeps what is stored', async () => {
    server.use(
      http.get(SETTING, () => HttpResponse.json({ shareReports: true })),
      http.put(SETTING, () => errorAnswer(500, 'INTERNAL_ERROR', 'boom')),
    );
    const { user } = renderWithApp(<ReportSharingSection />);
    const box = screen.getByRole('checkbox', { name: 'Count my flagged scans in these reports' });
    await waitFor(() => expect(box).toBeEnabled());
    await user.click(box);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The setting was not saved. Something went wrong on our side. Please try again in a few minutes.',
    );
    expect(box).toBeChecked();
    expect(screen.queryByText('boom')).toBeNull();
  });
});
