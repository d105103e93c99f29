import { ShieldCheck } from 'lucide-react';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { TRIAL_TERMS } from '@redflag/contracts/constants';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { AuthTab } from '@/lib/ui-store';
import { usePublicConfig } from '@/lib/public-config';
import { returnFocusOnClose, setAuthDialog, useAuthDialog } from '../hooks/auth-dialogs';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';
import { SocialButtons } from './SocialButtons';

/** Full-screen panel at 768px wide or narrower, centred dialog above (docs/product.md §2). */
export const authPanelClasses =
  'max-[768px]:inset-0 max-[768px]:left-0 max-[768px]:top-0 max-[768px]:h-dvh max-[768px]:max-h-dvh max-[768px]:w-full max-[768px]:max-w-none max-[768px]:translate-x-0 max-[768px]:translate-y-0 max-[768px]:rounded-none max-[768px]:content-start';

export function AuthDialog() {
  const dialog = useAuthDialog();
  const open = dialog.kind === 'auth';
  const tab: AuthTab = dialog.kind === 'auth' ? dialog.tab : 'signin';
  const email = dialog.kind === 'auth' ? dialog.email : undefined;

  return (
    <Dialog open={open} onOpenChange={(next) => !next && setAuthDialog({ kind: 'none' })}>
      <DialogContent
        size="md"
        className={authPanelClasses}
        data-testid="auth-dialog"
        onCloseAutoFocus={returnFocusOnClose}
      >
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
                className="h-10 cursor-pointer rounded-md text-sm font-bold tracking-wide text-slate-600 transition-colors focus-visible:outline-2 focus-visible:outline-brand-500 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
              >
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {/* tabIndex -1: Radix makes each panel a Tab stop, an invisible one here. */}
          <Tabs.Content value="signin" className="mt-5 outline-none" tabIndex={-1}>
            <TabBody>
              {/* Keyed by the address "Sign in instead" carries over from the sign-up tab. */}
              <SignInForm key={email ?? ''} initialEmail={email} />
            </TabBody>
          </Tabs.Content>
          <Tabs.Content value="signup" className="mt-5 outline-none" tabIndex={-1}>
            <TabBody>
              <SignUpForm />
              {/* The card is asked for at checkout: said here too, so it is no surprise there. */}
              <p className="mt-4 text-center text-xs text-slate-600">
                Free trial: {TRIAL_TERMS} · card required, nothing charged today · cancel anytime
              </p>
            </TabBody>
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

/** Google / Facebook (when enabled), then the tab's e-mail form. */
function TabBody({ children }: { children: ReactNode }) {
  const { data: config } = usePublicConfig();
  return (
    <div>
      <SocialButtons config={config} />
      {config?.signInMethods.google || config?.signInMethods.facebook ? <OrDivider /> : null}
      {children}
    </div>
  );
}
