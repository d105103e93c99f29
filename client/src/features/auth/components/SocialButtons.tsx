import type { PublicConfig } from '@redflag/contracts/config';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { STORAGE_KEYS, storage } from '@/lib/storage-keys';
import { authClient } from '../api/auth-client';
import { setAuthDialog } from '../hooks/auth-dialogs';

type Provider = 'google' | 'facebook';

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.76h3.56c2.08-1.92 3.28-4.74 3.28-8.09z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.56-2.76c-.98.66-2.23 1.06-3.72 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.11A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.11V7.05H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.95l3.66-2.84z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.05l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}

function FacebookMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <path
        fill="#1877F2"
        d="M24 12.07C24 5.4 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.41c0-3.02 1.79-4.69 4.53-4.69 1.31 0 2.69.24 2.69.24v2.97h-1.51c-1.49 0-1.96.93-1.96 1.89v2.25h3.33l-.53 3.49h-2.8V24C19.61 23.1 24 18.1 24 12.07z"
      />
    </svg>
  );
}

/** Starts Google / Facebook sign-in (a full-page redirect); back on /dashboard, or / with ?error on failure. */
export async function startSocialSignIn(provider: Provider): Promise<void> {
  storage.set(STORAGE_KEYS.oauthProvider, provider);
  const { error } = await authClient.signIn.social({ provider, callbackURL: '/dashboard', errorCallbackURL: '/' });
  if (error) {
    storage.remove(STORAGE_KEYS.oauthProvider);
    setAuthDialog({ kind: 'error', error });
  }
}

/** Google and Facebook buttons, shown only for the methods GET /api/config says are enabled. */
export function SocialButtons({ config, verb = 'Continue' }: { config: PublicConfig | undefined; verb?: string }) {
  const [busy, setBusy] = useState<Provider | null>(null);
  if (!config) return null;
  const { google, facebook } = config.signInMethods;
  if (!google && !facebook) return null;
  const go = (provider: Provider) => async () => {
    setBusy(provider);
    await startSocialSignIn(provider);
    setBusy(null);
  };
  return (
    <div className="grid gap-2">
      {google ? (
        <Button type="button" variant="outline" size="lg" onClick={go('google')} disabled={busy !== null}>
          <GoogleMark /> {verb} with Google
        </Button>
      ) : null}
      {facebook ? (
        <Button type="button" variant="outline" size="lg" onClick={go('facebook')} disabled={busy !== null}>
          <FacebookMark /> {verb} with Facebook
        </Button>
      ) : null}
    </div>
  );
}
