import { MIN_PASSWORD_LENGTH } from '@redflag/contracts/constants';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorAnswer, server } from '@/test/http';
import { renderWithApp } from '@/test/render';
import { SignUpForm } from './SignUpForm';

const SIGN_UP = '*/api/auth/sign-up/email';

async function fillIn(
  user: ReturnType<typeof renderWithApp>['user'],
  values: { first?: string; last?: string; email?: string; password?: string },
) {
  const fields = {
    first: screen.getByRole('textbox', { name: 'First name' }),
    last: screen.getByRole('textbox', { name: 'Last name' }),
    email: screen.getByRole('textbox', { name: 'Email' }),
    password: screen.getByLabelText('Password', { selector: 'input' }),
  };
  // The dialog keeps a draft of each tab across renders: start every field empty.
  for (const [key, input] of Object.entries(fields)) {
    await user.clear(input);
    const value = values[key as keyof typeof values];
    if (value) await user.type(input, value);
  }
  return fields;
}

const submit = () => screen.getByRole('button', { name: 'CREATE ACCOUNT' });

describe('SignUpForm', () => {
  it('requires an address and a password of the minimum length before sending anything', async () => {
    const sent: unknown[] = [];
    server.use(http.post(SIGN_UP, async ({ request }) => (sent.push(await request.json()), HttpResponse.json({}))));
    const { user } = renderWithApp(<SignUpForm />);
    const fields = await fillIn(user, { password: 'short' });
    await user.click(submit());

    expect(await screen.findByText('Please enter your email address')).toBeVisible();
    expect(screen.getByText(`Password must be at least ${MIN_PASSWORD_LENGTH} characters.`)).toBeVisible();
    expect(fields.password).toHaveAttribute('aria-invalid', 'true');
    // Names are optional (docs/product.md §5): no message under them.
    expect(fields.first).toHaveAttribute('aria-invalid', 'false');
    expect(sent).toEqual([]);
  });

  it('says the password rule once: the hint gives way to the error, and comes back once it is fixed', async () => {
    const { user } = renderWithApp(<SignUpForm />);
    const hint = `At least ${MIN_PASSWORD_LENGTH} characters. Common passwords are not accepted.`;
    expect(screen.getByText(hint)).toBeVisible();
    const fields = await fillIn(user, { email: 'ana@example.com', password: 'short' });
    await user.click(submit());

    const error = await screen.findByText(`Password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
    expect(screen.queryByText(hint)).toBeNull();
    expect(fields.password).toHaveAccessibleDescription(error.textContent ?? '');
    await user.type(fields.password, '-long-enough-now');
    expect(await screen.findByText(hint)).toBeVisible();
  });

  it("shows the server's weak-password reason under the password and keeps every field", async () => {
    server.use(
      http.post(SIGN_UP, () =>
        errorAnswer(422, 'weak_password', 'This password is one of the most common ones.', { reasons: ['common'] }),
      ),
    );
    const { user } = renderWithApp(<SignUpForm />);
    const fields = await fillIn(user, {
      first: 'Ana',
      last: 'Lima',
      email: 'ana@example.com',
      password: 'password1234',
    });
    await user.click(submit());

    expect(await screen.findByText('This password is one of the most common ones.')).toBeVisible();
    expect(fields.password).toHaveAttribute('aria-invalid', 'true');
    expect(fields.password).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fields.first).toHaveValue('Ana');
    expect(fields.last).toHaveValue('Lima');
    expect(fields.email).toHaveValue('ana@example.com');
    expect(fields.password).toHaveValue('password1234');
  });

  it('offers to sign in instead when the address already has an account, keeping what was typed', async () => {
    server.use(
      http.post(SIGN_UP, () =>
        errorAnswer(409, 'ACCOUNT_EXISTS', 'An account with this email already exists. Please sign in instead.'),
      ),
    );
    const { user } = renderWithApp(<SignUpForm />);
    const fields = await fillIn(user, { email: 'ana@example.com', password: 'a long enough passphrase' });
    await user.click(submit());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Account Already Exists');
    expect(screen.getByRole('button', { name: 'Sign in instead' })).toBeVisible();
    expect(fields.email).toHaveValue('ana@example.com');
    expect(fields.password).toHaveValue('a long enough passphrase');
  });

  it('sends the names it was given with the address and password', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(SIGN_UP, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({
          token: null,
          user: { id: 'u1', email: 'ana@example.com', name: 'Ana Lima', emailVerified: false },
        });
      }),
    );
    const { user } = renderWithApp(<SignUpForm />);
    await fillIn(user, {
      first: ' Ana ',
      last: 'Lima',
      email: 'ana@example.com',
      password: 'a long enough passphrase',
    });
    await user.click(submit());

    await expect
      .poll(() => body)
      .toMatchObject({
        email: 'ana@example.com',
        password: 'a long enough passphrase',
        firstName: 'Ana',
        lastName: 'Lima',
        name: 'Ana Lima',
      });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
