import { Hono } from 'hono';
import { testClockRequestSchema } from '@redflag/contracts/billing';
import { requireUser } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { apiRoute } from '../http/api-route.ts';
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
 * Billing calls of docs/product.md §7. All but the webhook need a signed-in user (401 otherwise);
 * the webhook is authenticated by its signature instead.
 */
export function billingRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  apiRoute(app, 'getSubscriptionStatus', async (c) => getSubscriptionStatus(ctx, (await requireUser(c)).id));
  apiRoute(app, 'checkTrialConversion', async (c) => checkTrialConversion(ctx, (await requireUser(c)).id));
  apiRoute(app, 'getConversionPreview', async (c) => getConversionPreview(ctx, (await requireUser(c)).id));
  // Reached only by the user's click in the trial-limit dialog (or an "activate premium" button).
  apiRoute(app, 'convertTrial', async (c) => convertTrial(ctx, (await requireUser(c)).id));
  // The account page's delete flow: stop renewal here instead of sending the person to the portal first.
  apiRoute(app, 'cancelSubscription', async (c) => cancelSubscription(ctx, (await requireUser(c)).id));
  apiRoute(app, 'createCheckoutSession', async (c) => {
    const user = await requireUser(c);
    return createCheckoutSession(ctx, { id: user.id, email: user.email, name: user.name });
  });
  apiRoute(app, 'openBillingPortal', async (c) => createPortalSession(ctx, (await requireUser(c)).id));
  apiRoute(app, 'createPortalSession', async (c, req) => {
    const user = await requireUser(c);
    const { returnUrl } = await req.body();
    return createPortalSession(ctx, user.id, returnUrl);
  });

  // Not in the web app's route table: Stripe calls it, authenticated by its signature.
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
