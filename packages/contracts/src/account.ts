import { z } from 'zod';

/** POST /api/account/delete: the account's e-mail typed again to confirm (docs/design.md §3.5). */
export const deleteAccountRequestSchema = z.object({
  confirmEmail: z
    .string({ error: 'Type your account e-mail address to confirm deletion' })
    .min(1, 'Type your account e-mail address to confirm deletion'),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

export const deleteAccountResponseSchema = z.object({ deleted: z.literal(true) });

/**
 * GET /api/account/export: everything stored about the person, as one JSON document (its parts are listed in
 * docs/design.md §3.5). Only its envelope is fixed here; the parts follow the database.
 */
export const accountExportSchema = z.looseObject({ exportedAt: z.string() });
export type AccountExport = z.infer<typeof accountExportSchema>;
