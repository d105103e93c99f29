import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { EMAIL_CHANGE_TOKEN_PARAM, LINK_EXPIRED_PATH } from '@redflag/contracts/routes';
import { useAuthDialog } from '../hooks/auth-dialogs';
import { linkErrorTarget } from '../utils/link-errors';

const AuthDialogs = lazy(() => import('./AuthDialogs').then((m) => ({ default: m.AuthDialogs })));

const URL_PARAMS = ['verified', 'recovered', 'error', EMAIL_CHANGE_TOKEN_PARAM];

/**
 * Loads the accounts dialogs (and better-auth's client) only when one is opened (lib/ui-store.ts), so
 * they are not part of every page's first download. Also loads them when the address carries a mail link's or OAuth's result (?verified, ?recovered, ?error). A dead mail
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

  // Once needed, stay mounted (derived during render, not in an effect).
  if (!needed && (dialog.kind !== 'none' || hasUrlParams)) setNeeded(true);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialogs />
    </Suspense>
  );
}
