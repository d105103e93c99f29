import { z } from 'zod';
import { signUpBodySchema } from '@redflag/contracts/auth';
import { MIN_PASSWORD_LENGTH } from '@redflag/contracts/constants';

/**
 * The accounts forms' schemas, built from the contract the server checks sign-up against
 * (packages/contracts/src/auth.ts), so the browser and the server agree on what a valid address is.
 * The server still decides what a weak password is (length and the common-password list); the length is
 * checked here too so it is caught before a round trip.
 */
const email = signUpBodySchema.shape.email;

export const signInFormSchema = z.object({
  email,
  // docs/product.md §5: both fields are required to sign in.
  password: z.string().min(1, 'Please enter your password'),
});
export type SignInFormInput = z.input<typeof signInFormSchema>;

export const signUpFormSchema = signUpBodySchema.pick({ email: true, firstName: true, lastName: true }).extend({
  password: signUpBodySchema.shape.password.min(
    MIN_PASSWORD_LENGTH,
    `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  ),
});
export type SignUpFormInput = z.input<typeof signUpFormSchema>;

/** QUICK RECOVERY and "send a new verification link": one address. */
export const emailOnlyFormSchema = z.object({ email });
export type EmailOnlyFormInput = z.input<typeof emailOnlyFormSchema>;

/** Choose your password, after the verification link (decision 107): the sign-up form's password rule. */
export const choosePasswordFormSchema = signUpFormSchema.pick({ password: true });
export type ChoosePasswordFormInput = z.input<typeof choosePasswordFormSchema>;
