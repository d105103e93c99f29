import { z } from 'zod';

/**
 * A scanned conversation (docs/product.md, "Conversations"): the turns the engine split the pasted thread or
 * chat export into, in order. `speaker` is the name or label the thread gives; `role` says whether the turn
 * is the other side's ('them') or the user's own ('me'), whose turns are never scored or used as evidence
 * (riskScore null). `start` and `end` are offsets of the turn's text in the message. `turnedAt` is the index
 * of the first of their turns scored Suspicious or worse, or null.
 */
export const conversationTurnSchema = z.object({
  speaker: z.string(),
  role: z.enum(['them', 'me']),
  /** When the thread says (as written in it, e.g. "12/03/2024, 21:15"); null for a paste without times. */
  time: z.string().nullable(),
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  riskScore: z.number().int().min(0).max(100).nullable(),
});
export type ConversationTurn = z.infer<typeof conversationTurnSchema>;

/** The formats the splitter recognises: 'labelled' is "Name: text" lines (a copy from Signal, an SMS app, or typed). */
export const CONVERSATION_FORMATS = ['whatsapp', 'telegram', 'imessage', 'labelled'] as const;
export type ConversationFormat = (typeof CONVERSATION_FORMATS)[number];

export const conversationSchema = z.object({
  format: z.enum(CONVERSATION_FORMATS),
  turns: z.array(conversationTurnSchema),
  turnedAt: z.number().int().min(0).nullable(),
  /** Where the user stands now, from what the other side has asked for so far. */
  standing: z.string().nullable(),
  /**
   * True when the chat had too many different messages to score one by one within the engine's budget: it was
   * read as a whole (the other side's latest words), so no turn has a score of its own and none is "where it
   * turned". Absent otherwise.
   */
  readWhole: z.literal(true).optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** The most turns one scan reads; a longer export keeps its latest turns. */
export const MAX_CONVERSATION_TURNS = 2000;
