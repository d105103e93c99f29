import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form, LabelledFormField, TextFormField, serverFieldErrors, setFieldErrors } from '@/components/ui/form';
import { readDraft, saveDraft, setAuthDialog } from '../hooks/auth-dialogs';
import { useEmailSignIn } from '../hooks/use-email-auth';
import { signInFormSchema, type SignInFormInput } from '../utils/form-schemas';
import { presentError } from '../utils/auth-errors';
import { AuthFormAlert } from './AuthFormAlert';
import { PasswordInput } from '@/components/ui/password-input';

/** The sign-in tab's e-mail and password form. A failed sign-in keeps both fields and says why inline. */
export function SignInForm({ initialEmail = '' }: { initialEmail?: string }) {
  const signIn = useEmailSignIn();
  const [failure, setFailure] = useState<{ error: unknown; email: string } | null>(null);
  const form = useForm<SignInFormInput, unknown, { email: string; password: string }>({
    resolver: zodResolver(signInFormSchema),
    defaultValues: {
      email: initialEmail || (readDraft('signin').email ?? ''),
      password: readDraft('signin').password ?? '',
    },
  });
  const { subscribe } = form;
  useEffect(
    () => subscribe({ formState: { values: true }, callback: ({ values }) => saveDraft('signin', values) }),
    [subscribe],
  );

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    signIn.mutate(values, {
      onError: (error) => {
        if (setFieldErrors(form, serverFieldErrors(error), ['email', 'password'])) return;
        setFailure({ error, email: values.email });
        // Wrong password: put the caret back in the password, selected, ready to retype.
        if (presentError(error).action === 'recovery') form.setFocus('password', { shouldSelect: true });
      },
    });
  });

  return (
    <Form {...form}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <TextFormField control={form.control} name="email" label="Email" type="email" autoComplete="email" />
        <LabelledFormField control={form.control} name="password" label="Password">
          {(field) => <PasswordInput {...field} autoComplete="current-password" />}
        </LabelledFormField>
        {failure ? <AuthFormAlert error={failure.error} email={failure.email} /> : null}
        <Button type="submit" size="lg" disabled={signIn.isPending}>
          {signIn.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {signIn.isPending ? 'SIGNING IN...' : 'SIGN IN'}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm text-slate-600">
        Can&apos;t sign in?{' '}
        <button
          type="button"
          className="cursor-pointer rounded-sm font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
          onClick={() => setAuthDialog({ kind: 'recovery', email: form.getValues('email').trim() || undefined })}
        >
          Get Magic Link Recovery
        </button>
      </p>
    </Form>
  );
}
