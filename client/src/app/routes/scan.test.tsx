import type { ConversionPreview, ScanUsage, TrialStatus } from '@redflag/contracts/billing';
import type { StoredScan } from '@redflag/contracts/scan';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorAnswer, server } from '@/test/http';
import { plan } from '@/test/plans';
import { renderWithApp } from '@/test/render';
import { storedScan } from '@/test/scans';
import type { AuthUser } from '../auth';
import { ScanPage } from './scan';

const TRIAL_USER: AuthUser = {
  id: 'u1',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: null,
  profileImageUrl: null,
  subscriptionStatus: 'trialing',
  paymentSetupComplete: true,
  isPremium: false,
  isTrialing: true,
};

const MESSAGE = '  USPS: Your package is on hold. Pay the $1.99 fee now at https://usps-redelivery-fee.top/pay  ';

/** What the page reads around a scan: the trial's usage and status, the result's feedback and share state. */
function answerTheTrial(scanCount = 2) {
  const usage: ScanUsage = { planTier: 'free', scanCount, maxScans: 5, remaining: 5 - scanCount, unlimited: false };
  const status: TrialStatus = {
    daysRemaining: 5,
    isExpired: false,
    isTrialing: true,
    trialEndsAt: '2026-12-01T00:00:00.000Z',
  };
  server.use(
    http.get('*/api/users/scan-usage', () => HttpResponse.json(usage)),
    http.get('*/api/users/trial-status', () => HttpResponse.json(status)),
    http.get('*/api/scans/:id/feedback', () => HttpResponse.json({ feedback: null })),
    http.get('*/api/scans/:id/share', () => HttpResponse.json({ share: null })),
    http.post('*/api/events', () => new HttpResponse(null, { status: 204 })),
  );
}

function analyzer() {
  return {
    message: screen.getByRole('textbox', { name: 'Message' }),
    phone: screen.getByRole('textbox', { name: /phone number/i }),
    submit: screen.getByRole('button', { name: /analyze for scams/i }),
  };
}

describe('the scan page', () => {
  it('sends the typed message and shows the verdict with its score and reasons', async () => {
    answerTheTrial();
    const answer: StoredScan = storedScan({ id: 'scan-42' });
    let sent: unknown;
    server.use(
      http.post('*/api/scans', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(answer);
      }),
    );
    const { user } = renderWithApp(<ScanPage user={TRIAL_USER} />, { route: '/scan' });
    const { message, submit } = analyzer();
    await user.click(message);
    await user.paste(MESSAGE);
    await user.click(submit);

    const result = await screen.findByTestId('scan-result');
    expect(result).toHaveAttribute('data-band', 'scam');
    expect(within(result).getByTestId('risk-score')).toHaveTextContent('86');
    expect(within(result).getByTestId('scan-verdict')).toHaveTextContent('SCAM DETECTED');
    expect(within(result).getAllByTestId('scan-reason')).toHaveLength(2);
    expect(within(result).getByText('Asks you to pay a small fee to release a parcel')).toBeVisible();
    // The follow-ups app/ composes under the verdict are there too.
    expect(within(result).getByTestId('feedback-panel')).toBeVisible();
    expect(within(result).getByTestId('share-panel')).toBeVisible();
    // Trimmed, and the empty platform, phone and e-mail left out (docs/product.md §5).
    expect(sent).toEqual({ message: MESSAGE.trim() });
  });

  it('opens the trial-limit dialog on SCAN_LIMIT_REACHED, keeps the message, and runs the scan once Premium is activated', async () => {
    answerTheTrial(5);
    const preview: ConversionPreview = {
      canConvert: true,
      amountCents: 999,
      currency: 'usd',
      interval: 'month',
      chargeDate: '2026-11-23T10:00:00.000Z',
      card: { brand: 'Visa', last4: '4242' },
    };
    let converted = false;
    server.use(
      http.post('*/api/scans', () =>
        converted
          ? HttpResponse.json(storedScan({ id: 'scan-43' }))
          : errorAnswer(403, 'SCAN_LIMIT_REACHED', 'Free tier scan limit reached'),
      ),
      http.get('*/api/billing/conversion-preview', () => HttpResponse.json(preview)),
      http.post('*/api/convert-trial', () => {
        converted = true;
        return HttpResponse.json({ success: true, message: 'Premium activated' });
      }),
    );
    const { user } = renderWithApp(<ScanPage user={TRIAL_USER} />, { route: '/scan' });
    const { message, submit } = analyzer();
    await user.click(message);
    await user.paste(MESSAGE);
    await user.click(submit);

    const dialog = await screen.findByRole('dialog', { name: /trial limit reached/i });
    expect(await within(dialog).findByText(/Visa ending in 4242/)).toBeVisible();
    expect(dialog).toHaveTextContent('$9.99');
    expect(screen.queryByTestId('scan-result')).toBeNull();
    expect(message).toHaveValue(MESSAGE);

    await user.click(within(dialog).getByRole('button', { name: /activate premium/i }));
    expect(await screen.findByTestId('scan-result')).toHaveAttribute('data-band', 'scam');
    expect(screen.queryByRole('dialog', { name: /trial limit reached/i })).toBeNull();
  });

  it('lets a trial user type a phone number and an e-mail address with no dialog, and sends both (the trial includes the checks)', async () => {
    answerTheTrial();
    let sent: unknown;
    server.use(
      http.post('*/api/scans', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(storedScan());
      }),
    );
    const { user } = renderWithApp(<ScanPage user={TRIAL_USER} />, { route: '/scan' });
    const { message, phone, submit } = analyzer();
    await user.type(phone, '+1 415 555 0100');
    await user.type(screen.getByRole('textbox', { name: /^email/i }), 'support@paypa1-secure.com');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(phone).toHaveValue('+1 415 555 0100');
    await user.click(message);
    await user.paste(MESSAGE);
    await user.click(submit);
    expect(await screen.findByTestId('scan-result')).toBeVisible();
    expect(sent).toEqual({
      message: MESSAGE.trim(),
      phoneNumber: '+1 415 555 0100',
      email: 'support@paypa1-secure.com',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a user with no plan the phone and e-mail fields locked, with a Premium label and a link to start the trial', async () => {
    server.use(
      http.post('*/api/events', () => new HttpResponse(null, { status: 204 })),
      http.get('*/api/users/plan', () => HttpResponse.json(plan())),
    );
    const noPlan: AuthUser = { ...TRIAL_USER, subscriptionStatus: 'inactive', isTrialing: false };
    renderWithApp(<ScanPage user={noPlan} />, { route: '/scan' });
    const { phone } = analyzer();
    expect(phone).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /^email/i })).toBeDisabled();
    expect(screen.getAllByText('Premium', { exact: true })).toHaveLength(2);
    expect(screen.getByRole('link', { name: /start your free trial/i })).toHaveAttribute('href', '/checkout');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
