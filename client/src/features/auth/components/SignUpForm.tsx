import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { NewPasswordField } from '@/components/new-password-field';
import { Form, TextFormField, serverFieldErrors, setFieldErrors } from '@/components/ui/form';
import { readDraft, saveDraft } from '../hooks/auth-dialogs';
import { useEmailSignUp } from '../hooks/use-email-auth';
import { presentError, serverMessage } from '../utils/auth-errors';
import { signUpFormSchema, type SignUpFormInput } from '../utils/form-schemas';
import { AuthFormAlert } from './AuthFormAlert';

const FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;

/**
 * The sign-up tab's form. A refused password (weak_password with its reasons) is said under the password;
 * an existing address, a rate limit or a server failure above the button; every field keeps its value.
 */
export function SignUpForm() {
  const signUp = useEmailSignUp();
  const [failure, setFailure] = useState<{ error: unknown; email: string } | null>(null);
  const form = useForm<SignUpFormInput, unknown, z.output<typeof signUpFormSchema>>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', ...readDraft('signup') },
  });
  const { subscribe } = form;
  useEffect(
    () => subscribe({ formState: { values: true }, callback: ({ values }) => saveDraft('signup', values) }),
    [subscribe],
  );

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    signUp.mutate(
      {
        email: values.email,
        password: values.password,
        firstName: values.firstName ?? '',
        lastName: values.lastName ?? '',
      },
      {
        onError: (error) => {
          if (setFieldErrors(form, serverFieldErrors(error), [...FIELDS])) return;
          const p = presentError(error);
          if (p.field) {
            // weak_password: the server's message names the reasons (too short, too common).
            form.setError(
              p.field,
              { type: 'server', message: serverMessage(error) || p.description },
              { shouldFocus: true },
            );
            return;
          }
          setFailure({ error, email: values.email });
        },
      },
    );
  });

  return (
    <Form {...form}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <div className="grid grid-cols-2 gap-3">
          <TextFormField control={form.control} name="firstName" label="First name" autoComplete="given-name" />
          <TextFormField control={form.control} name="lastName" label="Last name" autoComplete="family-name" />
        </div>
        <TextFormField control={form.control} name="email" label="Email" type="email" autoComplete="email" />
        <NewPasswordField control={form.control} name="password" label="Password" />
        {failure ? <AuthFormAlert error={failure.error} email={failure.email} /> : null}
        <Button type="submit" size="lg" disabled={signUp.isPending}>
          {signUp.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {signUp.isPending ? 'CREATING ACCOUNT...' : 'CREATE ACCOUNT'}
        </Button>
      </form>
    </Form>
  );
}
