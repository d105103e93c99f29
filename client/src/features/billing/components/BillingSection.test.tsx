import type { Plan } from '@redflag/contracts/billing';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorAnswer, server } from '@/test/http';
import { plan } from '@/test/plans';
import { renderWithApp } from '@/test/render';
import { BillingSection } from './BillingSection';

const PLAN = '*/api/users/plan';
const PORTAL = '*/api/stripe/create-portal-session';

async function renderPlan(answer: Plan) {
  server.use(http.get(PLAN, () => HttpResponse.json(answer)));
  const view = renderWithApp(<BillingSection />);
  await screen.findByTestId('billing-plan');
  return view;
}

const line = (testId: string) => screen.getByTestId(testId);

const TRIALING = plan({
  planTier: 'premium',
  subscriptionStatus: 'trialing',
  isTrialing: true,
  trialDaysLeft: 3,
  trialEndsAt: '2026-11-26T12:00:00.000Z',
  nextBillingDate: '2026-11-26T12:00:00.000Z',
  paymentSetupComplete: true,
  computedStatus: { status: 'trialing', hasUsedTrial: true },
});

describe('BillingSection', () => {
  it('shows a trial with its days left and the first charge, the same date in the status and the next charge', async () => {
    await renderPlan(TRIALING);
    expect(line('billing-plan')).toHaveTextContent('Free trial (then $9.99/month)');
    expect(line('billing-status')).toHaveTextContent('3 days left, first charge on November 26, 2026');
    expect(line('billing-next-date')).toHaveTextContent('$9.99 on November 26, 2026');
    expect(screen.getByRole('button', { name: 'Manage payment methods and subscription' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /Start Free Trial|Subscribe Now/ })).toBeNull();
  });

  it('never schedules a charge for a plan that is cancelling', async () => {
    await renderPlan(
      plan({
        planTier: 'premium',
        subscriptionStatus: 'active',
        isPremium: true,
        paymentSetupComplete: true,
        cancelAtPeriodEnd: true,
        currentPeriodEnd: '2026-12-23T12:00:00.000Z',
        nextBillingDate: '2026-12-23T12:00:00.000Z',
        computedStatus: { status: 'active', hasUsedTrial: true },
      }),
    );
    expect(line('billing-plan')).toHaveTextContent('Premium ($9.99/month)');
    expect(line('billing-status')).toHaveTextContent(
      'Cancels on December 23, 2026: Premium until then, no further charge',
    );
    expect(line('billing-next-date')).toHaveTextContent('None scheduled');
  });

  it('offers the free trial to an account with no plan, and nothing to manage', async () => {
    await renderPlan(plan());
    expect(line('billing-plan')).toHaveTextContent(/^Free$/);
    expect(line('billing-status')).toHaveTextContent('No plan yet');
    expect(line('billing-next-date')).toHaveTextContent('None scheduled');
    expect(screen.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute(
      'href',
      '/checkout?plan=premium&trial=true',
    );
    expect(screen.queryByRole('button', { name: 'Manage payment methods and subscription' })).toBeNull();
  });

  it('says a failed payment in the status and asks for a new payment method', async () => {
    await renderPlan(
      plan({
        planTier: 'premium',
        subscriptionStatus: 'active',
        isPremium: true,
        paymentSetupComplete: true,
        paymentError: 'Your card was declined.',
        computedStatus: { status: 'active', hasUsedTrial: true },
      }),
    );
    expect(line('billing-status')).toHaveTextContent('Payment failed: Your card was declined.');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your card was declined. Update your payment method to continue.',
    );
  });

  it('opens the billing portal back to this page, and says so when it cannot', async () => {
    const asked: unknown[] = [];
    server.use(
      http.post(PORTAL, async ({ request }) => {
        asked.push(await request.json());
        return errorAnswer(502, 'INTERNAL_ERROR', 'stripe down');
      }),
    );
    const { user } = await renderPlan(TRIALING);
    const manage = screen.getByRole('button', { name: 'Manage payment methods and subscription' });
    await user.click(manage);

    expect(await screen.findByText('Unable to open billing portal. Please try again.')).toBeVisible();
    expect(asked).toEqual([{ returnUrl: window.location.href }]);
    expect(manage).toBeEnabled();
  });

  it('says when billing details cannot be loaded', async () => {
    server.use(http.get(PLAN, () => errorAnswer(500, 'INTERNAL_ERROR', 'boom')));
    renderWithApp(<BillingSection />);
    expect(await screen.findByText('Billing details are unavailable right now.')).toBeVisible();
  });
});
