import { z } from 'zod';

/** POST /api/account/delete: the account's e-mail typed again to confirm (docs/design.md §3.5). */
export const deleteAccountRequestSchema = z.object({
  confirmEmail: z.string({ error: 'Type your account e-mail address to confirm deletion' }).min(1, 'Type your account e-mail address to confirm deletion'),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

export const deleteAccountResponseSchema = z.object({ deleted: z.literal(true) });
