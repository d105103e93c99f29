import { z } from 'zod';

/**
 * What only the person holding the phone knows about a message (docs/product.md, "Questions"): whether they
 * know the sender outside this chat, who reached whom first, and what the chat has led to. Each answer is a
 * yes/no; an unanswered question is absent. Unknown fields are refused (422), so a misspelt answer is not
 * silently dropped.
 */
export const CONTEXT_KEYS = [
  'knowsSender',
  'contactedFirst',
  'movedApps',
  'mentionedInvestment',
  'askedForMoney',
] as const;
export type ContextKey = (typeof CONTEXT_KEYS)[number];

export const scanContextSchema = z.strictObject({
  knowsSender: z.boolean().optional(),
  contactedFirst: z.boolean().optional(),
  movedApps: z.boolean().optional(),
  mentionedInvestment: z.boolean().optional(),
  askedForMoney: z.boolean().optional(),
});
export type ScanContext = z.infer<typeof scanContextSchema>;

/** The question the result page asks for each answer, as a yes/no. */
export const CONTEXT_QUESTIONS: Record<ContextKey, string> = {
  knowsSender: 'Do you know this sender outside this chat?',
  contactedFirst: 'Did you reach out to them first?',
  movedApps: 'Have they asked you to move to another app?',
  mentionedInvestment: 'Have they mentioned an investment, a trading platform or crypto?',
  askedForMoney: 'Have they asked you for money, gift cards, a code or remote access?',
};

/** The most questions one result asks. */
export const MAX_CONTEXT_QUESTIONS = 3;

/** PATCH /api/scans/:id and PATCH /v1/scans/:id: the answers given later (replacing the earlier ones). */
export const scanContextPatchSchema = z.strictObject({ context: scanContextSchema });
export type ScanContextPatch = z.infer<typeof scanContextPatchSchema>;
