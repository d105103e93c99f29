import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from './button';

/** A form's submit button: disabled with a spinner and `pendingLabel` while the form is being sent. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  ...props
}: ComponentProps<typeof Button> & { pending: boolean; pendingLabel: string }) {
  return (
    <Button type="submit" size="lg" disabled={pending} {...props}>
      {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
      {pending ? pendingLabel : children}
    </Button>
  );
}
