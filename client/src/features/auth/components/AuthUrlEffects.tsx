import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { EMAIL_CHANGE_TOKEN_PARAM, LINK_EXPIRED_PATH, PASSWORD_TOKEN_PARAM } from '@redflag/contracts/routes';
import { toast } from '@/components/ui/use-toast';
import { invalidateKeys, SESSION_DEPENDENT_KEYS } from '@/lib/query-keys';
import { STORAGE_KEYS, storage } from '@/lib/storage-keys';
import { sessionQueryOptions } from '../api/session';
import { setAuthDialog } from '../hooks/auth-dialogs';
import { ALREADY_VERIFIED_TARGET, linkErrorTarget } from '../utils/link-errors';

/** The query parameters the accounts flows land with; removed from the address once handled. */
const HANDLED = [
  'verified',
  PASSWORD_TOKEN_PARAM,
  'recovered',
  'error',
  'error_description',
  EMAIL_CHANGE_TOKEN_PARAM,
] as const;

/**
 * Reacts to the address after a mail link or an OAuth round trip (docs/product.md §2):
 * /dashboard?verified=true → 'Email Verified Successfully! 🎉', or, when the link just proved the mailbox and
 * came back with a token (decision 107), the dialog to choose the password; ?recovered=true → 'Welcome back!';
 * ?email_change=<token> from the link mailed to a new address → the dialog that asks for the account's password
 * before the address changes (decision 132); ?error=... from a failed OAuth → the error dialog. The URL is cleaned after. A used or expired mail link
 * is LazyAuthDialogs' to send to the page that explains it; so is a verification link opened
 * again after it worked (signed out here, the address already confirmed).
 */
export function AuthUrlEffects() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!HANDLED.some((k) => params.has(k))) return;
    if (location.pathname === LINK_EXPIRED_PATH || linkErrorTarget(location.pathname, location.search)) return;
    const error = params.get('error');
    const oauthProvider = storage.get(STORAGE_KEYS.oauthProvider);
    if (error) {
      if (oauthProvider) storage.set(STORAGE_KEYS.oauthError, 'callback_failed');
      setAuthDialog({ kind: 'error', error: { status: 401, error: { code: 'oauth_failed', message: error } } });
    } else if (params.get('verified') === 'true') {
      const passwordToken = params.get(PASSWORD_TOKEN_PARAM);
      // A first use signs in (autoSignInAfterVerification); no session means the link had been used.
      void queryClient
        .fetchQuery({ ...sessionQueryOptions, staleTime: 0 })
        .then((session) => {
          if (!session) void navigate(ALREADY_VERIFIED_TARGET, { replace: true });
          else if (passwordToken)
            setAuthDialog({ kind: 'choose-password', token: passwordToken, email: session.user.email });
          else toast({ title: 'Email Verified Successfully! 🎉', description: 'Your account is ready.' });
        })
        .catch(() => undefined);
    } else if (params.get(EMAIL_CHANGE_TOKEN_PARAM)) {
      setAuthDialog({ kind: 'confirm-email-change', token: params.get(EMAIL_CHANGE_TOKEN_PARAM)! });
    } else if (params.get('recovered') === 'true') {
      toast({ title: 'Welcome back!', description: 'You are signed in with your recovery link.' });
    }
    storage.remove(STORAGE_KEYS.oauthProvider);
    void invalidateKeys(queryClient, SESSION_DEPENDENT_KEYS);
    for (const k of HANDLED) params.delete(k);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
  }, [location.search, location.pathname, location.hash, navigate, queryClient]);

  return null;
}
