import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ContactRequest } from '@redflag/contracts/contact';
import { contactRequestSchema } from '@redflag/contracts/contact';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import { contactMail } from '../mail/templates.ts';
import { createContactRepo } from './contact.repo.ts';

/**
 * A contact message is stored, then mailed to SUPPORT_EMAIL through the outbox (so an SMTP hiccup does not
 * lose it), with the sender as Reply-To. docs/product.md §5: all three fields are required, else
 * 'Missing Information' / 'Please fill in all fields.' The message body is never logged.
 */
/**
 * The spec's wording for a contact form the schema refuses: 'Missing Information' when a field is empty,
 * else the e-mail's or the form's own message. The route calls it on the raw body before the schema parse.
 */
export function assertContactInput(input: unknown): void {
  const parsed = contactRequestSchema.safeParse(input);
  if (parsed.success) return;
  const missing = !isFilled(input, 'name') || !isFilled(input, 'email') || !isFilled(input, 'message');
  const fields = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  if (missing)
    throw new AppError('MISSING_INFORMATION', 'Please fill in all fields.', {
      details: { title: 'Missing Information', fields },
    });
  throw new AppError(
    'VALIDATION_ERROR',
    fields[0]?.path === 'email' ? 'Please enter a valid email address' : 'Please check the form and try again.',
    { details: { fields } },
  );
}

export async function submitContact(
  ctx: AppContext,
  data: z.output<typeof contactRequestSchema>,
  userId: string | null,
): Promise<{ id: string }> {
  const id = randomUUID();
  const mail = await ctx.mailer.enqueue({
    to: ctx.config.mail.supportEmail,
    replyTo: data.email,
    kind: 'contact',
    ...contactMail({ ...data, id, supportEmail: ctx.config.mail.supportEmail }),
  });
  await createContactRepo(ctx.database.db).insert({
    id,
    name: data.name,
    email: data.email,
    message: data.message,
    userId,
    mailId: mail.id,
    createdAt: ctx.clock.now(),
  });
  return { id };
}

function isFilled(input: unknown, key: keyof ContactRequest): boolean {
  if (typeof input !== 'object' || input === null) return false;
  const value = (input as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim().length > 0;
}
