import { z } from 'zod';
import { platformSchema } from './scan.ts';

/** docs/product.md §7: the analytics events the client sends (stored first-party, docs/design.md 2). */
export const ANALYTICS_EVENTS = [
  'scan_completed',
  'scam_detected',
  'potential_scam_detected',
  'legitimate_message',
  'scan_attempt_unauthenticated',
  'premium_feature_attempt',
  'premium_feature_interaction',
  'scan_initiated',
  'upgrade_click',
] as const;

/**
 * Only these properties are accepted: counts, flags and verdicts, never the message, phone or e-mail.
 * The object is strict, so a client that tries to send text gets a 422 instead of having it stored.
 */
export const analyticsEventSchema = z.object({
  name: z.enum(ANALYTICS_EVENTS),
  properties: z
    .object({
      riskScore: z.number().int().min(0).max(100).optional(),
      confidence: z.number().min(0).max(1).optional(),
      scamType: z
        .string()
        .max(40)
        .regex(/^[a-z_]+$/)
        .optional(),
      platform: platformSchema.optional(),
      feature: z.enum(['phone', 'email']).optional(),
      source: z
        .string()
        .max(40)
        .regex(/^[a-z0-9_-]+$/i)
        .optional(),
      hasPhone: z.boolean().optional(),
      hasEmail: z.boolean().optional(),
      messageLength: z.number().int().min(0).max(100_000).optional(),
    })
    .strict()
    .default({}),
});
export type AnalyticsEvent = z.input<typeof analyticsEventSchema>;
