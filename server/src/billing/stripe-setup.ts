import { PREMIUM_PRICE_CENTS } from '@redflag/contracts/constants';
import { ConfigError, loadConfig } from '../config.ts';
import { createStripeClient, PRICE_LOOKUP_KEY } from './providers/stripe.ts';

/**
 * `node --import tsx server/src/billing/stripe-setup.ts` (npm run stripe:setup): creates the RedFlag
 * Premium product and its $9.99/month price in the Stripe account of STRIPE_SECRET_KEY, once. The price
 * carries the lookup key the provider finds it by, so STRIPE_PRICE_ID is optional afterwards.
 */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const settings = config.billing.stripe;
  if (!settings) {
    console.error('STRIPE_SECRET_KEY is not set.');
    process.exit(1);
  }
  const stripe = createStripeClient(settings);
  const existing = await stripe.prices.list({ lookup_keys: [PRICE_LOOKUP_KEY], active: true, limit: 1 });
  const found = existing.data[0];
  if (found) {
    console.log(`The price already exists: ${found.id} (lookup key ${PRICE_LOOKUP_KEY}).`);
    return;
  }
  const product = await stripe.products.create({
    name: 'RedFlag Premium',
    description: 'Unlimited scam analysis, phone and e-mail verification.',
  });
  const price = await stripe.prices.create({
    product: product.id,
    currency: 'usd',
    unit_amount: PREMIUM_PRICE_CENTS,
    recurring: { interval: 'month' },
    lookup_key: PRICE_LOOKUP_KEY,
  });
  console.log(`Created ${product.id} and price ${price.id} ($9.99/month). Optionally set STRIPE_PRICE_ID=${price.id}.`);
}

main().catch((err: unknown) => {
  console.error('stripe:setup failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
