import type { ClientErrorCode } from './api';
import { MIN_PASSWORD_LENGTH } from '@redflag/contracts/constants';
import { ERROR_MESSAGES, type ErrorCode } from '@redflag/contracts/error-codes';

/**
 * The one error classifier of the client (docs/product.md §8). Any failure (an
 * ApiError from lib/api.ts, better-auth's client errors, a thrown TypeError) becomes a kind, the spec's
 * title with a description and suggestion, and the one next step it offers. The scan flow, the accounts
 * forms and dialogs, the query client's retry rule and the dashboard all read errors through this file.
 * Pure, so it is unit-tested.
 */

/** What the screen offers next: sign in, go Premium (or finish its setup), try again, or nothing. */
export type ErrorAction = 'sign_in' | 'upgrade' | 'retry' | 'none';

export type ErrorKind =
  | 'unauthorized'
  | 'invalid_credentials'
  | 'email_not_confirmed'
  | 'account_exists'
  | 'weak_password'
  | 'signup_disabled'
  | 'link_invalid'
  | 'oauth_failed'
  | 'trial_expired'
  | 'scan_limit'
  | 'premium_required'
  | 'forbidden'
  | 'not_found'
  | 'rate_limited'
  | 'validation'
  | 'payment'
  | 'network'
  | 'invalid_response'
  | 'server'
  | 'unknown';

export interface ClassifiedError {
  kind: ErrorKind;
  /** The contracts' error code (or a client one: NETWORK_ERROR, INVALID_RESPONSE); '' when there was none. */
  code: string;
  /** The HTTP status; null when no answer came. */
  status: number | null;
  title: string;
  description: string;
  suggestion: string;
  action: ErrorAction;
  /** The server's own message, for 4xx answers only (a 5xx message is never shown). */
  serverMessage: string | null;
  details: unknown;
  retryAfterSeconds: number | null;
}

/** An error's parts, read the same way from ApiError, better-auth's `{ status, error: { code, message } }` and plain errors. */
export interface ErrorParts {
  status: number | null;
  code: string;
  message: string;
  details: unknown;
  retryAfterSeconds: number | null;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

export function errorParts(err: unknown): ErrorParts {
  if (!isRecord(err))
    return {
      status: null,
      code: '',
      message: typeof err === 'string' ? err : '',
      details: undefined,
      retryAfterSeconds: null,
    };
  const inner = isRecord(err.error) ? err.error : err;
  const status =
    typeof err.status === 'number' && err.status > 0
      ? err.status
      : typeof inner.status === 'number' && inner.status > 0
        ? inner.status
        : null;
  return {
    status,
    code: typeof inner.code === 'string' ? inner.code : '',
    message: typeof inner.message === 'string' ? inner.message : typeof err.message === 'string' ? err.message : '',
    details: inner.details,
    retryAfterSeconds: typeof inner.retryAfterSeconds === 'number' ? inner.retryAfterSeconds : null,
  };
}

/** The reasons a weak_password error carries (decision 048). */
export function weakPasswordReasons(err: unknown): string[] {
  const { details } = errorParts(err);
  const reasons = isRecord(details) && Array.isArray(details.reasons) ? details.reasons : [];
  return reasons.filter((r): r is string => typeof r === 'string');
}

/** The API answered 401: no session (yet). Read from the status, not from the text. */
export function isUnauthorized(err: unknown): boolean {
  const { status, code } = errorParts(err);
  return status === 401 || code === 'UNAUTHORIZED';
}

export function isNotFound(err: unknown): boolean {
  return errorParts(err).status === 404;
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

type Copy = Pick<ClassifiedError, 'kind' | 'title' | 'description' | 'suggestion' | 'action'>;

function copyFor(p: ErrorParts): Copy {
  const { status, code, message } = p;
  // Our API's 4xx messages are written for people; a 5xx message may be internal and is never shown.
  const said = (fallback: string) => (message && status !== null && status < 500 ? message : fallback);
  const signIn = 'Sign In Required';
  const setup = 'Account Setup Required';

  // Contract codes are checked against the catalogue (`satisfies ErrorCode`): renaming one there fails here.
  switch (code) {
    case 'invalid_credentials' satisfies ErrorCode:
      // Titled as what happened, not "Sign In Required": the person was signing in.
      return {
        kind: 'invalid_credentials',
        title: 'Incorrect email or password',
        description: 'The email or password you entered does not match an account.',
        suggestion: 'Check both and try again, or get a sign-in link by email instead.',
        action: 'sign_in',
      };
    case 'link_invalid':
      return {
        kind: 'link_invalid',
        title: signIn,
        description: 'This link has expired or was already used.',
        suggestion: 'Request a new link with Magic Link Recovery, or sign in with your password.',
        action: 'sign_in',
      };
    case 'oauth_failed':
      return {
        kind: 'oauth_failed',
        title: signIn,
        description: 'Sign-in with your Google or Facebook account did not complete.',
        suggestion: 'Please try again, or sign in with your email and password.',
        action: 'sign_in',
      };
    case 'email_not_confirmed' satisfies ErrorCode:
      return {
        kind: 'email_not_confirmed',
        title: 'Check Your Email',
        description: ERROR_MESSAGES.email_not_confirmed ?? '',
        suggestion: 'Open the verification link we sent you, or ask for a new one.',
        action: 'sign_in',
      };
    case 'weak_password' satisfies ErrorCode:
      return {
        kind: 'weak_password',
        title: 'Invalid Information',
        description: message || 'Password is too weak.',
        suggestion: weakPasswordReasons(p).includes('common')
          ? 'Choose a password that is not a common one: a few unrelated words work well.'
          : `Use at least ${MIN_PASSWORD_LENGTH} characters.`,
        action: 'none',
      };
    case 'signup_disabled' satisfies ErrorCode:
      return {
        kind: 'signup_disabled',
        title: 'Service Temporarily Unavailable',
        description: 'Sign-ups are paused right now.',
        suggestion: 'Please try again in a few minutes.',
        action: 'retry',
      };
    case 'ACCOUNT_EXISTS' satisfies ErrorCode:
      return {
        kind: 'account_exists',
        title: 'Account Already Exists',
        description: 'An account with this email already exists.',
        suggestion: 'Sign in instead, or use Magic Link Recovery if you forgot your password.',
        action: 'sign_in',
      };
    case 'TRIAL_EXPIRED' satisfies ErrorCode:
      return {
        kind: 'trial_expired',
        title: setup,
        description: said(ERROR_MESSAGES.TRIAL_EXPIRED ?? ''),
        suggestion: 'Your free trial is over. Complete your Premium setup to keep scanning.',
        action: 'upgrade',
      };
    case 'SCAN_LIMIT_REACHED' satisfies ErrorCode:
      return {
        kind: 'scan_limit',
        title: setup,
        description: said(ERROR_MESSAGES.SCAN_LIMIT_REACHED ?? ''),
        suggestion: 'Upgrade to Premium for unlimited scans.',
        action: 'upgrade',
      };
    case 'PREMIUM_REQUIRED' satisfies ErrorCode:
      return {
        kind: 'premium_required',
        title: setup,
        description: said(ERROR_MESSAGES.PREMIUM_REQUIRED ?? ''),
        suggestion: 'Start Premium to verify phone numbers and e-mail addresses.',
        action: 'upgrade',
      };
    case 'INVALID_RESPONSE' satisfies ClientErrorCode:
      return {
        kind: 'invalid_response',
        title: 'Something Went Wrong',
        description: 'RedFlag answered in a way this page did not expect.',
        suggestion: 'Reload the page and try again. If it keeps happening, contact support.',
        action: 'retry',
      };
  }
  // docs/product.md §8: a 403 whose message names the scan limit is that refusal, whatever its code.
  if (message.includes('Free tier scan limit reached')) {
    return {
      kind: 'scan_limit',
      title: setup,
      description: message,
      suggestion: 'Upgrade to Premium for unlimited scans.',
      action: 'upgrade',
    };
  }
  if (code === 'NETWORK_ERROR' || (status === null && /fetch|network/i.test(message))) {
    return {
      kind: 'network',
      title: 'Connection Problem',
      description: 'We could not reach RedFlag.',
      suggestion: 'Check your internet connection and try again.',
      action: 'retry',
    };
  }
  if (status === 401 || code === 'UNAUTHORIZED' || /Authentication required|Unauthorized/i.test(message)) {
    return {
      kind: 'unauthorized',
      title: signIn,
      description: 'Please sign in to continue.',
      suggestion: 'Sign in again, or get a sign-in link by email.',
      action: 'sign_in',
    };
  }
  if (status === 403 || /Access denied|Forbidden/i.test(message)) {
    return {
      kind: 'forbidden',
      title: setup,
      description: said('Your account needs a little more setup.'),
      suggestion: 'Finish setting up your account, then try again.',
      action: 'none',
    };
  }
  if (status === 429 || code === 'RATE_LIMITED') {
    const wait = p.retryAfterSeconds
      ? ` Please wait ${formatWait(p.retryAfterSeconds)} and try again.`
      : ' Please wait a moment and try again.';
    return {
      kind: 'rate_limited',
      title: 'Please Wait',
      description: `Too many requests...${wait}`,
      suggestion: 'This protects your account from guessing attacks.',
      action: 'retry',
    };
  }
  if (status !== null && status >= 500) {
    return {
      kind: 'server',
      title: 'Service Temporarily Unavailable',
      description: 'Something went wrong on our side.',
      suggestion: 'Please try again in a few minutes.',
      action: 'retry',
    };
  }
  if (
    code === 'card_error' ||
    code.startsWith('stripe_') ||
    code === 'PAYMENT_FAILED' ||
    code === 'CONVERSION_FAILED'
  ) {
    return {
      kind: 'payment',
      title: 'Payment Error',
      description: said('The payment did not go through.'),
      suggestion: 'Check your card details or try another card.',
      action: 'none',
    };
  }
  if (status === 404 || code === 'NOT_FOUND') {
    return {
      kind: 'not_found',
      title: 'Something Went Wrong',
      description: said('It is no longer there.'),
      suggestion: 'It may have been deleted. Go back and try again.',
      action: 'none',
    };
  }
  if (
    code === 'VALIDATION_ERROR' ||
    code === 'MESSAGE_REQUIRED' ||
    code === 'MISSING_INFORMATION' ||
    code === 'validation_error' ||
    /validation/i.test(message)
  ) {
    return {
      kind: 'validation',
      title: 'Invalid Information',
      description: said('Some information is not valid.'),
      suggestion: 'Check the form and try again.',
      action: 'none',
    };
  }
  return {
    kind: 'unknown',
    title: 'Something Went Wrong',
    description: said('An unexpected error happened.'),
    suggestion: 'Please try again. If it keeps happening, contact support.',
    action: 'retry',
  };
}

export function classifyError(err: unknown): ClassifiedError {
  const p = errorParts(err);
  return {
    ...copyFor(p),
    code: p.code,
    status: p.status,
    serverMessage: p.message && p.status !== null && p.status < 500 ? p.message : null,
    details: p.details,
    retryAfterSeconds: p.retryAfterSeconds,
  };
}
