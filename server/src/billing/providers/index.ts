import type { Config } from '../../config.ts';
import { createLocalProvider } from './local.ts';
import { createStripeProvider } from './stripe.ts';
import type { BillingProvider } from './types.ts';

/**
 * The one place a provider is chosen: config.billing.provider (BILLING_PROVIDER, or Stripe when its key is
 * set). One instance per app, kept beside its config.
 */
const providers = new WeakMap<Config, BillingProvider>();

export function getBillingProvider(config: Config): BillingProvider {
  let provider = providers.get(config);
  if (!provider) {
    if (config.billing.provider === 'stripe') {
      const s = config.billing.stripe;
      if (!s) throw new Error('BILLING_PROVIDER=stripe without STRIPE_SECRET_KEY (config.ts refuses this)');
      provider = createStripeProvider(s);
    } else {
      provider = createLocalProvider(config.publicUrl);
    }
    providers.set(config, provider);
  }
  return provider;
}
