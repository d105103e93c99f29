import { Hono } from 'hono';
import { createPortalSessionRequestSchema, testClockRequestSchema } from '@redflag/contracts/billing';
import { requireUser } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import type { AppEnv } from '../http/types.ts';
import { parseJson } from '../http/validate.ts';
import {
  cancelSubscription,
  checkTrialConversion,
  convertTrial,
  createCheckoutSession,
  createPortalSession,
  getConversionPreview,
  getSubscriptionStatus,
  handleStripeWebhook,
} from './billing.service.ts';
import { runBillingJobs } from './jobs.ts';

/**
 * Billing calls of product-spec.md section 7. All but the webhook need a signed-in user (401 otherwise);
 * the webhook is authenticated by its signature instead.
 */
export function billingRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  app.get('/api/stripe/subscription-status', async (c) => {
    const user = await requireUser(c);
    return c.json(await getSubscriptionStatus(ctx, user.id));
  });

  app.get('/api/check-trial-conversion', async (c) => {
    const user = await requireUser(c);
    return c.json(await checkTrialConversion(ctx, user.id));
  });

  app.get('/api/billing/conversion-preview', async (c) => {
    const user = await requireUser(c);
    return c.json(await getConversionPreview(ctx, user.id));
  });

  // Reached only by the user's click in the trial-limit dialog (or an "activate premium" button).
  app.post('/api/convert-trial', async (c) => {
    const user = await requireUser(c);
    return c.json(await convertTrial(ctx, user.id));
  });

  // The account page's delete flow: stop renewal here instead of sending the person to the portal first.
  app.post('/api/billing/cancel', async (c) => {
    const user = await requireUser(c);
    return c.json(await cancelSubscription(ctx, user.id));
  });

  app.post('/api/create-checkout-session', async (c) => {
    const user = await requireUser(c);
    return c.json(await createCheckoutSession(ctx, { id: user.id, email: user.email, name: user.name }));
  });

  app.post('/api/billing/portal', async (c) => {
    const user = await requireUser(c);
    return c.json(await createPortalSession(ctx, user.id));
  });

  app.post('/api/stripe/create-portal-session', async (c) => {
    const user = await requireUser(c);
    const body = await parseJson(c, createPortalSessionRequestSchema);
    return c.json(await createPortalSession(ctx, user.id, body.returnUrl));
  });

  app.post('/api/stripe/webhook', async (c) => {
    // The signature covers the exact bytes Stripe sent: read the raw text, never a re-serialised JSON.
    const raw = await c.req.text();
    return c.json(await handleStripeWebhook(ctx, raw, c.req.header('stripe-signature')));
  });

  if (ctx.config.testClock) {
    // Test-only (TEST_CLOCK=true, refused in production): move time forward, then run what became due.
    app.post('/api/test/clock', async (c) => {
      const body = await parseJson(c, testClockRequestSchema);
      ctx.clock.advance(body.advanceMs);
      await runBillingJobs(ctx);
      return c.json({ now: ctx.clock.now().toISOString() });
    });
  }

  return app;
}
