import { Eye, EyeOff, LoaderCircle, ShieldCheck } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useId, useState, type FormEvent } from 'react';
import { MIN_PASSWORD_LENGTH, TRIAL_TERMS } from '@redflag/contracts/constants';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { AuthTab } from '@/lib/events';
import { usePublicConfig } from '@/lib/public-config';
import { cn } from '@/lib/utils';
import { setAuthDialog, useAuthDialog } from '../hooks/auth-dialogs';
import { useEmailSignIn, useEmailSignUp } from '../hooks/use-email-auth';
import { SocialButtons } from './SocialButtons';

/** Full-screen panel at 768px wide or narrower, centred dialog above (product-spec.md section 2). */
export const authPanelClasses =
  'max-[768px]:inset-0 max-[768px]:left-0 max-[768px]:top-0 max-[768px]:h-dvh max-[768px]:max-h-dvh max-[768px]:w-full max-[768px]:max-w-none max-[768px]:translate-x-0 max-[768px]:translate-y-0 max-[768px]:rounded-none max-[768px]:content-start';

export function AuthDialog() {
  const dialog = useAuthDialog();
  const open = dialog.kind === 'auth';
  const tab: AuthTab = dialog.kind === 'auth' ? dialog.tab : 'signin';

  return (
    <Dialog open={open} onOpenChange={(next) => !next && setAuthDialog({ kind: 'none' })}>
      <DialogContent size="md" className={authPanelClasses} data-testid="auth-dialog">
        <DialogHeader className="items-center pr-0 text-center">
          <span aria-hidden="true" className="grid size-12 place-items-center rounded-xl bg-brand-600 text-white">
            <ShieldCheck className="size-6" />
          </span>
          <DialogTitle className="text-2xl font-black tracking-wide">GET PROTECTED</DialogTitle>
          <DialogDescription>Sign in or create an account to access scam detection features</DialogDescription>
        </DialogHeader>
        <Tabs.Root
          value={tab}
          onValueChange={(v) => setAuthDialog({ kind: 'auth', tab: v === 'signup' ? 'signup' : 'signin' })}
        >
          <Tabs.List aria-label="Sign in or sign up" className="grid grid-cols-2 rounded-lg bg-slate-100 p-1">
            {(
              [
                ['signin', 'SIGN IN'],
                ['signup', 'SIGN UP'],
              ] as const
            ).map(([value, label]) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className="h-10 cursor-pointer rounded-md text-sm font-bold tracking-wide text-slate-600 transition-colors data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
              >
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="signin" className="mt-5 outline-none">
            <SignInForm />
          </Tabs.Content>
          <Tabs.Content value="signup" className="mt-5 outline-none">
            <SignUpForm />
          </Tabs.Content>
        </Tabs.Root>
      </DialogContent>
    </Dialog>
  );
}

function OrDivider() {
  return (
    <div className="my-4 flex items-center gap-3 text-xs font-semibold uppercase tracking-wider text-slate-500">
      <span className="h-px flex-1 bg-slate-200" />
      or continue with email
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}

function PasswordInput({
  id,
  value,
  onChange,
  autoComplete,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  autoComplete: string;
  describedBy?: string;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input
        id={id}
        name="password"
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="pr-11"
        aria-describedby={describedBy}
        required
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        className="absolute right-1 top-1/2 grid size-9 -translate-y-1/2 cursor-pointer place-items-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
      >
        {visible ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
      </button>
    </div>
  );
}

function SignInForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useEmailSignIn();
  const { data: config } = usePublicConfig();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // product-spec.md section 5: the form does nothing if either field is empty.
    if (!email.trim() || !password) return;
    signIn.mutate({ email: email.trim(), password });
  };

  return (
    <div>
      <SocialButtons config={config} />
      {config?.signInMethods.google || config?.signInMethods.facebook ? <OrDivider /> : null}
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-password`}>Password</Label>
          <PasswordInput
            id={`${id}-password`}
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
          />
        </div>
        <Button type="submit" size="lg" disabled={signIn.isPending}>
          {signIn.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {signIn.isPending ? 'SIGNING IN...' : 'SIGN IN'}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm text-slate-600">
        Can&apos;t sign in?{' '}
        <button
          type="button"
          className="cursor-pointer font-semibold text-brand-700 underline-offset-4 hover:underline"
          onClick={() => setAuthDialog({ kind: 'recovery' })}
        >
          Get Magic Link Recovery
        </button>
      </p>
    </div>
  );
}

function SignUpForm() {
  const id = useId();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const signUp = useEmailSignUp();
  const { data: config } = usePublicConfig();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    if (password.length < MIN_PASSWORD_LENGTH) {
      setTooShort(true);
      return;
    }
    setTooShort(false);
    signUp.mutate({ email: email.trim(), password, firstName: firstName.trim(), lastName: lastName.trim() });
  };

  const hintId = `${id}-password-hint`;
  return (
    <div>
      <SocialButtons config={config} />
      {config?.signInMethods.google || config?.signInMethods.facebook ? <OrDivider /> : null}
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <div className="grid grid-cols-2 gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-first`}>First name</Label>
            <Input
              id={`${id}-first`}
              name="firstName"
              autoComplete="given-name"
              value={firstName}
              onChange={(e) => setFirstName(e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-last`}>Last name</Label>
            <Input
              id={`${id}-last`}
              name="lastName"
              autoComplete="family-name"
              value={lastName}
              onChange={(e) => setLastName(e.target.value)}
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-password`}>Password</Label>
          <PasswordInput
            id={`${id}-password`}
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
            describedBy={hintId}
          />
          <p id={hintId} className={cn('text-xs', tooShort ? 'font-semibold text-red-700' : 'text-slate-600')}>
            At least {MIN_PASSWORD_LENGTH} characters. Common passwords are not accepted.
          </p>
        </div>
        <Button type="submit" size="lg" disabled={signUp.isPending}>
          {signUp.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {signUp.isPending ? 'CREATING ACCOUNT...' : 'CREATE ACCOUNT'}
        </Button>
      </form>
      <p className="mt-4 text-center text-xs text-slate-600">Free trial: {TRIAL_TERMS} · cancel anytime</p>
    </div>
  );
}
