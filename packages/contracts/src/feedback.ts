import { z } from 'zod';
import {
  evidenceSchema,
  emailAnalysisSchema,
  linkAnalysisSchema,
  phoneAnalysisSchema,
  platformSchema,
  scamTypeSchema,
} from './scan.ts';
import { storableString } from './text.ts';
import { sharedReputationSchema } from './reputation.ts';

/** "Was this right?": the three answers a person can give. */
export const feedbackLabelSchema = z.enum(['scam', 'not_scam', 'not_sure']);
export type FeedbackLabel = z.infer<typeof feedbackLabelSchema>;

export const FEEDBACK_LABELS: Record<FeedbackLabel, string> = {
  scam: 'Scam',
  not_scam: 'Not a scam',
  not_sure: 'Not sure',
};

export const FEEDBACK_NOTE_MAX_LENGTH = 1000;

/** The consent box's words: the text is used for exactly this, and only when ticked (decision 071). */
export const FEEDBACK_CONSENT_TEXT = "Use this message's text to improve RedFlag's scam detection";

/** PUT /api/scans/:id/feedback */
export const feedbackRequestSchema = z.object({
  label: feedbackLabelSchema,
  note: storableString()
    .trim()
    .max(
      FEEDBACK_NOTE_MAX_LENGTH,
      `Notes can be at most ${FEEDBACK_NOTE_MAX_LENGTH.toLocaleString('en-US')} characters`,
    )
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  consentToUseText: z.boolean().default(false),
});
export type FeedbackRequest = z.input<typeof feedbackRequestSchema>;
export type FeedbackInput = z.output<typeof feedbackRequestSchema>;

/** The feedback as stored: with the engine version and verdict it answers. */
export const feedbackSchema = z.object({
  scanId: z.string(),
  label: feedbackLabelSchema,
  note: z.string().nullable(),
  consentToUseText: z.boolean(),
  engineVersion: z.string(),
  riskScore: z.number().int(),
  scamType: z.string().nullable(),
  updatedAt: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** GET /api/scans/:id/feedback: null until the person answers. */
export const feedbackResponseSchema = z.object({ feedback: feedbackSchema.nullable() });
export type FeedbackResponse = z.infer<typeof feedbackResponseSchema>;

/** Where a shared verdict is shown (a client route; the server also answers it 200). */
export const SHARED_RESULT_PATH_PREFIX = '/r/';

/** PUT /api/scans/:id/share: creates the link (or changes what it shows; the link stays the same). */
export const shareRequestSchema = z.object({ includeMessage: z.boolean().default(false) });
export type ShareRequest = z.input<typeof shareRequestSchema>;

export const shareSchema = z.object({
  token: z.string(),
  /** Path of the public page, /r/<token>. */
  path: z.string(),
  includeMessage: z.boolean(),
  createdAt: z.string(),
});
export type Share = z.infer<typeof shareSchema>;

/** GET /api/scans/:id/share: null when there is no link (never made, or revoked). */
export const shareResponseSchema = z.object({ share: shareSchema.nullable() });
export type ShareResponse = z.infer<typeof shareResponseSchema>;

/**
 * GET /api/shared/:token: the public page's data. Without the owner's choice to include the message,
 * nothing that quotes it is here: no message, no evidence (highlights quote it), no links, phone or e-mail
 * findings (they are from the message or the person's own input).
 */
export const sharedScanSchema = z.object({
  riskScore: z.number().int().min(0).max(100),
  confidence: z.number().min(0).max(1),
  scamType: scamTypeSchema.nullable(),
  reasons: z.array(z.string()),
  reasonDetails: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      weight: z.number(),
      severity: z.enum(['high', 'medium', 'low', 'info']),
      evidence: z.array(evidenceSchema),
    }),
  ),
  advice: z.string().nullable(),
  platform: platformSchema.nullable(),
  createdAt: z.string(),
  message: z.string().nullable(),
  links: z.array(linkAnalysisSchema),
  phoneAnalysis: phoneAnalysisSchema.nullable(),
  emailAnalysis: emailAnalysisSchema.nullable(),
  /** Known-bad lists and reports from other users, without the values unless the message is included. */
  reputation: sharedReputationSchema.optional(),
});
export type SharedScan = z.infer<typeof sharedScanSchema>;

/** Share tokens are 32 random bytes in base64url: 43 characters. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
