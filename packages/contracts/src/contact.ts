import { z } from 'zod';
import { storableString } from './text.ts';

/** POST /api/contact (docs/product.md sections 3 and 5): all three fields required. */
export const contactRequestSchema = z.object({
  name: storableString().trim().min(1).max(200),
  email: storableString().trim().min(1).max(320).pipe(z.email()),
  message: storableString().trim().min(1).max(5000),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({ ok: z.literal(true), id: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;
