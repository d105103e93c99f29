import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorAnswer, server } from '@/test/http';
import { renderWithApp } from '@/test/render';
import { ResendVerificationForm } from './ResendVerificationForm';

const RESEND = '*/api/auth/send-verification-email';

describe('ResendVerificationForm', () => {
  it('asks for an address, stays locked while sending, then says a link went out to it', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(RESEND, async ({ request }) => (sent.push(await request.json()), HttpResponse.json({ status: true }))),
    );
    const { user } = renderWithApp(<ResendVerificationForm />);
    await user.click(screen.getByRole('button', { name: 'Send a new verification link' }));
    expect(await screen.findByText('Please enter your email address')).toBeVisible();
    expect(sent).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new verification link' }));
    expect(screen.getByRole('button', { name: 'SENDING...' })).toBeDisabled();
    // The button stays locked about two seconds (docs/product.md §9), then the answer is announced.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'If an account for ana@example.com still needs confirming, we sent it a new link.',
      ),
    );
    expect(sent).toMatchObject([{ email: 'ana@example.com' }]);
  });

  it('shows a refusal above the button and keeps the address', async () => {
    server.use(http.post(RESEND, () => errorAnswer(429, 'RATE_LIMITED', 'Too many requests', undefined)));
    const { user } = renderWithApp(<ResendVerificationForm />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.type(email, 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new verification link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please Wait');
    expect(email).toHaveValue('ana@example.com');
    expect(screen.getByRole('button', { name: 'Send a new verification link' })).toBeEnabled();
  });
});
