import { z } from 'zod';

/** GET /api/config: what the client needs (docs/design.md §3.1 replaces supabaseUrl / supabaseAnonKey). */
export const publicConfigSchema = z.object({
  authBaseUrl: z.string(),
  signInMethods: z.object({
    emailPassword: z.boolean(),
    magicLink: z.boolean(),
    google: z.boolean(),
    facebook: z.boolean(),
  }),
  emailVerificationRequired: z.boolean(),
  billingProvider: z.enum(['local', 'stripe']),
  supportEmail: z.string(),
  engine: z.object({
    name: z.string(),
    version: z.string(),
    /** Measured accuracy from the engine's evaluation report (0-1), with the dataset it was measured on. */
    accuracy: z.number().nullable(),
    accuracyDataset: z.string().nullable(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
