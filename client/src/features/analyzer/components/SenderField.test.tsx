import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { Form } from '@/components/ui/form';
import { EMPTY_SCAN_FORM, type ScanFormInput } from '../utils/scan-form';
import { SenderField, type SenderFieldProps } from './SenderField';

function Harness(props: Omit<SenderFieldProps, 'control'> & { value?: string }) {
  const form = useForm<ScanFormInput>({ defaultValues: { ...EMPTY_SCAN_FORM, [props.name]: props.value ?? '' } });
  return (
    <Form {...form}>
      <SenderField control={form.control} {...props} />
      <p id="why-locked">Start the free trial to check senders.</p>
    </Form>
  );
}

describe('SenderField', () => {
  it('is an optional phone field that hands every edit to the form’s gate', async () => {
    const edits: string[] = [];
    render(<Harness name="phoneNumber" onChange={(value) => edits.push(value)} />);
    const phone = screen.getByRole('textbox', { name: 'Phone number (optional)' });
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('placeholder', '+1 555 123 4567');
    expect(phone).toBeEnabled();

    await userEvent.type(phone, '7');
    expect(edits).toEqual(['7']);
    // The gate decides: nothing was put in the field behind its back.
    expect(phone).toHaveValue('');
  });

  it('shows a locked e-mail field empty, disabled, labelled Premium and described by the note', () => {
    render(
      <Harness name="email" value="billing@usps-redelivery-fee.top" lockedBy="why-locked" onChange={() => undefined} />,
    );
    const email = screen.getByRole('textbox', { name: 'Email Premium' });
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeDisabled();
    expect(email).toHaveValue('');
    expect(email).toHaveAttribute('placeholder', 'Included in the free trial and Premium');
    expect(email).toHaveAccessibleDescription('Start the free trial to check senders.');
  });
});
