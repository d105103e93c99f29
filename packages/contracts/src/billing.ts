import { z } from 'zod';

/**
 * Plans, trial and billing on the wire (docs/product.md sections 3 and 7; docs/design.md §4).
 * Every field is computed by the server from stored provider state; the client only displays it.
 */

export const planTierSchema = z.enum(['free', 'premium']);
export type PlanTier = z.infer<typeof planTierSchema>;

/** Stored status. `loading` is a client-only value (user not loaded yet) and never comes from the server. */
export const subscriptionStatusSchema = z.enum(['setup_required', 'processing', 'trialing', 'active', 'inactive']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** The account gate's view (docs/product.md §4, "Account gate"). */
export const computedStatusValueSchema = z.enum([
  'new',
  'setup_required',
  'trial_expired',
  'cancelled',
  'active',
  'trialing',
]);
export type ComputedStatusValue = z.infer<typeof computedStatusValueSchema>;

export const computedStatusSchema = z.object({
  status: computedStatusValueSchema,
  hasUsedTrial: z.boolean(),
});
export type ComputedStatus = z.infer<typeof computedStatusSchema>;

/** GET /api/users/plan: the plan record plus the plan view. */
export const planSchema = z.object({
  planTier: planTierSchema,
  subscriptionStatus: subscriptionStatusSchema,
  trialEndsAt: z.string().nullable(),
  isPremium: z.boolean(),
  isTrialing: z.boolean(),
  /** Rounded-up days until trialEndsAt, 0 without an end date or once it has passed. */
  trialDaysLeft: z.number().int().min(0),
  paymentSetupComplete: z.boolean(),
  computedStatus: computedStatusSchema,
  /** Next charge (trial end while trialing, period end when active); null when nothing is scheduled. */
  nextBillingDate: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** The last failed charge's message (card declined...), cleared once a charge succeeds. */
  paymentError: z.string().nullable(),
  billingProvider: z.enum(['local', 'stripe']),
});
export type Plan = z.infer<typeof planSchema>;

/** GET /api/users/scan-usage. maxScans is the trial's limit; premium users are `unlimited`. */
export const scanUsageSchema = z.object({
  planTier: planTierSchema,
  scanCount: z.number().int().min(0),
  maxScans: z.number().int().min(0),
  remaining: z.number().int().min(0).nullable(),
  unlimited: z.boolean(),
});
export type ScanUsage = z.infer<typeof scanUsageSchema>;

/** GET /api/users/trial-status. */
export const trialStatusSchema = z.object({
  daysRemaining: z.number().int().min(0),
  isExpired: z.boolean(),
  isTrialing: z.boolean(),
  trialEndsAt: z.string().nullable(),
});
export type TrialStatus = z.infer<typeof trialStatusSchema>;

/** GET /api/stripe/subscription-status (answered for either provider). */
export const subscriptionStatusResponseSchema = z.object({
  planTier: planTierSchema,
  subscriptionStatus: subscriptionStatusSchema,
  isPremium: z.boolean(),
  isTrialing: z.boolean(),
  trialEndsAt: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  computedStatus: computedStatusSchema,
});
export type SubscriptionStatusResponse = z.infer<typeof subscriptionStatusResponseSchema>;

/** POST /api/convert-trial. success false carries the reason shown under 'Conversion Failed'. */
export const conversionResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});
export type ConversionResponse = z.infer<typeof conversionResponseSchema>;

/**
 * GET /api/billing/conversion-preview: what "Activate Premium" in the trial-limit dialog would charge, to
 * which card, and when (docs/design.md §3 item 6: the dialog states amount, card and date). Nothing is
 * charged until POST /api/convert-trial. `canConvert` is false when there is no trial to convert.
 */
export const conversionPreviewSchema = z.object({
  canConvert: z.boolean(),
  amountCents: z.number().int().min(0),
  currency: z.literal('usd'),
  interval: z.literal('month'),
  /** The charge happens on the click: this is "today" on the server's clock. */
  chargeDate: z.string(),
  /** Brand and last four digits of the card on file, when the provider knows them. */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
});
export type ConversionPreview = z.infer<typeof conversionPreviewSchema>;

/**
 * GET /api/check-trial-conversion: says whether the trial is due for the user's decision (fifth scan
 * used, or time over). It never converts: conversion at the scan limit needs the user's click
 * (POST /api/convert-trial) and the trial's end is billed by the provider; conversionResult is always null.
 */
export const trialConversionCheckSchema = z.object({
  needsConversion: z.boolean(),
  conversionResult: conversionResponseSchema.nullable(),
});
export type TrialConversionCheck = z.infer<typeof trialConversionCheckSchema>;

/** POST /api/create-checkout-session. */
export const checkoutSessionResponseSchema = z.object({ checkout_url: z.string() });
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>;

/** POST /api/billing/portal and POST /api/stripe/create-portal-session. */
export const portalResponseSchema = z.object({ url: z.string() });
export type PortalResponse = z.infer<typeof portalResponseSchema>;

/** POST /api/stripe/create-portal-session body: where the portal's "return" link goes (this site only). */
export const createPortalSessionRequestSchema = z.object({
  returnUrl: z.string().max(2000).optional(),
});
export type CreatePortalSessionRequest = z.infer<typeof createPortalSessionRequestSchema>;

/** POST /api/test/clock (TEST_CLOCK=true only): moves the server's clock forward and runs due billing jobs. */
export const testClockRequestSchema = z.object({
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(400 * 24 * 60 * 60 * 1000),
});
export const testClockResponseSchema = z.object({ now: z.string() });
