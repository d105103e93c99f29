import { z } from 'zod';
import { storableString } from './text.ts';

/** Names are optional, trimmed, and empty means absent. */
const optionalName = storableString()
  .trim()
  .max(80, 'Names can be at most 80 characters')
  .optional()
  .nullable()
  .transform((v) => (v ? v : undefined));

/**
 * POST /api/auth/sign-up/email as RedFlag accepts it (better-auth's endpoint, checked first by our hook):
 * e-mail required and valid, password checked for length and commonness on the server (weak_password).
 */
export const signUpBodySchema = z.object({
  email: storableString({ error: 'Please enter your email address' })
    .trim()
    .min(1, 'Please enter your email address')
    .pipe(z.email('Please enter a valid email address')),
  password: storableString({ error: 'Please enter a password' }),
  firstName: optionalName,
  lastName: optionalName,
  name: storableString().trim().max(160).optional(),
  callbackURL: storableString().optional(),
});
export type SignUpBody = z.input<typeof signUpBodySchema>;

/** A name on update: trimmed, at most 80 characters like sign-up; empty or null clears it. */
const updatedName = storableString({ error: 'Names must be text' })
  .trim()
  .max(80, 'Names can be at most 80 characters')
  .nullable()
  .transform((v) => (v ? v : null))
  .optional();

/**
 * POST /api/auth/update-user as RedFlag accepts it (better-auth's endpoint, checked first by our hook, which
 * hands better-auth the parsed body): the names only, as on sign-up. Any other field (image, email,
 * emailVerified, createdAt...) is refused; the e-mail changes through /api/auth/change-email.
 */
export const updateUserBodySchema = z.strictObject(
  {
    firstName: updatedName,
    lastName: updatedName,
    name: storableString({ error: 'Names must be text' })
      .trim()
      .max(160, 'The full name can be at most 160 characters')
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? 'Only the first and last name can be changed here' : undefined,
  },
);
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

/**
 * POST /api/auth/change-password (better-auth's endpoint, checked first by our hook): the new password is
 * then checked by the password rules on the server (weak_password, decision 048).
 */
export const changePasswordBodySchema = z.strictObject({
  currentPassword: storableString({ error: 'Please enter your current password' }).min(
    1,
    'Please enter your current password',
  ),
  newPassword: storableString({ error: 'Please enter a new password' }),
  revokeOtherSessions: z.boolean().optional(),
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** POST /api/auth/change-email: a link goes to the current address, then one to the new address. */
export const changeEmailBodySchema = z.strictObject({
  newEmail: storableString({ error: 'Please enter your new email address' })
    .trim()
    .min(1, 'Please enter your new email address')
    .max(254, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
  callbackURL: storableString().optional(),
});
export type ChangeEmailBody = z.input<typeof changeEmailBodySchema>;

/** GET /api/auth/user (docs/product.md §7): the signed-in user and their billing state. */
export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  name: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The server's statuses (docs/product.md §3); the client adds `loading` on its side. */
  subscriptionStatus: z.enum(['setup_required', 'processing', 'trialing', 'active', 'inactive']),
  paymentSetupComplete: z.boolean(),
});
export type AuthUserResponse = z.infer<typeof authUserSchema>;

/**
 * The reasons a weak_password error carries in `error.details.reasons`: too short or too long, spaces or
 * one character repeated, a common password, the account's e-mail address (decision 048).
 */
export const weakPasswordReasonSchema = z.enum(['length', 'repetitive', 'common', 'email']);
export type WeakPasswordReason = z.infer<typeof weakPasswordReasonSchema>;

/**
 * GET /api/auth/get-session (better-auth's endpoint): the session and its user, or null when signed out.
 * Loose objects: better-auth adds fields of its own, and the client reads only these.
 */
export const sessionResponseSchema = z
  .object({
    session: z.looseObject({ id: z.string(), expiresAt: z.string() }),
    user: z.looseObject({
      id: z.string(),
      email: z.string(),
      name: z.string().nullish(),
      image: z.string().nullish(),
      firstName: z.string().nullish(),
      lastName: z.string().nullish(),
      emailVerified: z.boolean().optional(),
    }),
  })
  .nullable();
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** GET /api/auth/list-accounts (better-auth): one row per sign-in method; `credential` is the password. */
export const linkedAccountListSchema = z.array(z.looseObject({ providerId: z.string() }));

/** POST /api/auth/change-email and /api/auth/change-password (better-auth): the client reads nothing of the answer. */
export const authActionResponseSchema = z.looseObject({});
