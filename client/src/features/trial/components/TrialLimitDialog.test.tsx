import type { ConversionPreview } from '@redflag/contracts/billing';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { errorAnswer, server } from '@/test/http';
import { renderWithApp } from '@/test/render';
import { TrialLimitDialog } from './TrialLimitDialog';

const PREVIEW = '*/api/billing/conversion-preview';
const CONVERT = '*/api/convert-trial';
const TRIAL_STATUS = '*/api/users/trial-status';

function preview(overrides: Partial<ConversionPreview> = {}): ConversionPreview {
  return {
    canConvert: true,
    amountCents: 999,
    currency: 'usd',
    interval: 'month',
    chargeDate: '2026-11-23T10:00:00.000Z',
    card: { brand: 'Visa', last4: '4242' },
    ...overrides,
  };
}

/** A trialing account whose trial ends on 28 November; every conversion request is counted. */
function billingServer(answer: ConversionPreview = preview()) {
  const calls = { converted: 0 };
  server.use(
    http.get(TRIAL_STATUS, () =>
      HttpResponse.json({
        daysRemaining: 5,
        isExpired: false,
        isTrialing: true,
        trialEndsAt: '2026-11-28T10:00:00.000Z',
      }),
    ),
    http.get(PREVIEW, () => HttpResponse.json(answer)),
    http.post(CONVERT, () => {
      calls.converted++;
      return HttpResponse.json({ success: true, message: 'Premium is on' });
    }),
  );
  return calls;
}

function Harness({ activated }: { activated: string[] }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'dialog open' : 'dialog closed'}</p>
      <TrialLimitDialog open={open} onOpenChange={setOpen} onActivated={() => activated.push('scan resumed')} />
    </>
  );
}

const dialog = () => within(screen.getByRole('dialog', { name: 'TRIAL LIMIT REACHED' }));

describe('TrialLimitDialog', () => {
  it('says the amount, the card and the date before anything is charged, and what waiting means', async () => {
    const calls = billingServer();
    const { user } = renderWithApp(<Harness activated={[]} />);
    expect(await screen.findByRole('dialog', { name: 'TRIAL LIMIT REACHED' })).toHaveAccessibleDescription(
      "You've used all 5 trial scans, and nothing has been charged.",
    );

    const terms = await dialog().findByTestId('conversion-preview');
    expect(terms).toHaveTextContent('$9.99 today, then monthly; Visa ending in 4242');
    expect(terms).toHaveTextContent('Charged on November 23, 2026 when you click Activate Premium.');
    expect(dialog().getByRole('button', { name: 'Activate Premium: pay $9.99' })).toBeEnabled();

    // Waiting is said once, with its date, and does not promise scans the trial no longer has.
    const wait = dialog().getByTestId('trial-limit-wait');
    await expect
      .poll(() => wait.textContent)
      .toContain(
        'Premium starts on November 28, 2026, when the 7 days end, with the card you added, as agreed at checkout; no more scans until then.',
      );
    expect(wait).not.toHaveTextContent(/unlimited|scans left|keep scanning until/i);

    await user.click(dialog().getByRole('button', { name: 'Not now' }));
    expect(screen.getByText('dialog closed')).toBeInTheDocument();
    expect(calls.converted).toBe(0);
  });

  it('charges only on the click, says what was charged and resumes the waiting scan', async () => {
    const calls = billingServer();
    const activated: string[] = [];
    const { user } = renderWithApp(<Harness activated={activated} />);
    const activate = await screen.findByRole('button', { name: 'Activate Premium: pay $9.99' });
    expect(calls.converted).toBe(0);
    await user.click(activate);

    expect(await screen.findByText('Premium Activated!')).toBeVisible();
    expect(screen.getByText('$9.99 charged to Visa ending in 4242. Unlimited scans are on.')).toBeVisible();
    expect(calls.converted).toBe(1);
    expect(activated).toEqual(['scan resumed']);
  });

  it("shows the provider's refusal in the dialog and does not resume the scan", async () => {
    billingServer();
    server.use(
      http.post(CONVERT, () =>
        HttpResponse.json({ success: false, message: 'Your card was declined. Nothing was charged.' }),
      ),
    );
    const activated: string[] = [];
    const { user } = renderWithApp(<Harness activated={activated} />);
    await user.click(await screen.findByRole('button', { name: 'Activate Premium: pay $9.99' }));

    expect(await dialog().findByRole('alert')).toHaveTextContent('Your card was declined. Nothing was charged.');
    expect(activated).toEqual([]);
    expect(screen.getByText('dialog open')).toBeInTheDocument();
  });

  it('offers no charge it cannot state: without the card details, Activate stays off', async () => {
    billingServer();
    server.use(http.get(PREVIEW, () => errorAnswer(500, 'INTERNAL_ERROR', 'stripe timeout')));
    renderWithApp(<Harness activated={[]} />);
    expect(
      await dialog().findByText('We could not load your card details. Nothing will be charged; try again in a moment.'),
    ).toBeVisible();
    expect(dialog().getByRole('button', { name: 'Activate Premium' })).toBeDisabled();
  });

  it('keeps Activate off when there is no trial to convert', async () => {
    billingServer(preview({ canConvert: false }));
    renderWithApp(<Harness activated={[]} />);
    await dialog().findByTestId('conversion-preview');
    expect(dialog().getByRole('button', { name: 'Activate Premium: pay $9.99' })).toBeDisabled();
  });
});
