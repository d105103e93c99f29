import { z } from 'zod';

/** POST /api/contact (product-spec.md sections 3 and 5): all three fields required. */
export const contactRequestSchema = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.string().trim().min(1).max(320).pipe(z.email()),
  message: z.string().trim().min(1).max(5000),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({ ok: z.literal(true), id: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;
