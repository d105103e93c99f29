import { MIN_PASSWORD_LENGTH } from '@redflag/contracts/constants';

/**
 * product-spec.md section 8: which heading and suggestion an error gets, whether it is an auth error, and
 * (issue 12) where a form shows it and which next step it offers. The one classifier for the accounts
 * forms (inline) and the error dialog (errors with no form: OAuth). Pure, so it is unit-tested.
 */

export interface ErrorLike {
  status?: number;
  code?: string;
  message?: string;
  details?: unknown;
  retryAfterSeconds?: number;
}

export interface ErrorPresentation {
  title: string;
  description: string;
  suggestion: string;
  isAuthError: boolean;
  /** The form field the error belongs under; absent: an alert above the submit button. */
  field?: 'email' | 'password';
  /** The next step an inline error offers. */
  action?: 'resend_verification' | 'sign_in_instead' | 'recovery';
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** Reads better-auth client errors (`{ status, error: { code, message } }`), ApiError and plain errors alike. */
export function toErrorLike(err: unknown): ErrorLike {
  if (!isRecord(err)) return { message: typeof err === 'string' ? err : undefined };
  const inner = isRecord(err.error) ? err.error : err;
  return {
    status: typeof err.status === 'number' ? err.status : undefined,
    code: typeof inner.code === 'string' ? inner.code : undefined,
    message:
      typeof inner.message === 'string' ? inner.message : typeof err.message === 'string' ? err.message : undefined,
    details: inner.details,
    retryAfterSeconds: typeof inner.retryAfterSeconds === 'number' ? inner.retryAfterSeconds : undefined,
  };
}

export function weakPasswordReasons(e: ErrorLike): string[] {
  const reasons = isRecord(e.details) && Array.isArray(e.details.reasons) ? e.details.reasons : [];
  return reasons.filter((r): r is string => typeof r === 'string');
}

export function presentError(err: unknown): ErrorPresentation {
  const e = toErrorLike(err);
  const message = e.message ?? '';
  const status = e.status ?? 0;
  const code = e.code ?? '';

  if (code === 'invalid_credentials') {
    return {
      title: 'Sign In Required',
      description: 'The email or password is incorrect.',
      suggestion: 'Check both and try again, or get a sign-in link by email instead.',
      isAuthError: true,
      action: 'recovery',
    };
  }
  if (code === 'link_invalid') {
    return {
      title: 'Sign In Required',
      description: 'This link has expired or was already used.',
      suggestion: 'Request a new link with Magic Link Recovery, or sign in with your password.',
      isAuthError: true,
    };
  }
  if (code === 'oauth_failed') {
    return {
      title: 'Sign In Required',
      description: 'Sign-in with your Google or Facebook account did not complete.',
      suggestion: 'Please try again, or sign in with your email and password.',
      isAuthError: true,
    };
  }
  if (code === 'email_not_confirmed') {
    return {
      title: 'Check Your Email',
      description: 'Please confirm your email address before signing in.',
      suggestion: 'Open the verification link we sent you, or ask for a new one.',
      isAuthError: true,
      action: 'resend_verification',
    };
  }
  if (code === 'weak_password') {
    const reasons = weakPasswordReasons(e);
    return {
      title: 'Invalid Information',
      description: message || 'Password is too weak.',
      suggestion: reasons.includes('common')
        ? 'Choose a password that is not a common one: a few unrelated words work well.'
        : `Use at least ${MIN_PASSWORD_LENGTH} characters.`,
      isAuthError: false,
      field: 'password',
    };
  }
  if (code === 'signup_disabled') {
    return {
      title: 'Service Temporarily Unavailable',
      description: 'Sign-ups are paused right now.',
      suggestion: 'Please try again in a few minutes.',
      isAuthError: false,
    };
  }
  if (code === 'ACCOUNT_EXISTS') {
    return {
      title: 'Account Already Exists',
      description: 'An account with this email already exists.',
      suggestion: 'Sign in instead, or use Magic Link Recovery if you forgot your password.',
      isAuthError: true,
      action: 'sign_in_instead',
    };
  }
  if (/fetch|network/i.test(message) && !status) {
    return {
      title: 'Connection Problem',
      description: 'We could not reach RedFlag.',
      suggestion: 'Check your internet connection and try again.',
      isAuthError: false,
    };
  }
  if (status === 401 || code === 'UNAUTHORIZED' || /Authentication required|Unauthorized/i.test(message)) {
    return {
      title: 'Sign In Required',
      description: 'Please sign in to continue.',
      suggestion: 'Sign in with your email and password, Google or Facebook.',
      isAuthError: true,
    };
  }
  if (status === 403 || /Access denied|Forbidden/i.test(message)) {
    return {
      title: 'Account Setup Required',
      description: message || 'Your account needs a little more setup.',
      suggestion: 'Complete your account setup to continue.',
      isAuthError: false,
    };
  }
  if (status === 429 || code === 'RATE_LIMITED') {
    const wait = e.retryAfterSeconds
      ? ` Please wait ${formatWait(e.retryAfterSeconds)} and try again.`
      : ' Please wait a moment and try again.';
    return {
      title: 'Please Wait',
      description: `Too many requests...${wait}`,
      suggestion: 'This protects your account from guessing attacks.',
      isAuthError: false,
    };
  }
  if (status >= 500) {
    return {
      title: 'Service Temporarily Unavailable',
      description: 'Something went wrong on our side.',
      suggestion: 'Please try again in a few minutes.',
      isAuthError: false,
    };
  }
  if (code === 'card_error' || code.startsWith('stripe_')) {
    return {
      title: 'Payment Error',
      description: message || 'The payment did not go through.',
      suggestion: 'Check your card details or try another card.',
      isAuthError: false,
    };
  }
  if (code === 'VALIDATION_ERROR' || code === 'validation_error' || /validation/i.test(message)) {
    return {
      title: 'Invalid Information',
      description: message || 'Some information is not valid.',
      suggestion: 'Check the form and try again.',
      isAuthError: false,
    };
  }
  return {
    title: 'Something Went Wrong',
    description: message || 'An unexpected error happened.',
    suggestion: 'Please try again. If it keeps happening, contact support.',
    isAuthError: false,
  };
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
