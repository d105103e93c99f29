import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * A local fake of the few Stripe API endpoints the Stripe provider calls, for tests: the real `stripe` SDK
 * is pointed at it (STRIPE_API_BASE) and talks to it exactly as to Stripe (form-encoded requests, JSON
 * answers, Stripe's error shape). Listens on 127.0.0.1 only. Tests drive the "Stripe side" (a customer
 * completing Checkout, Stripe billing at the trial end) through its methods and sign webhooks themselves.
 */

type Status = 'trialing' | 'active' | 'past_due' | 'canceled';

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: Status;
  created: number;
  trial_start: number | null;
  trial_end: number | null;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  latest_invoice: string | null;
  /** The card Checkout collected (always a test Visa ending in 4242 here). */
  default_payment_method: string | null;
  items: {
    object: 'list';
    data: Array<{
      id: string;
      object: 'subscription_item';
      current_period_start: number;
      current_period_end: number;
      price: { id: string };
    }>;
  };
  metadata: Record<string, string>;
}

interface FakeInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  subscription: string;
  status: 'paid' | 'open';
  amount_due: number;
  amount_paid: number;
  attempt_count: number;
  status_transitions: { paid_at: number | null };
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
}

const MONTH_S = 30 * 24 * 60 * 60;

export class FakeStripe {
  readonly customers = new Map<string, { id: string; email: string; metadata: Record<string, string> }>();
  readonly sessions = new Map<string, { id: string; customer: string; params: Record<string, string> }>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly invoices = new Map<string, FakeInvoice>();
  readonly requests: FakeStripeRequest[] = [];
  /** Customers whose card fails when charged (the 4000 0000 0000 0341 behaviour). */
  readonly failingCustomers = new Set<string>();
  private readonly idempotent = new Map<string, unknown>();
  private server: Server | null = null;
  nowS = Math.floor(Date.now() / 1000);
  url = '';

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) =>
        this.send(res, 500, { error: { type: 'api_error', message: String(err) } }),
      );
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private id(prefix: string) {
    return `${prefix}_${randomBytes(8).toString('hex')}`;
  }

  private send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': this.id('req') });
    res.end(JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const params: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) params[k] = v;
    for (const [k, v] of url.searchParams) params[k] = v;
    const method = req.method ?? 'GET';
    this.requests.push({ method, path: url.pathname, params });
    if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
      return this.send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const key = req.headers['idempotency-key'];
    if (method === 'POST' && typeof key === 'string' && url.pathname === '/v1/customers' && this.idempotent.has(key)) {
      return this.send(res, 200, this.idempotent.get(key));
    }
    const [status, body] = this.route(method, url.pathname, params);
    if (method === 'POST' && typeof key === 'string' && url.pathname === '/v1/customers')
      this.idempotent.set(key, body);
    return this.send(res, status, body);
  }

  private route(method: string, path: string, p: Record<string, string>): [number, unknown] {
    const notFound: [number, unknown] = [
      404,
      { error: { type: 'invalid_request_error', message: `No such resource: ${path}` } },
    ];
    if (method === 'POST' && path === '/v1/customers') {
      const metadata: Record<string, string> = {};
      for (const [k, v] of Object.entries(p)) if (k.startsWith('metadata[')) metadata[k.slice(9, -1)] = v;
      const c = { id: this.id('cus'), object: 'customer', email: p.email ?? '', metadata };
      this.customers.set(c.id, c);
      return [200, c];
    }
    if (method === 'GET' && path === '/v1/prices') {
      return [
        200,
        {
          object: 'list',
          data: [{ id: 'price_lookup', object: 'price', lookup_key: p['lookup_keys[0]'] }],
          has_more: false,
          url: '/v1/prices',
        },
      ];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (p.mode !== 'subscription' || !p.customer || !this.customers.has(p.customer))
        return [400, { error: { type: 'invalid_request_error', message: 'bad checkout request' } }];
      const s = {
        id: this.id('cs_test'),
        object: 'checkout.session',
        customer: p.customer,
        mode: 'subscription',
        url: '',
        params: p,
      };
      s.url = `https://checkout.stripe.test/c/pay/${s.id}`;
      this.sessions.set(s.id, s);
      return [200, s];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!p.customer || !this.customers.has(p.customer)) return notFound;
      return [
        200,
        {
          id: this.id('bps'),
          object: 'billing_portal.session',
          customer: p.customer,
          return_url: p.return_url,
          url: `https://billing.stripe.test/p/session/${this.id('x')}`,
        },
      ];
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const expand = Object.entries(p)
        .filter(([k]) => k.startsWith('expand['))
        .map(([, v]) => v);
      const data = [...this.subscriptions.values()]
        .filter((s) => s.customer === p.customer)
        .sort((a, b) => b.created - a.created)
        .map((s) => ({
          ...s,
          ...(expand.includes('data.latest_invoice') && s.latest_invoice
            ? { latest_invoice: this.invoices.get(s.latest_invoice) }
            : {}),
          ...(expand.includes('data.default_payment_method') && s.default_payment_method
            ? {
                default_payment_method: {
                  id: s.default_payment_method,
                  object: 'payment_method',
                  type: 'card',
                  card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2039 },
                },
              }
            : {}),
        }));
      return [200, { object: 'list', data, has_more: false, url: '/v1/subscriptions' }];
    }
    const subMatch = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
    if (subMatch?.[1]) {
      const sub = this.subscriptions.get(subMatch[1]);
      if (!sub) return notFound;
      if (method === 'GET') return [200, sub];
      if (method === 'DELETE') {
        if (sub.status === 'canceled')
          return [400, { error: { type: 'invalid_request_error', message: 'This subscription is already canceled.' } }];
        sub.status = 'canceled';
        sub.cancel_at_period_end = false;
        return [200, sub];
      }
      if (method === 'POST') {
        if (p.trial_end === 'now') {
          if (sub.status !== 'trialing')
            return [400, { error: { type: 'invalid_request_error', message: 'The subscription is not in a trial.' } }];
          if (this.failingCustomers.has(sub.customer) && p.payment_behavior === 'error_if_incomplete') {
            return [
              402,
              {
                error: {
                  type: 'card_error',
                  code: 'card_declined',
                  decline_code: 'generic_decline',
                  message: 'Your card was declined.',
                },
              },
            ];
          }
          this.chargeNow(sub);
        }
        if (p.cancel_at_period_end !== undefined) sub.cancel_at_period_end = p.cancel_at_period_end === 'true';
        const expanded =
          p['expand[0]'] === 'latest_invoice' && sub.latest_invoice
            ? { ...sub, latest_invoice: this.invoices.get(sub.latest_invoice) }
            : sub;
        return [200, expanded];
      }
    }
    return notFound;
  }

  private chargeNow(sub: FakeSubscription) {
    const now = this.nowS;
    const paid = !this.failingCustomers.has(sub.customer);
    const inv: FakeInvoice = {
      id: this.id('in'),
      object: 'invoice',
      customer: sub.customer,
      subscription: sub.id,
      status: paid ? 'paid' : 'open',
      amount_due: 999,
      amount_paid: paid ? 999 : 0,
      attempt_count: 1,
      status_transitions: { paid_at: paid ? now : null },
    };
    this.invoices.set(inv.id, inv);
    sub.latest_invoice = inv.id;
    sub.trial_end = sub.status === 'trialing' ? now : sub.trial_end;
    sub.status = paid ? 'active' : 'past_due';
    const item = sub.items.data[0];
    if (item) {
      item.current_period_start = now;
      item.current_period_end = now + MONTH_S;
    }
  }

  // --- The "Stripe side", driven by tests -------------------------------------------------------------

  /** A customer completes a Checkout session: the subscription Stripe would create. */
  completeCheckout(sessionId: string): FakeSubscription {
    const s = this.sessions.get(sessionId);
    if (!s) throw new Error(`no session ${sessionId}`);
    const now = this.nowS;
    const trialDays = s.params['subscription_data[trial_period_days]'];
    const trialEnd = trialDays ? now + Number(trialDays) * 86400 : null;
    const sub: FakeSubscription = {
      id: this.id('sub'),
      object: 'subscription',
      customer: s.customer,
      status: trialEnd ? 'trialing' : 'active',
      created: now,
      trial_start: trialEnd ? now : null,
      trial_end: trialEnd,
      cancel_at_period_end: false,
      cancel_at: null,
      latest_invoice: null,
      default_payment_method: this.id('pm'),
      items: {
        object: 'list',
        data: [
          {
            id: this.id('si'),
            object: 'subscription_item',
            current_period_start: now,
            current_period_end: trialEnd ?? now + MONTH_S,
            price: { id: s.params['line_items[0][price]'] ?? '' },
          },
        ],
      },
      metadata: {},
    };
    this.subscriptions.set(sub.id, sub);
    if (!trialEnd) this.chargeNow(sub);
    return sub;
  }

  /** Stripe billing at the trial's end by itself. */
  endTrial(subId: string) {
    const sub = this.subscriptions.get(subId);
    if (sub) this.chargeNow(sub);
  }

  cancel(subId: string) {
    const sub = this.subscriptions.get(subId);
    if (sub) {
      sub.status = 'canceled';
      sub.cancel_at_period_end = false;
    }
  }
}

/** A Stripe event as Stripe would send it for an object. */
export function fakeEvent(type: string, object: unknown, id = `evt_${randomBytes(8).toString('hex')}`) {
  return {
    id,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: null,
    data: { object },
  };
}

/** The webhook secret the Stripe test apps below are configured with. */
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_test_secret';

/** A fake Stripe on a loopback port and the real app configured for the Stripe provider against it. */
export async function createStripeTestApp(): Promise<{ fake: FakeStripe; t: TestApp; close(): Promise<void> }> {
  const fake = new FakeStripe();
  const base = await fake.start();
  const t = await createTestApp({
    BILLING_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
    STRIPE_PRICE_ID: 'price_premium_monthly',
    STRIPE_API_BASE: base,
  });
  return {
    fake,
    t,
    async close() {
      await t.close();
      await fake.stop();
    },
  };
}

/**
 * POSTs an event to the app's Stripe webhook, signed as Stripe signs it (or with another secret, a given
 * signature, none at all with `signature: null`, or a body altered after signing with `tamper`).
 */
export function postSignedWebhook(
  t: TestApp,
  event: unknown,
  opts: { secret?: string; signature?: string | null; tamper?: boolean } = {},
): Promise<Response> {
  const payload = JSON.stringify(event);
  const signature =
    opts.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? STRIPE_TEST_WEBHOOK_SECRET })
      : opts.signature;
  const body = opts.tamper ? payload.replace('"livemode":false', '"livemode":true') : payload;
  return t.request('/api/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body,
  });
}
