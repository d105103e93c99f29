import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, LoaderCircle, Mail } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import {
  changeEmailBodySchema,
  changePasswordBodySchema,
  type ChangeEmailBody,
  type ChangePasswordBody,
} from '@redflag/contracts/auth';
import { NewPasswordField } from '@/components/new-password-field';
import { Button } from '@/components/ui/button';
import { EmailText } from '@/components/ui/email-text';
import { Form, TextFormField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { useChangeEmail } from '../api/change-email';
import { useChangePassword } from '../api/change-password';
import { useSignInMethods } from '../api/sign-in-methods';
import { changeEmailError, changePasswordError } from '../utils/form-errors';
import { SectionCard } from './SectionCard';

/**
 * Sign-in and security on /account: change the e-mail address and the password.
 * Each form opens under its button, keeps what was typed on any error, and shows the error under the
 * field it concerns; closing a form returns focus to its button.
 */
export function SecuritySection({ email }: { email: string }) {
  const methods = useSignInMethods();
  const hasPassword = methods.data?.includes('credential') ?? false;
  const google = methods.data?.includes('google') ?? false;
  return (
    <SectionCard title="Sign-in and security">
      <div className="divide-y divide-slate-200">
        <Disclosure
          icon={<Mail aria-hidden="true" className="size-5" />}
          title="E-mail address"
          summary={<EmailText email={email} />}
          action="Change e-mail"
        >
          {(close) => <ChangeEmailForm email={email} onDone={close} />}
        </Disclosure>
        {methods.isPending ? null : hasPassword ? (
          <Disclosure
            icon={<KeyRound aria-hidden="true" className="size-5" />}
            title="Password"
            summary="Used to sign in with your e-mail address."
            action="Change password"
          >
            {(close) => <ChangePasswordForm onDone={close} />}
          </Disclosure>
        ) : (
          <div className="flex items-start gap-3 py-4">
            <KeyRound aria-hidden="true" className="mt-0.5 size-5 text-slate-500" />
            <div>
              <h3 className="font-semibold text-slate-900">Password</h3>
              <p className="text-sm text-slate-600">
                {google
                  ? 'You sign in with Google, so there is no RedFlag password to change.'
                  : 'This account has no password. Sign in with a magic link from the sign-in window.'}
              </p>
            </div>
          </div>
        )}
      </div>
    </SectionCard>
  );
}

function Disclosure({
  icon,
  title,
  summary,
  action,
  children,
}: {
  icon: ReactNode;
  title: string;
  summary: ReactNode;
  action: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [closes, setCloses] = useState(0);
  const panelId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    setCloses((n) => n + 1);
  };
  // The form is gone: put keyboard focus back on the button that opened it.
  useEffect(() => {
    if (closes > 0) trigger.current?.focus();
  }, [closes]);
  return (
    <div className="py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start gap-3">
        <span className="mt-0.5 text-slate-500">{icon}</span>
        <div className="min-w-0 flex-1 basis-48">
          <h3 className="font-semibold text-slate-900">{title}</h3>
          <p className="text-sm text-slate-600">{summary}</p>
        </div>
        {open ? null : (
          <Button
            ref={trigger}
            variant="outline"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen(true)}
          >
            {action}
          </Button>
        )}
      </div>
      {open ? (
        <div id={panelId} className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:ml-8">
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}

/** The end of each form here: what went wrong (not tied to a field), then save and cancel. */
function FormActions({
  error,
  pending,
  submit,
  onCancel,
}: {
  error: string | null;
  pending: boolean;
  submit: string;
  onCancel: () => void;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null} {submit}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </>
  );
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangePasswordBody>({
    resolver: zodResolver(changePasswordBodySchema),
    defaultValues: { currentPassword: '', newPassword: '', revokeOtherSessions: true },
  });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await change.mutateAsync(values);
      toast({
        title: 'Password changed',
        description: values.revokeOtherSessions
          ? 'Other devices were signed out.'
          : 'Use the new password next time you sign in.',
      });
      onDone();
    } catch (err) {
      const target = changePasswordError(err);
      if (target.field) form.setError(target.field, { message: target.message }, { shouldFocus: true });
      else setFormError(target.message);
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4" aria-label="Change password">
        <TextFormField
          control={form.control}
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordField control={form.control} name="newPassword" label="New password" />
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input type="checkbox" className="mt-0.5 size-4 accent-brand-600" {...form.register('revokeOtherSessions')} />
          Sign out of every other device
        </label>
        <FormActions error={formError} pending={change.isPending} submit="Save new password" onCancel={onDone} />
      </form>
    </Form>
  );
}

function ChangeEmailForm({ email, onDone }: { email: string; onDone: () => void }) {
  const change = useChangeEmail();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ to: string; changedNow: boolean } | null>(null);
  const form = useForm<ChangeEmailBody>({
    resolver: zodResolver(changeEmailBodySchema),
    defaultValues: { newEmail: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    if (values.newEmail.toLowerCase() === email.toLowerCase()) {
      form.setError('newEmail', { message: 'This is already your e-mail address.' }, { shouldFocus: true });
      return;
    }
    try {
      const result = await change.mutateAsync({
        newEmail: values.newEmail,
        callbackURL: '/account',
        currentEmail: email,
      });
      setSent({ to: values.newEmail, changedNow: result.changedNow });
    } catch (err) {
      const target = changeEmailError(err);
      if (target.field) form.setError(target.field, { message: target.message }, { shouldFocus: true });
      else setFormError(target.message);
    }
  });

  if (sent) {
    return (
      <div role="status" className="grid gap-3 text-sm text-slate-700">
        {sent.changedNow ? (
          <p>
            Your e-mail address is now <EmailText email={sent.to} className="font-semibold text-slate-900" />. We sent a
            link to it: open it to verify the address.
          </p>
        ) : (
          <p>
            Check your inbox at <EmailText email={email} className="font-semibold text-slate-900" />: open the link we
            sent to approve the change. We then send a link to{' '}
            <EmailText email={sent.to} className="font-semibold text-slate-900" />: open it and type your RedFlag
            password (or a code we send to your current address) to finish. Until then you sign in with your current
            address.
          </p>
        )}
        <div>
          <Button type="button" variant="outline" onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4" aria-label="Change e-mail">
        <TextFormField
          control={form.control}
          name="newEmail"
          label="New e-mail address"
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <FormActions error={formError} pending={change.isPending} submit="Send confirmation link" onCancel={onDone} />
      </form>
    </Form>
  );
}
