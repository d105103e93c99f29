import { ERROR_MESSAGES, ERROR_STATUS, type ErrorCode } from '@redflag/contracts/errors';
import { errorBody } from '../http/error-handler.ts';

/**
 * better-auth answers errors as `{ code, message }` with its own codes. The client reads the app's one
 * error shape, `{ error: { code, message, details? } }`, with the spec's codes (docs/design.md §3.1), so
 * every error leaving /api/auth is rewritten here.
 */
const CODE_MAP: Record<string, ErrorCode> = {
  // Any mismatch on sign-in is the same answer, whether or not the account exists.
  INVALID_EMAIL_OR_PASSWORD: 'invalid_credentials',
  INVALID_PASSWORD: 'invalid_credentials',
  USER_NOT_FOUND: 'invalid_credentials',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'invalid_credentials',
  EMAIL_NOT_VERIFIED: 'email_not_confirmed',
  USER_ALREADY_EXISTS: 'ACCOUNT_EXISTS',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'ACCOUNT_EXISTS',
  ACCOUNT_EXISTS: 'ACCOUNT_EXISTS',
  PASSWORD_TOO_SHORT: 'weak_password',
  PASSWORD_TOO_LONG: 'weak_password',
  weak_password: 'weak_password',
  INVALID_EMAIL: 'VALIDATION_ERROR',
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  EMAIL_PASSWORD_SIGN_UP_DISABLED: 'signup_disabled',
  FAILED_TO_GET_SESSION: 'UNAUTHORIZED',
  SESSION_EXPIRED: 'UNAUTHORIZED',
  UNAUTHORIZED: 'UNAUTHORIZED',
};

/** The codes whose text is ours rather than better-auth's (texts in ERROR_MESSAGES, docs/product.md §8). */
const OWN_TEXT: ReadonlySet<ErrorCode> = new Set(['invalid_credentials', 'email_not_confirmed', 'ACCOUNT_EXISTS']);

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 422) return 'VALIDATION_ERROR';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500) return 'INTERNAL_ERROR';
  return 'BAD_REQUEST';
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** Rewrites a better-auth error response into the app's error body; other responses pass through. */
export async function normaliseAuthResponse(res: Response): Promise<Response> {
  if (res.status < 400) return res;
  const type = res.headers.get('content-type') ?? '';
  let body: unknown = null;
  if (type.includes('application/json'))
    body = await res
      .clone()
      .json()
      .catch(() => null);
  if (isRecord(body) && isRecord(body.error)) return res; // already ours
  const authCode = isRecord(body) && typeof body.code === 'string' ? body.code : undefined;
  const authMessage = isRecord(body) && typeof body.message === 'string' ? body.message : undefined;
  const details = isRecord(body) ? body.details : undefined;
  const mapped = authCode ? CODE_MAP[authCode] : undefined;
  const code = mapped ?? codeForStatus(res.status);
  const status = mapped ? ERROR_STATUS[code] : res.status;
  // A 500 never shows its internal message.
  const message =
    status >= 500
      ? 'Something went wrong. Please try again.'
      : ((OWN_TEXT.has(code) ? ERROR_MESSAGES[code] : undefined) ?? authMessage ?? res.statusText ?? 'Request failed');
  const headers = new Headers(res.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  // An unmapped better-auth code is kept in details so the client can still tell cases apart.
  const out = errorBody(
    code,
    message,
    details !== undefined ? { details } : authCode && !mapped ? { details: { authCode } } : {},
  );
  return new Response(JSON.stringify(out), { status, headers });
}
