import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';

/**
 * Renders a component the way the app does: the app's own query client (its retry policy included), a
 * router, and the toaster, so a toast the component raises is on the page to be read.
 */
export function renderWithApp(ui: ReactElement, { route = '/', ...options }: RenderOptions & { route?: string } = {}) {
  const queryClient = createQueryClient();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          {children}
          <Toaster />
        </MemoryRouter>
      </QueryClientProvider>
    );
  }
  return { user: userEvent.setup(), queryClient, ...render(ui, { wrapper: Wrapper, ...options }) };
}
