import { lazy, Suspense, useEffect, useState } from 'react';
import { CONTACT_DIALOG_EVENT } from '@/lib/events';

const ContactDialog = lazy(() => import('./ContactDialog').then((m) => ({ default: m.ContactDialog })));

/** Opens CONTACT US on the footer's `openContactDialog` event, loading the dialog on first use. */
export function LazyContactDialog() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const onOpen = () => {
      setLoaded(true);
      setOpen(true);
    };
    window.addEventListener(CONTACT_DIALOG_EVENT, onOpen);
    return () => window.removeEventListener(CONTACT_DIALOG_EVENT, onOpen);
  }, []);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <ContactDialog open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
