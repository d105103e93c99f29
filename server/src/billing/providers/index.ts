import type { Config } from '../../config.ts';
import { createLocalProvider } from './local.ts';
import { createStripeProvider } from './stripe.ts';
import type { BillingProvider } from './types.ts';

/**
 * The one place a provider is chosen: config.billing.provider (BILLING_PROVIDER, or Stripe when its key is
 * set). Called once per app by createContext (server/src/context.ts); everything else reads ctx.billing.
 */
export function createBillingProvider(config: Pick<Config, 'billing' | 'publicUrl'>): BillingProvider {
  if (config.billing.provider === 'stripe') {
    const s = config.billing.stripe;
    if (!s) throw new Error('BILLING_PROVIDER=stripe without STRIPE_SECRET_KEY (config.ts refuses this)');
    return createStripeProvider(s);
  }
  return createLocalProvider(config.publicUrl);
}
