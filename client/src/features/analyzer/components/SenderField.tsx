import { LockKeyhole } from 'lucide-react';
import type { Control } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import type { ScanFormInput } from '../utils/scan-form';

/** How each sender field is typed and labelled. */
const SENDER_INPUTS = {
  phoneNumber: { label: 'Phone number', type: 'tel', inputMode: 'tel', placeholder: '+1 555 123 4567' },
  email: { label: 'Email', type: 'email', inputMode: undefined, placeholder: 'sender@example.com' },
} as const;

const LOCKED_PLACEHOLDER = 'Included in the free trial and Premium';

function PremiumLabel() {
  return (
    <span className="ml-1 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 align-middle text-[0.625rem] font-bold normal-case tracking-normal text-amber-900">
      <LockKeyhole aria-hidden="true" className="size-3" />
      Premium
    </span>
  );
}

export interface SenderFieldProps {
  control: Control<ScanFormInput>;
  name: keyof typeof SENDER_INPUTS;
  /** Every edit goes through the form's gate, not straight into the field. */
  onChange: (value: string) => void;
  disabled?: boolean;
  /**
   * The id of the note saying why the field is locked (not in the user's plan): the field is then shown
   * empty and disabled, with a Premium label, and described by that note.
   */
  lockedBy?: string;
}

/** The sender's phone number or e-mail address: optional, or locked behind Premium. */
export function SenderField({ control, name, onChange, disabled = false, lockedBy }: SenderFieldProps) {
  const input = SENDER_INPUTS[name];
  const locked = lockedBy !== undefined;
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="gap-2">
          <FormLabel>
            {input.label}{' '}
            {locked ? (
              <PremiumLabel />
            ) : (
              <span className="font-semibold normal-case tracking-normal text-slate-600">(optional)</span>
            )}
          </FormLabel>
          <FormControl>
            <Input
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              type={input.type}
              inputMode={input.inputMode}
              autoComplete="off"
              placeholder={locked ? LOCKED_PLACEHOLDER : input.placeholder}
              value={locked ? '' : (field.value ?? '')}
              onChange={(event) => onChange(event.target.value)}
              disabled={disabled || locked}
              {...(locked ? { 'aria-describedby': lockedBy } : {})}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
