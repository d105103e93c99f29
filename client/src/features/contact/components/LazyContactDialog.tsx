import { lazy, Suspense, useState } from 'react';
import { closeDialogs, useDialog } from '@/lib/ui-store';

const ContactDialog = lazy(() => import('./ContactDialog').then((m) => ({ default: m.ContactDialog })));

/** Opens CONTACT US when the app's dialog store says so (openContactDialog), loading it on first use. */
export function LazyContactDialog() {
  const open = useDialog().kind === 'contact';
  const [loaded, setLoaded] = useState(false);
  // Once opened, stay mounted so the closing animation runs (derived during render, not in an effect).
  if (open && !loaded) setLoaded(true);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <ContactDialog open={open} onOpenChange={(next) => (next ? undefined : closeDialogs())} />
    </Suspense>
  );
}
