import { lazy, Suspense, useState } from 'react';
import { useToast } from './use-toast';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/**
 * Mounts the Radix toaster once the first toast is raised, so its code is not part of the landing page's
 * first download. The toast store itself (use-toast.ts) is tiny and always present, so `toast()` works
 * from the first render; the toast appears as soon as the chunk arrives.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  // Once mounted it stays mounted, so closing animations and the F8 hotkey keep working.
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
