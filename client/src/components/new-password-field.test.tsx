import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_LENGTH } from '@redflag/contracts/constants';
import { Form } from '@/components/ui/form';
import { NewPasswordField } from './new-password-field';

const HINT = `At least ${MIN_PASSWORD_LENGTH} characters. Common passwords are not accepted.`;

function Harness({ error }: { error?: string }) {
  const form = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const { setError } = form;
  useEffect(() => {
    if (error) setError('password', { type: 'server', message: error });
  }, [error, setError]);
  return (
    <Form {...form}>
      <NewPasswordField control={form.control} name="password" label="New password" />
    </Form>
  );
}

describe('NewPasswordField', () => {
  it('is a hidden new password, described by the rule, that can be shown', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('New password');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'new-password');
    expect(input).toHaveAccessibleDescription(HINT);

    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
  });

  it('says the rule once: an error in its place replaces the hint', async () => {
    render(<Harness error="This password is too common." />);
    const input = await screen.findByLabelText('New password');
    expect(await screen.findByText('This password is too common.')).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(HINT)).toBeNull();
  });
});
