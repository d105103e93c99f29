import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { useAuthState } from '@/features/auth/hooks/use-auth-state';
import { createQueryClient } from '@/lib/query-client';
import { AuthProvider } from './auth';

/** The accounts feature's session (better-auth + GET /api/auth/user) fed into the AuthContext seam. */
function SessionAuthProvider({ children }: { children: ReactNode }) {
  const value = useAuthState();
  return <AuthProvider value={value}>{children}</AuthProvider>;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionAuthProvider>
        {children}
        <LazyToaster />
      </SessionAuthProvider>
    </QueryClientProvider>
  );
}
