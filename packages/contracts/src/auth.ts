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
  email: storableString({ error: 'Please enter your email address' }).trim().min(1, 'Please enter your email address').pipe(z.email('Please enter a valid email address')),
  password: storableString({ error: 'Please enter a password' }),
  firstName: optionalName,
  lastName: optionalName,
  name: storableString().trim().max(160).optional(),
  callbackURL: storableString().optional(),
});
export type SignUpBody = z.input<typeof signUpBodySchema>;

/**
 * POST /api/auth/update-user (better-auth's endpoint, checked first by our hook). Only the text check and
 * the types: better-auth applies the update as sent, so nothing here may transform a value.
 */
export const updateUserBodySchema = z.looseObject({
  name: storableString().optional(),
  firstName: storableString().nullable().optional(),
  lastName: storableString().nullable().optional(),
  image: storableString().nullable().optional(),
});

/** GET /api/auth/user (product-spec.md section 7): the signed-in user and their billing state. */
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
  /** The server's statuses (product-spec.md section 3); the client adds `loading` on its side. */
  subscriptionStatus: z.enum(['setup_required', 'processing', 'trialing', 'active', 'inactive']),
  paymentSetupComplete: z.boolean(),
});
export type AuthUserResponse = z.infer<typeof authUserSchema>;

/** The reasons a weak_password error carries in `error.details.reasons`. */
export const weakPasswordReasonSchema = z.enum(['length', 'common']);
