import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './layout/RootLayout';
import { HomeRoute } from './routes/home';
import { NotFoundPage } from './routes/not-found';
import { RouteErrorPage } from './routes/route-error';
import { PageSpinner } from './routes/status-card';

/**
 * The route table of docs/product.md §2. Paths are fixed; what each shows for the current auth
 * state is decided inside the route component via useAuth() (./auth.tsx). The landing page ships in the
 * main bundle; every other page is its own chunk.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: () => <PageSpinner label="Loading..." />,
    children: [
      {
        ErrorBoundary: RouteErrorPage,
        children: [
          { index: true, Component: HomeRoute },
          { path: 'about', lazy: async () => ({ Component: (await import('./routes/about')).AboutPage }) },
          { path: 'product', lazy: async () => ({ Component: (await import('./routes/product')).ProductPage }) },
          { path: 'pricing', lazy: async () => ({ Component: (await import('./routes/product')).PricingPage }) },
          {
            path: 'help-center',
            lazy: async () => ({ Component: (await import('./routes/help-center')).HelpCenterPage }),
          },
          {
            path: 'privacy-policy',
            lazy: async () => ({ Component: (await import('./routes/privacy-policy')).PrivacyPolicyPage }),
          },
          {
            path: 'terms-of-service',
            lazy: async () => ({ Component: (await import('./routes/terms-of-service')).TermsOfServicePage }),
          },
          {
            path: 'payment-success',
            lazy: async () => ({ Component: (await import('./routes/payment-success')).PaymentSuccessPage }),
          },
          { path: 'checkout', lazy: async () => ({ Component: (await import('./routes/checkout')).CheckoutRoute }) },
          { path: 'dashboard', lazy: async () => ({ Component: (await import('./routes/dashboard')).DashboardRoute }) },
          { path: 'scan', lazy: async () => ({ Component: (await import('./routes/scan')).ScanRoute }) },
          {
            path: 'scans/:id',
            lazy: async () => ({ Component: (await import('./routes/scan-report')).ScanReportRoute }),
          },
          {
            path: 'r/:token',
            lazy: async () => ({ Component: (await import('./routes/shared-result')).SharedResultRoute }),
          },
          { path: 'account', lazy: async () => ({ Component: (await import('./routes/account')).AccountRoute }) },
          { path: 'settings', lazy: async () => ({ Component: (await import('./routes/settings')).SettingsRoute }) },
          {
            path: 'link-expired',
            lazy: async () => ({ Component: (await import('./routes/link-expired')).LinkExpiredPage }),
          },
          // Eager: the route error boundary renders it for 404 responses too.
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
