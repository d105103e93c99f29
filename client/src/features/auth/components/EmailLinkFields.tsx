import type { Control } from 'react-hook-form';
import { FormAlert, TextFormField } from '@/components/ui/form';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ErrorPresentation } from '../utils/auth-errors';
import type { EmailOnlyFormInput } from '../utils/form-schemas';

/**
 * The fields of a form that sends a link to an address (magic-link recovery, a new verification link): the
 * address, the error of the last attempt, and the send button.
 */
export function EmailLinkFields({
  control,
  failure,
  pending,
  submitLabel,
}: {
  control: Control<EmailOnlyFormInput, unknown, { email: string }>;
  failure: ErrorPresentation | null;
  pending: boolean;
  submitLabel: string;
}) {
  return (
    <>
      <TextFormField
        control={control}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
      />
      {failure ? <FormAlert title={failure.title}>{failure.description}</FormAlert> : null}
      <SubmitButton pending={pending} pendingLabel="SENDING...">
        {submitLabel}
      </SubmitButton>
    </>
  );
}
