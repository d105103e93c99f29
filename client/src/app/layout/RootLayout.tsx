import { Outlet, ScrollRestoration } from 'react-router';
import { LazyAuthDialogs } from '@/features/auth/components/LazyAuthDialogs';
import { LazyContactDialog } from '@/features/contact/components/LazyContactDialog';
import { PanelBoundary } from '../error-boundary';
import { Footer } from './Footer';
import { Header } from './Header';

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-ink-900 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <PanelBoundary name="navigation" tone="dark" className="m-2">
        <Header />
      </PanelBoundary>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <PanelBoundary name="footer" tone="dark" className="m-2">
        <Footer />
      </PanelBoundary>
      <PanelBoundary name="dialogs">
        <LazyAuthDialogs />
        <LazyContactDialog />
      </PanelBoundary>
      <ScrollRestoration />
    </div>
  );
}
