/** Where a used or expired mail link (sign-in or verification) lands and says so. */
export const LINK_EXPIRED_PATH = '/link-expired';

/**
 * The query parameter a verification link lands with on its callback when it has just proven the mailbox: a
 * one-time token with which the person who opened it chooses the account's password (POST
 * /api/auth/reset-password), since a password typed before the address was confirmed no longer works
 * (decision 107).
 */
export const PASSWORD_TOKEN_PARAM = 'password_token';

/**
 * The query parameter the link sent to a new address (change of e-mail) lands with: the change's token, with
 * which the person who opened it proves the account too (its password, or a code sent to its current
 * address) before the address changes (decision 132).
 */
export const EMAIL_CHANGE_TOKEN_PARAM = 'email_change';

/** The landing page's product sections on a page that also works signed in. */
export const PRODUCT_PATH = '/product';

/**
 * Client routes that exist (docs/product.md §2). The server answers 200 with the app for these and
 * 404 (still with the app, which renders its 404 page) for any other non-API path.
 */
export const CLIENT_ROUTES = [
  '/',
  '/about',
  PRODUCT_PATH,
  '/help-center',
  // Typed by people who look for the price: the product page, scrolled to its pricing.
  '/pricing',
  '/privacy-policy',
  '/terms-of-service',
  '/payment-success',
  '/checkout',
  '/dashboard',
  '/scan',
  '/account',
  '/settings',
  LINK_EXPIRED_PATH,
] as const;

export type ClientRoute = (typeof CLIENT_ROUTES)[number];

/** Client routes with a parameter: a stored scan's report (/scans/:id, ids are UUIDs), a shared verdict. */
export const CLIENT_ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/scans\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  // A shared verdict: /r/<43-character base64url token>.
  /^\/r\/[A-Za-z0-9_-]{43}$/,
];

/** The same two as route patterns, as the server's access log names them (never the token or id itself). */
export const CLIENT_ROUTE_TEMPLATES = ['/scans/:id', '/r/:token'] as const;

export function isClientRoute(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    (CLIENT_ROUTES as readonly string[]).includes(normalised) || CLIENT_ROUTE_PATTERNS.some((p) => p.test(normalised))
  );
}
