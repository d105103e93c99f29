import { screen } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, storage } from '@/lib/storage-keys';
import { closeDialogs, getDialog } from '@/lib/ui-store';
import { server } from '@/test/http';
import { renderWithApp } from '@/test/render';
import { CheckoutPage } from './CheckoutPage';

const jsdomMatchMedia = window.matchMedia;

/** A screen of `width` pixels: the media queries the page asks answer as a browser of that width would. */
function screenWidth(width: number) {
  window.matchMedia = (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const min = /min-width:\s*(\d+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return { ...jsdomMatchMedia(query), matches };
  };
}

// The page asks for the support address; without an answer it shows the default one.
beforeEach(() => server.use(http.get('*/api/config', () => HttpResponse.json(null, { status: 503 }))));

afterEach(() => {
  window.matchMedia = jsdomMatchMedia;
  closeDialogs();
});

/** The app open at home (its toaster ready), then the visitor follows a link to /checkout. */
async function openCheckout() {
  const view = renderWithApp(
    <Routes>
      <Route path="/checkout" element={<CheckoutPage auth="signed_out" />} />
      <Route
        path="/"
        element={
          <>
            <h1>Home page</h1>
            <Link to="/checkout">Checkout</Link>
          </>
        }
      />
    </Routes>,
  );
  await view.user.click(screen.getByRole('link', { name: 'Checkout' }));
  return view;
}

describe('CheckoutPage signed out', () => {
  it('on a phone asks to sign in, and Sign In opens the sign-in dialog; nothing to buy is shown', async () => {
    screenWidth(390);
    const { user } = await openCheckout();
    expect(await screen.findByRole('heading', { name: 'Sign in to continue' })).toBeVisible();
    expect(screen.getByText('Please sign in to continue with checkout.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Start Free Trial|Subscribe Now/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(getDialog()).toEqual({ kind: 'auth', tab: 'signin' }));
  });

  it('on a desktop goes back to the home page and says why in a toast', async () => {
    screenWidth(1280);
    await openCheckout();
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeVisible();
    expect(await screen.findByText('Authentication Required')).toBeVisible();
    expect(screen.getByText('Please sign in to start your free trial.')).toBeVisible();
  });

  it('with a sign-in in flight for checkout, waits on the page instead of leaving', async () => {
    screenWidth(1280);
    storage.set(STORAGE_KEYS.pendingCheckoutRedirect, '1');
    await openCheckout();
    expect(await screen.findByText('Loading checkout...')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Home page' })).toBeNull();
  });
});
