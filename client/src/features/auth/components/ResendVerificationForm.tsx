import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Form } from '@/components/ui/form';
import { EmailText } from '@/components/ui/email-text';
import { useResendVerification } from '../hooks/use-resend-verification';
import { EmailLinkFields } from './EmailLinkFields';
import { presentError } from '../utils/auth-errors';
import { emailOnlyFormSchema, type EmailOnlyFormInput } from '../utils/form-schemas';

/** "Send a new verification link" for an address, where no dialog knows it (the used-link page). */
export function ResendVerificationForm() {
  const resend = useResendVerification();
  const form = useForm<EmailOnlyFormInput, unknown, { email: string }>({
    resolver: zodResolver(emailOnlyFormSchema),
    defaultValues: { email: '' },
  });
  const submit = form.handleSubmit(({ email }) => resend.mutate(email));
  const failure = resend.isError ? presentError(resend.error) : null;

  return (
    <Form {...form}>
      <form onSubmit={submit} className="grid gap-3 text-left" noValidate>
        <EmailLinkFields
          control={form.control}
          failure={failure}
          pending={resend.isPending}
          submitLabel="Send a new verification link"
        />
        <p role="status" className="text-sm text-emerald-800">
          {resend.isSuccess ? (
            <>
              If an account for{' '}
              <strong>
                <EmailText email={resend.data} />
              </strong>{' '}
              still needs confirming, we sent it a new link. Open it to confirm your account.
            </>
          ) : null}
        </p>
      </form>
    </Form>
  );
}
