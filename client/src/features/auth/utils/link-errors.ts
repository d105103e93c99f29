import { LINK_EXPIRED_PATH } from '@redflag/contracts/routes';

/** better-auth's answers for a mail link that no longer works (used, expired or altered). */
const TOKEN_ERRORS = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED']);

/**
 * Where an address carrying a dead mail link's error should go instead: the page that explains it,
 * told which kind of link it was. Verification links come back on their callbackURL
 * (/dashboard?verified=true&error=...); sign-in links mailed before they carried an errorCallbackURL come
 * back on /dashboard?recovered=true&error=.... Null when there is nothing to redirect.
 */
export function linkErrorTarget(pathname: string, search: string): string | null {
  if (pathname === LINK_EXPIRED_PATH) return null;
  const params = new URLSearchParams(search);
  const error = params.get('error');
  if (!error || !TOKEN_ERRORS.has(error)) return null;
  const link = params.get('verified') === 'true' ? 'verification' : 'magic';
  return `${LINK_EXPIRED_PATH}?${new URLSearchParams({ link, error }).toString()}`;
}

/** A verification link opened again after it worked: the address is confirmed, this browser signed out. */
export const ALREADY_VERIFIED_TARGET = `${LINK_EXPIRED_PATH}?link=verification&error=ALREADY_USED`;
