import { z } from 'zod';

/** Names are optional, trimmed, and empty means absent. */
const optionalName = z
  .string()
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
  email: z.string({ error: 'Please enter your email address' }).trim().min(1, 'Please enter your email address').pipe(z.email('Please enter a valid email address')),
  password: z.string({ error: 'Please enter a password' }),
  firstName: optionalName,
  lastName: optionalName,
  name: z.string().trim().max(160).optional(),
  callbackURL: z.string().optional(),
});
export type SignUpBody = z.input<typeof signUpBodySchema>;

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
