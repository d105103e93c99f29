import { TRIAL_DAYS } from './constants.ts';

/**
 * The error catalogue without zod (errors.ts adds the schemas), so the client's error classifier can read
 * the codes and texts on every page without loading the schema library.
 */

/**
 * The closed list of error codes the API answers with, and the HTTP status of each.
 * The client reads `error.code`; the spec's codes (TRIAL_EXPIRED, SCAN_LIMIT_REACHED, ...) are kept verbatim.
 */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 422,
  MESSAGE_REQUIRED: 422,
  MISSING_INFORMATION: 422,
  BAD_REQUEST: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAUTHORIZED: 401,
  invalid_credentials: 401,
  email_not_confirmed: 403,
  weak_password: 422,
  ACCOUNT_EXISTS: 409,
  signup_disabled: 403,
  FORBIDDEN: 403,
  PAYMENT_SETUP_REQUIRED: 403,
  TRIAL_EXPIRED: 403,
  SCAN_LIMIT_REACHED: 403,
  PREMIUM_REQUIRED: 403,
  SUBSCRIPTION_INACTIVE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYMENT_FAILED: 402,
  CONVERSION_FAILED: 402,
  BILLING_ERROR: 502,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_STATUS, code);
}

/** Default user-facing text per code; services may pass a more specific message. */
export const ERROR_MESSAGES: Partial<Record<ErrorCode, string>> = {
  MESSAGE_REQUIRED: 'Please enter a message to analyze',
  MISSING_INFORMATION: 'Please fill in all fields.',
  UNAUTHORIZED: 'Authentication required',
  invalid_credentials: 'Invalid email or password',
  email_not_confirmed: 'Please confirm your email address before signing in.',
  weak_password: 'Password is too weak',
  ACCOUNT_EXISTS: 'An account with this email already exists. Please sign in instead.',
  signup_disabled: 'Sign-ups are temporarily disabled',
  SCAN_LIMIT_REACHED: 'Free tier scan limit reached',
  TRIAL_EXPIRED: `Your ${TRIAL_DAYS}-day free trial has ended`,
  PAYMENT_SETUP_REQUIRED: 'Payment setup required before scanning',
  PREMIUM_REQUIRED: 'Phone and e-mail verification are Premium features',
  SUBSCRIPTION_INACTIVE: 'Your subscription is not active',
  RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
  NOT_FOUND: 'Not found',
  SERVICE_UNAVAILABLE: 'Service temporarily unavailable',
  INTERNAL_ERROR: 'Something went wrong',
  PAYLOAD_TOO_LARGE: 'Request body too large',
  UNSUPPORTED_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json)',
};
