import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LINK_EXPIRED_PATH } from '@redflag/contracts/routes';
import { AUTH_MODAL_EVENT, RECOVERY_DIALOG_EVENT, type AuthTab } from '@/lib/events';
import { rememberTrigger, setAuthDialog, useAuthDialog } from '../hooks/auth-dialogs';
import { linkErrorTarget } from '../utils/link-errors';

const AuthDialogs = lazy(() => import('./AuthDialogs').then((m) => ({ default: m.AuthDialogs })));

/** product-spec.md section 9: the auth dialog opens 100 ms after the triggerAuthModal event. */
const AUTH_MODAL_DELAY_MS = 100;
const URL_PARAMS = ['verified', 'recovered', 'error'];

/**
 * Listens for `triggerAuthModal` and `openRecoveryDialog` and loads the accounts dialogs (and better-auth's
 * client) only when one is needed, so they are not part of every page's first download. Also loads them
 * when the address carries a mail link's or OAuth's result (?verified, ?recovered, ?error). A dead mail
 * link's error goes straight to the page that explains it, without waiting for the dialogs to load.
 */
export function LazyAuthDialogs() {
  const dialog = useAuthDialog();
  const location = useLocation();
  const navigate = useNavigate();
  const [needed, setNeeded] = useState(false);
  const linkError = linkErrorTarget(location.pathname, location.search);
  const hasUrlParams =
    !linkError &&
    location.pathname !== LINK_EXPIRED_PATH &&
    URL_PARAMS.some((k) => new URLSearchParams(location.search).has(k));

  useEffect(() => {
    if (linkError) void navigate(linkError, { replace: true });
  }, [linkError, navigate]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAuth = (event: WindowEventMap['triggerAuthModal']) => {
      const tab: AuthTab = event.detail?.tab === 'signup' ? 'signup' : 'signin';
      rememberTrigger(document.activeElement);
      clearTimeout(timer);
      timer = setTimeout(() => setAuthDialog({ kind: 'auth', tab }), AUTH_MODAL_DELAY_MS);
    };
    const onRecovery = () => {
      rememberTrigger(document.activeElement);
      setAuthDialog({ kind: 'recovery' });
    };
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
