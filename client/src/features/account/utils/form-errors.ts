import { ApiError } from '@/lib/api';

/**
 * Where an error from the account forms is shown: under one field, or under the form. The forms keep what
 * was typed either way (issue 12: errors never clear a form). Pure, so every mapping is tested.
 */
export type FormErrorTarget<F extends string> = { field: F; message: string } | { field: null; message: string };

const GENERIC = 'Something went wrong. Nothing was changed. Please try again.';

function fieldIssues(details: unknown): Array<{ path: string; message: string }> {
  if (typeof details !== 'object' || details === null || !('fields' in details) || !Array.isArray(details.fields)) return [];
  return details.fields.flatMap((f: unknown) =>
    typeof f === 'object' && f !== null && 'path' in f && 'message' in f && typeof f.path === 'string' && typeof f.message === 'string'
      ? [{ path: f.path, message: f.message }]
      : [],
  );
}

function validationTarget<F extends string>(err: ApiError, fields: readonly F[]): FormErrorTarget<F> | null {
  if (err.code !== 'VALIDATION_ERROR') return null;
  const issue = fieldIssues(err.details).find((i) => (fields as readonly string[]).includes(i.path));
  return issue ? { field: issue.path as F, message: issue.message } : null;
}

function common(err: unknown): FormErrorTarget<never> {
  if (!(err instanceof ApiError)) return { field: null, message: 'We could not reach RedFlag. Check your connection and try again.' };
  if (err.code === 'UNAUTHORIZED') return { field: null, message: 'Your session has ended. Sign in again, then retry.' };
  if (err.code === 'RATE_LIMITED') return { field: null, message: 'Too many attempts. Please wait a minute and try again.' };
  if (err.status >= 500) return { field: null, message: GENERIC };
  return { field: null, message: err.message || GENERIC };
}

export function changePasswordError(err: unknown): FormErrorTarget<'currentPassword' | 'newPassword'> {
  if (err instanceof ApiError) {
    if (err.code === 'invalid_credentials') return { field: 'currentPassword', message: 'Your current password is not correct.' };
    if (err.code === 'weak_password') return { field: 'newPassword', message: err.message };
    const v = validationTarget(err, ['currentPassword', 'newPassword'] as const);
    if (v) return v;
  }
  return common(err);
}

export function changeEmailError(err: unknown): FormErrorTarget<'newEmail'> {
  if (err instanceof ApiError) {
    if (err.code === 'ACCOUNT_EXISTS') return { field: 'newEmail', message: 'Another account already uses this e-mail address.' };
    if (err.code === 'VALIDATION_ERROR') return validationTarget(err, ['newEmail'] as const) ?? { field: 'newEmail', message: err.message };
    if (err.code === 'BAD_REQUEST') return { field: 'newEmail', message: err.message || 'Please enter a different e-mail address.' };
  }
  return common(err);
}
