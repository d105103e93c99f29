import { classifyError, type ClassifiedError } from '@/lib/errors';

/**
 * Where an error from the account forms is shown: under one field, or under the form. The forms keep what
 * was typed either way (errors never clear a form). The kind of error comes from the app's one
 * classifier (lib/errors.ts); this adds only the field it belongs under and the account pages' wording.
 * Pure, so every mapping is tested.
 */
export type FormErrorTarget<F extends string> = { field: F; message: string } | { field: null; message: string };

const GENERIC = 'Something went wrong. Nothing was changed. Please try again.';

function fieldIssues(details: unknown): Array<{ path: string; message: string }> {
  if (typeof details !== 'object' || details === null || !('fields' in details) || !Array.isArray(details.fields))
    return [];
  return details.fields.flatMap((f: unknown) =>
    typeof f === 'object' &&
    f !== null &&
    'path' in f &&
    'message' in f &&
    typeof f.path === 'string' &&
    typeof f.message === 'string'
      ? [{ path: f.path, message: f.message }]
      : [],
  );
}

function validationTarget<F extends string>(c: ClassifiedError, fields: readonly F[]): FormErrorTarget<F> | null {
  if (c.code !== 'VALIDATION_ERROR') return null;
  const issue = fieldIssues(c.details).find((i) => (fields as readonly string[]).includes(i.path));
  return issue ? { field: issue.path as F, message: issue.message } : null;
}

/**
 * Why an account action failed, in words a person can act on: the server's own 4xx message, or the
 * classifier's description when there is none to show (no answer, a 5xx, an answer outside the contract).
 */
export function failureReason(err: unknown, fallback = GENERIC): string {
  const c = classifyError(err);
  if (c.kind === 'network' || c.kind === 'invalid_response') return `${c.description} ${c.suggestion}`;
  return c.serverMessage || fallback;
}

function common(err: unknown): FormErrorTarget<never> {
  const c = classifyError(err);
  if (c.kind === 'network')
    return { field: null, message: 'We could not reach RedFlag. Check your connection and try again.' };
  if (c.kind === 'unauthorized') return { field: null, message: 'Your session has ended. Sign in again, then retry.' };
  if (c.kind === 'rate_limited')
    return { field: null, message: 'Too many attempts. Please wait a minute and try again.' };
  return { field: null, message: failureReason(err) };
}

export function changePasswordError(err: unknown): FormErrorTarget<'currentPassword' | 'newPassword'> {
  const c = classifyError(err);
  if (c.kind === 'invalid_credentials')
    return { field: 'currentPassword', message: 'Your current password is not correct.' };
  if (c.kind === 'weak_password') return { field: 'newPassword', message: c.description };
  return validationTarget(c, ['currentPassword', 'newPassword'] as const) ?? common(err);
}

export function changeEmailError(err: unknown): FormErrorTarget<'newEmail'> {
  const c = classifyError(err);
  if (c.kind === 'account_exists')
    return { field: 'newEmail', message: 'Another account already uses this e-mail address.' };
  if (c.code === 'VALIDATION_ERROR')
    return validationTarget(c, ['newEmail'] as const) ?? { field: 'newEmail', message: c.serverMessage || GENERIC };
  if (c.code === 'BAD_REQUEST')
    return { field: 'newEmail', message: c.serverMessage || 'Please enter a different e-mail address.' };
  return common(err);
}
