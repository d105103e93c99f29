import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import {
  PREMIUM_PRICE_LABEL,
  TRIAL_DAYS,
  TRIAL_SCAN_LIMIT,
  TRIAL_TERMS,
  TRIAL_WARNING_DAYS,
} from '@redflag/contracts/constants';
import { getOptionalUser } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import type { AppEnv } from '../http/types.ts';
import {
  cancelCheckout,
  getCheckoutPage,
  getPortalPage,
  localProviderEnabled,
  submitCheckout,
  submitPortalAction,
} from './local-billing.service.ts';
import type { CardInput } from './providers/local.ts';

/**
 * The built-in test provider's hosted-style pages: a checkout and a billing portal served by the app,
 * clearly marked TEST MODE. Plain HTML forms that POST back here, so they work under the app's CSP (no
 * scripts at all). Both pages belong to the signed-in user who created the session; anyone else gets a 404.
 * Mounted only when the local provider is the billing provider, and then (app.ts, config.billing.testPages)
 * dev-only, for loopback clients of a local PUBLIC_URL, unless ALLOW_TEST_BILLING_IN_PRODUCTION makes them
 * public (docs/decisions/044-safe-by-default.md).
 */

type Page = HtmlEscapedString | Promise<HtmlEscapedString>;

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#111827}
.test-banner{background:#facc15;color:#111827;text-align:center;font-weight:700;padding:.6rem 1rem;letter-spacing:.02em}
main{max-width:34rem;margin:2rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #e5e7eb;border-radius:.75rem;padding:1.5rem;margin-bottom:1rem;box-shadow:0 1px 2px rgba(0,0,0,.04)}
h1{font-size:1.4rem;margin:0 0 .25rem}h2{font-size:1.05rem;margin:0 0 .75rem}
.muted{color:#4b5563;font-size:.92rem}.price{font-size:1.1rem;font-weight:600;margin:.25rem 0 1rem}
label{display:block;font-weight:600;font-size:.9rem;margin:.75rem 0 .25rem}
input{width:100%;padding:.6rem .7rem;border:1px solid #9ca3af;border-radius:.5rem;font-size:1rem}
input:focus{outline:3px solid #2563eb;outline-offset:1px}input[aria-invalid="true"]{border-color:#dc2626}
.row{display:flex;gap:.75rem}.row>div{flex:1}
button,.button{display:inline-block;margin-top:1rem;padding:.65rem 1.1rem;border-radius:.5rem;border:0;background:#dc2626;color:#fff;font-weight:700;font-size:1rem;cursor:pointer;text-decoration:none}
button.secondary,.button.secondary{background:#fff;color:#111827;border:1px solid #9ca3af}
.error{background:#fef2f2;border:1px solid #fca5a5;color:#991b1b;padding:.6rem .8rem;border-radius:.5rem;margin-bottom:.75rem}
.notice{background:#ecfdf5;border:1px solid #6ee7b7;color:#065f46;padding:.6rem .8rem;border-radius:.5rem;margin-bottom:.75rem}
table{width:100%;border-collapse:collapse;font-size:.92rem}th,td{text-align:left;padding:.4rem .3rem;border-bottom:1px solid #e5e7eb}
code{background:#f3f4f6;padding:.05rem .3rem;border-radius:.25rem}ul{padding-left:1.1rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem;margin:0}dt{color:#4b5563}dd{margin:0;font-weight:600}
`;

function layout(title: string, body: Page): Page {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <title>${title} · TEST MODE · RedFlag</title>
        <style>
          ${STYLE}
        </style>
      </head>
      <body>
        <div class="test-banner" role="note">TEST MODE — nothing is charged</div>
        <main>${body}</main>
      </body>
    </html>`;
}

const formatDate = (d: Date | null) =>
  d ? d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }) : '—';
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

type CardField = 'number' | 'expiry' | 'cvc';

/**
 * What was typed, shown again after a refusal (a declined card used to clear every
 * field). The number and expiry come back as typed; the security code never does (it is not written back
 * into a page) and is asked again. The field the refusal is about is marked invalid and takes the focus.
 */
interface CardFormState {
  typed: Pick<CardInput, 'number' | 'expiry'>;
  invalid: CardField | null;
}

const EMPTY_CARD_FORM: CardFormState = { typed: { number: '', expiry: '' }, invalid: null };

/** The field a refusal's message is about, for the portal's card form (its result names none). */
function fieldOfMessage(message: string): CardField {
  if (/expiration/i.test(message)) return 'expiry';
  if (/security code/i.test(message)) return 'cvc';
  return 'number';
}

function cardFields(idPrefix: string, { typed, invalid }: CardFormState = EMPTY_CARD_FORM): Page {
  const state = (field: CardField) =>
    invalid === field ? html` aria-invalid="true" aria-describedby="${idPrefix}-error" autofocus` : '';
  return html`<label for="${idPrefix}-number">Card number</label>
    <input
      id="${idPrefix}-number"
      name="number"
      inputmode="numeric"
      autocomplete="cc-number"
      placeholder="4242 4242 4242 4242"
      required
      value="${typed.number}"
      ${state('number')}
    />
    <div class="row">
      <div>
        <label for="${idPrefix}-expiry">Expiry (MM/YY)</label>
        <input
          id="${idPrefix}-expiry"
          name="expiry"
          autocomplete="cc-exp"
          placeholder="12/34"
          required
          value="${typed.expiry}"
          ${state('expiry')}
        />
      </div>
      <div>
        <label for="${idPrefix}-cvc">CVC</label>
        <input
          id="${idPrefix}-cvc"
          name="cvc"
          inputmode="numeric"
          autocomplete="cc-csc"
          placeholder="123"
          required${state('cvc')}
        />
      </div>
    </div>`;
}

const testCards = html`<div class="card">
  <h2>Test cards</h2>
  <ul class="muted">
    <li><code>4242 4242 4242 4242</code> succeeds</li>
    <li><code>4000 0000 0000 0002</code> is declined</li>
    <li><code>4000 0000 0000 0341</code> is accepted, then fails when charged</li>
  </ul>
  <p class="muted">Any future expiry (MM/YY) and any 3-digit CVC.</p>
</div>`;

function messagePage(c: Context<AppEnv>, status: 401 | 404, title: string, text: string) {
  return c.html(
    layout(
      title,
      html`<div class="card">
        <h1>${title}</h1>
        <p class="muted">${text}</p>
        <a class="button secondary" href="/">Back to RedFlag</a>
      </div>`,
    ),
    status,
  );
}

/** The form's fields; its body was already held to 8 KiB by app.ts (http/body-limit.ts) before anything read it. */
async function readCard(c: Context<AppEnv>): Promise<CardInput> {
  const body = await c.req.parseBody();
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return { number: str(body.number), expiry: str(body.expiry), cvc: str(body.cvc) };
}

const PORTAL_RESULTS: Record<string, string> = {
  cancelled: 'Your subscription will be cancelled at the end of the current period.',
  resumed: 'Your subscription has been resumed.',
  card: 'Your card has been saved.',
  paid: 'Payment received. Your subscription is active.',
};

export function localBillingPages(ctx: AppContext) {
  const app = new Hono<AppEnv>();
  if (!localProviderEnabled(ctx)) return app;

  function checkoutView(
    c: Context<AppEnv>,
    id: string,
    withTrial: boolean,
    error: string | null,
    status: 200 | 402 | 409 | 422 = 200,
    form: CardFormState = EMPTY_CARD_FORM,
  ) {
    const title = withTrial ? 'Start your free trial' : 'Subscribe to RedFlag Premium';
    return c.html(
      layout(
        'Checkout',
        html`<div class="card">
            <p class="muted">RedFlag Premium</p>
            <h1>${title}</h1>
            <p class="price">
              ${withTrial ? `Free for ${TRIAL_TERMS}, then ${PREMIUM_PRICE_LABEL}/month` : `${PREMIUM_PRICE_LABEL}/month, charged today`}
            </p>
            <p class="muted">
              ${
                withTrial
                  ? `Nothing is charged today. Your card is charged when the ${TRIAL_DAYS} days end (we e-mail you ${TRIAL_WARNING_DAYS} days before), or sooner only if you choose to activate Premium after ${TRIAL_SCAN_LIMIT} scans. Cancel before then and you pay nothing.`
                  : 'You have already had a free trial, so the first month is charged today.'
              }
            </p>
            ${error ? html`<div id="checkout-error" class="error" role="alert">${error}</div>` : ''}
            <form method="post" action="/billing/test-checkout/${id}">
              ${cardFields('checkout', form)}
              <button type="submit">
                ${withTrial ? 'Start free trial' : `Subscribe for ${PREMIUM_PRICE_LABEL}/month`}
              </button>
            </form>
            <form method="post" action="/billing/test-checkout/${id}/cancel">
              <button type="submit" class="secondary">Cancel and return to RedFlag</button>
            </form>
          </div>
          ${testCards}`,
      ),
      status,
    );
  }

  app.get('/billing/test-checkout/:id', async (c) => {
    const user = await getOptionalUser(c);
    if (!user) return messagePage(c, 401, 'Sign in first', 'Sign in to RedFlag, then start your free trial again.');
    const session = await getCheckoutPage(ctx, c.req.param('id'), user.id);
    if (!session) return messagePage(c, 404, 'Checkout not found', 'This checkout session does not exist.');
    if (session.status === 'complete') return c.redirect('/payment-success', 303);
    if (session.status === 'expired')
      return messagePage(c, 404, 'Checkout expired', 'This checkout session has expired. Start again from RedFlag.');
    return checkoutView(c, session.id, session.withTrial, null);
  });

  app.post('/billing/test-checkout/:id', async (c) => {
    const user = await getOptionalUser(c);
    if (!user) return messagePage(c, 401, 'Sign in first', 'Sign in to RedFlag, then start your free trial again.');
    const id = c.req.param('id');
    const session = await getCheckoutPage(ctx, id, user.id);
    if (!session) return messagePage(c, 404, 'Checkout not found', 'This checkout session does not exist.');
    const card = await readCard(c);
    const result = await submitCheckout(ctx, id, user.id, card);
    if (result.ok) return c.redirect(`/payment-success?session_id=${encodeURIComponent(id)}`, 303);
    const status = result.field === 'session' ? 409 : result.message.includes('declined') ? 402 : 422;
    const invalid = result.field === 'session' ? null : result.field;
    return checkoutView(c, id, session.withTrial, result.message, status, {
      typed: { number: card.number, expiry: card.expiry },
      invalid,
    });
  });

  app.post('/billing/test-checkout/:id/cancel', async (c) => {
    const user = await getOptionalUser(c);
    if (user) await cancelCheckout(ctx, c.req.param('id'), user.id);
    return c.redirect('/checkout', 303);
  });

  async function portalView(
    c: Context<AppEnv>,
    token: string,
    userId: string,
    notice: string | null,
    error: string | null,
    status: 200 | 402 | 422 = 200,
    form: CardFormState = EMPTY_CARD_FORM,
  ) {
    const page = await getPortalPage(ctx, token, userId);
    if (!page)
      return messagePage(
        c,
        404,
        'Portal session not found',
        'This billing portal link has expired. Open it again from your account page.',
      );
    const { plan, subscription, invoices } = page;
    const live = subscription && subscription.status !== 'canceled';
    const statusText = !subscription
      ? 'No subscription'
      : subscription.status === 'canceled'
        ? 'Cancelled'
        : subscription.status === 'past_due'
          ? 'Past due: payment failed'
          : plan.cancelAtPeriodEnd
            ? `Cancels on ${formatDate(subscription.status === 'trialing' ? plan.trialEndsAt : plan.periodEnd)}`
            : subscription.status === 'trialing'
              ? `Free trial until ${formatDate(plan.trialEndsAt)}`
              : 'Active';
    return c.html(
      layout(
        'Billing portal',
        html`<div class="card">
            <p class="muted">RedFlag billing portal</p>
            <h1>RedFlag Premium</h1>
            <p class="price">${PREMIUM_PRICE_LABEL}/month</p>
            ${notice ? html`<div class="notice" role="status">${notice}</div>` : ''}
            ${error ? html`<div id="portal-error" class="error" role="alert">${error}</div>` : ''}
            <dl>
              <dt>Plan</dt>
              <dd>${plan.premium ? 'Premium' : subscription?.status === 'trialing' ? 'Free trial' : 'Free'}</dd>
              <dt>Status</dt>
              <dd data-testid="portal-status">${statusText}</dd>
              <dt>Next billing date</dt>
              <dd data-testid="portal-next-billing">${formatDate(plan.nextBillingDate)}</dd>
              ${
                plan.paymentError
                  ? html`<dt>Last payment</dt>
                      <dd>${plan.paymentError}</dd>`
                  : ''
              }
            </dl>
            ${
              live
                ? plan.cancelAtPeriodEnd
                  ? html`<form method="post" action="/billing/test-portal/${page.token}/resume">
                      <button type="submit">Resume subscription</button>
                    </form>`
                  : html`<form method="post" action="/billing/test-portal/${page.token}/cancel">
                      <button type="submit" class="secondary">Cancel subscription</button>
                    </form>`
                : ''
            }
          </div>
          ${
            subscription
              ? html`<div class="card">
                  <h2>Payment method</h2>
                  <p>
                    ${subscription.card.brand} ending in ${subscription.card.last4}, expires
                    ${String(subscription.card.expMonth).padStart(2, '0')}/${String(subscription.card.expYear % 100).padStart(2, '0')}
                  </p>
                  ${
                    live
                      ? html`<form method="post" action="/billing/test-portal/${page.token}/card">
                          ${cardFields('portal', form)}
                          <button type="submit" class="secondary">Update card</button>
                        </form>`
                      : ''
                  }
                </div>`
              : ''
          }
          <div class="card">
            <h2>Invoices</h2>
            ${
              invoices.length
                ? html`<table>
                    <thead>
                      <tr>
                        <th scope="col">Date</th>
                        <th scope="col">Amount</th>
                        <th scope="col">Status</th>
                      </tr>
                    </thead>
                    <tbody>
                      ${invoices.map(
                        (i) =>
                          html`<tr>
                            <td>${formatDate(i.createdAt)}</td>
                            <td>${money(i.amountCents)}</td>
                            <td>${i.status === 'open' ? 'Payment failed' : i.status === 'paid' ? 'Paid' : 'Void'}</td>
                          </tr>`,
                      )}
                    </tbody>
                  </table>`
                : html`<p class="muted">No invoices yet.</p>`
            }
          </div>
          <a class="button secondary" href="${page.returnUrl}">Return to RedFlag</a>
          ${testCards}`,
      ),
      status,
    );
  }

  app.get('/billing/test-portal/:token', async (c) => {
    const user = await getOptionalUser(c);
    if (!user)
      return messagePage(
        c,
        401,
        'Sign in first',
        'Sign in to RedFlag, then open the billing portal from your account page.',
      );
    const result = c.req.query('result');
    return portalView(c, c.req.param('token'), user.id, result ? (PORTAL_RESULTS[result] ?? null) : null, null);
  });

  for (const kind of ['cancel', 'resume', 'card'] as const) {
    app.post(`/billing/test-portal/:token/${kind}`, async (c) => {
      const user = await getOptionalUser(c);
      if (!user)
        return messagePage(
          c,
          401,
          'Sign in first',
          'Sign in to RedFlag, then open the billing portal from your account page.',
        );
      const token = c.req.param('token');
      const action = kind === 'card' ? { kind: 'update_card' as const, card: await readCard(c) } : { kind };
      const result = await submitPortalAction(ctx, token, user.id, action);
      if (!result)
        return messagePage(
          c,
          404,
          'Portal session not found',
          'This billing portal link has expired. Open it again from your account page.',
        );
      if (!result.ok) {
        const form: CardFormState =
          action.kind === 'update_card'
            ? {
                typed: { number: action.card.number, expiry: action.card.expiry },
                invalid: fieldOfMessage(result.message),
              }
            : EMPTY_CARD_FORM;
        return portalView(
          c,
          token,
          user.id,
          null,
          result.message,
          result.message.includes('declined') ? 402 : 422,
          form,
        );
      }
      const code =
        kind === 'cancel'
          ? 'cancelled'
          : kind === 'resume'
            ? 'resumed'
            : result.notice.startsWith('Payment received')
              ? 'paid'
              : 'card';
      return c.redirect(`/billing/test-portal/${encodeURIComponent(token)}?result=${code}`, 303);
    });
  }

  return app;
}
