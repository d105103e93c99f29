import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { AUTH_MODAL_EVENT, RECOVERY_DIALOG_EVENT, type AuthTab } from '@/lib/events';
import { setAuthDialog, useAuthDialog } from '../hooks/auth-dialogs';

const AuthDialogs = lazy(() => import('./AuthDialogs').then((m) => ({ default: m.AuthDialogs })));

/** product-spec.md section 9: the auth dialog opens 100 ms after the triggerAuthModal event. */
const AUTH_MODAL_DELAY_MS = 100;
const URL_PARAMS = ['verified', 'recovered', 'error'];

/**
 * Listens for `triggerAuthModal` and `openRecoveryDialog` and loads the accounts dialogs (and better-auth's
 * client) only when one is needed, so they are not part of every page's first download. Also loads them
 * when the address carries a mail link's or OAuth's result (?verified, ?recovered, ?error).
 */
export function LazyAuthDialogs() {
  const dialog = useAuthDialog();
  const location = useLocation();
  const [needed, setNeeded] = useState(false);
  const hasUrlParams = URL_PARAMS.some((k) => new URLSearchParams(location.search).has(k));

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAuth = (event: WindowEventMap['triggerAuthModal']) => {
      const tab: AuthTab = event.detail?.tab === 'signup' ? 'signup' : 'signin';
      clearTimeout(timer);
      timer = setTimeout(() => setAuthDialog({ kind: 'auth', tab }), AUTH_MODAL_DELAY_MS);
    };
    const onRecovery = () => setAuthDialog({ kind: 'recovery' });
    window.addEventListener(AUTH_MODAL_EVENT, onAuth);
    window.addEventListener(RECOVERY_DIALOG_EVENT, onRecovery);
    return () => {
      clearTimeout(timer);
      window.removeEventListener(AUTH_MODAL_EVENT, onAuth);
      window.removeEventListener(RECOVERY_DIALOG_EVENT, onRecovery);
    };
  }, []);

  // Once needed, stay mounted (derived during render, not in an effect).
  if (!needed && (dialog.kind !== 'none' || hasUrlParams)) setNeeded(true);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialogs />
    </Suspense>
  );
}
