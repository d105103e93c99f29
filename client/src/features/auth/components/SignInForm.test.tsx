import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorAnswer, server } from '@/test/http';
import { renderWithApp } from '@/test/render';
import { SignInForm } from './SignInForm';

const SIGN_IN = '*/api/auth/sign-in/email';

function fields() {
  return {
    email: screen.getByRole('textbox', { name: 'Email' }),
    password: screen.getByLabelText('Password', { selector: 'input' }),
    submit: screen.getByRole('button', { name: 'SIGN IN' }),
  };
}

describe('SignInForm', () => {
  it('asks for both fields before sending anything (docs/product.md §5)', async () => {
    const sent: unknown[] = [];
    server.use(http.post(SIGN_IN, async ({ request }) => (sent.push(await request.json()), HttpResponse.json({}))));
    const { user } = renderWithApp(<SignInForm />);
    const { email, password, submit } = fields();
    await user.clear(email);
    await user.clear(password);
    await user.click(submit);

    expect(await screen.findByText('Please enter your email address')).toBeVisible();
    expect(screen.getByText('Please enter your password')).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();

    await user.type(email, 'not-an-address');
    await user.click(submit);
    expect(await screen.findByText('Please enter a valid email address')).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('keeps what was typed after a wrong password, says so above the button and puts the caret back in the password', async () => {
    server.use(http.post(SIGN_IN, () => errorAnswer(401, 'invalid_credentials', 'Invalid email or password')));
    const { user } = renderWithApp(<SignInForm />);
    const { email, password, submit } = fields();
    await user.clear(email);
    await user.type(email, 'ana@example.com');
    await user.clear(password);
    await user.type(password, 'wrong horse battery');
    await user.click(submit);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Incorrect email or password');
    expect(alert).not.toHaveTextContent('Sign In Required');
    expect(alert).toHaveTextContent('The email or password you entered does not match an account.');
    expect(screen.getByRole('button', { name: 'Get a sign-in link by email' })).toBeVisible();
    expect(email).toHaveValue('ana@example.com');
    expect(password).toHaveValue('wrong horse battery');
    await waitFor(() => expect(password).toHaveFocus());
    expect(submit).toBeEnabled();
  });

  it('sends the address and password it was given and welcomes the user back', async () => {
    let body: unknown;
    server.use(
      http.post(SIGN_IN, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          redirect: false,
          token: 't',
          user: { id: 'u1', email: 'ana@example.com', name: 'Ana', emailVerified: true },
        });
      }),
    );
    const { user } = renderWithApp(<SignInForm initialEmail="ana@example.com" />);
    const { password, submit } = fields();
    // The dialog keeps a draft of what was typed across tabs; start from an empty password.
    await user.clear(password);
    await user.type(password, 'correct horse battery');
    await user.click(submit);

    expect(await screen.findByText('Welcome back!')).toBeVisible();
    expect(body).toMatchObject({ email: 'ana@example.com', password: 'correct horse battery' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
