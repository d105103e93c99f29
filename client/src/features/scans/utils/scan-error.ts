/**
 * How a failed scan is handled (product-spec.md section 8, "Scan failure..."). Pure, so it is unit
 * tested; the scan page turns the decision into dialogs.
 */
export type ScanErrorKind =
  | 'auth' // 401 / Unauthorized: the general handler, with Sign In
  | 'trial_expired' // 403 TRIAL_EXPIRED: error modal, retry opens the trial-expired dialog
  | 'scan_limit' // 403 SCAN_LIMIT_REACHED or 'Free tier scan limit reached': error modal, retry opens the upgrade dialog
  | 'premium_required' // 403 PREMIUM_REQUIRED: phone / e-mail verification needs Premium
  | 'general'; // anything else: the general handler, retry resets the scan

interface ErrorLike {
  status?: unknown;
  code?: unknown;
  message?: unknown;
}

function parts(error: unknown): { status: number | null; code: string; text: string } {
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  const status = typeof e.status === 'number' ? e.status : null;
  const code = typeof e.code === 'string' ? e.code : '';
  const text = String(error) + (typeof e.message === 'string' ? ` ${e.message}` : '');
  return { status, code, text };
}

export function classifyScanError(error: unknown): ScanErrorKind {
  const { status, code, text } = parts(error);
  if (status === 401 || /\b401\b|Unauthorized|Authentication required/i.test(text)) return 'auth';
  if (status === 403 && code === 'TRIAL_EXPIRED') return 'trial_expired';
  if ((status === 403 && code === 'SCAN_LIMIT_REACHED') || text.includes('Free tier scan limit reached')) return 'scan_limit';
  if (status === 403 && code === 'PREMIUM_REQUIRED') return 'premium_required';
  return 'general';
}

export interface ErrorCopy {
  title: string;
  description: string;
  suggestion: string;
}

/**
 * The error dialog's heading and suggestion per error type: product-spec.md section 8's mapping table.
 * The description is the server's message when it sent one (our API's messages are written for people).
 */
export function errorCopy(error: unknown): ErrorCopy {
  const { status, code, text } = parts(error);
  const message = typeof (error as ErrorLike | null)?.message === 'string' ? ((error as ErrorLike).message as string) : '';
  const said = (fallback: string) => (message && status !== null && status < 500 ? message : fallback);
  if (status === 401 || /Authentication required|Unauthorized/i.test(text)) {
    return { title: 'Sign In Required', description: said('Your session has ended.'), suggestion: 'Sign in again, then run the scan once more.' };
  }
  if (status === 403 || /Access denied|Forbidden/i.test(text)) {
    const suggestion =
      code === 'TRIAL_EXPIRED'
        ? 'Your free trial is over. Complete your Premium setup to keep scanning.'
        : code === 'SCAN_LIMIT_REACHED'
          ? 'Upgrade to Premium for unlimited scans.'
          : 'Finish setting up your account, then try again.';
    return { title: 'Account Setup Required', description: said('Your account cannot run this scan yet.'), suggestion };
  }
  if (status === 429) {
    return { title: 'Please Wait', description: 'Too many requests...', suggestion: 'Wait a minute, then try again.' };
  }
  if (status !== null && status >= 500) {
    return {
      title: 'Service Temporarily Unavailable',
      description: 'The analysis could not be completed. Your scan was not counted.',
      suggestion: 'Try again in a moment. If it keeps happening, contact support.',
    };
  }
  if (status === null && /fetch|network/i.test(text)) {
    return { title: 'Connection Problem', description: 'We could not reach RedFlag.', suggestion: 'Check your internet connection and try again.' };
  }
  if (code === 'VALIDATION_ERROR' || code === 'MESSAGE_REQUIRED' || /validation/i.test(text)) {
    return { title: 'Invalid Information', description: said('Some of the details are not valid.'), suggestion: 'Check the message, phone number and email, then try again.' };
  }
  return { title: 'Something Went Wrong', description: said('The scan did not complete.'), suggestion: 'Try again. If it keeps happening, contact support.' };
}
