import { ChevronDown } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import { fieldClasses } from '@/components/ui/input';
import { FormField, FormItem, FormLabel, useFormField } from '@/components/ui/form';
import { cn } from '@/lib/utils';
import type { ScanFormInput } from '../utils/scan-form';

/**
 * The Radix select and its positioning engine are ~20 KB gzipped; they load when the card nears the
 * viewport (or the user reaches the field), keeping them out of the landing page's first download.
 */
const PlatformSelect = lazy(() => import('./PlatformSelect'));
const PLATFORM_PLACEHOLDER = 'Where did you receive it?';

type Activation = 'open' | 'focus';

/** Looks and labels like the real trigger; touching it loads the real select and hands over. */
function PlatformSelectPlaceholder({ id, onActivate }: { id: string; onActivate: (how: Activation) => void }) {
  return (
    <button
      type="button"
      id={id}
      // No aria-controls: the listbox it would point at does not exist until the real select has loaded.
      // eslint-disable-next-line jsx-a11y/role-has-required-aria-props
      role="combobox"
      aria-expanded={false}
      aria-busy="true"
      onFocus={() => onActivate('focus')}
      onPointerDown={(event) => {
        event.preventDefault();
        onActivate('open');
      }}
      onKeyDown={(event) => {
        if (['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(event.key)) {
          event.preventDefault();
          onActivate('open');
        }
      }}
      className={cn(fieldClasses, 'flex h-11 items-center justify-between text-left text-slate-500')}
    >
      {PLATFORM_PLACEHOLDER}
      <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
    </button>
  );
}

/** The form item's control id, for a control FormControl cannot wrap (the select loads lazily behind a stand-in). */
function WithControlId({ children }: { children: (controlId: string) => ReactNode }) {
  return children(useFormField().controlId);
}

export interface PlatformFieldProps {
  control: Control<ScanFormInput>;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The card is near the viewport: load the real select now. */
  preload: boolean;
}

/** COMMUNICATION PLATFORM: a stand-in until the select's code has loaded, then the select. */
export function PlatformField({ control, onChange, disabled, preload }: PlatformFieldProps) {
  const [activation, setActivation] = useState<Activation | null>(null);
  return (
    <FormField
      control={control}
      name="platform"
      render={({ field }) => (
        <FormItem className="gap-2">
          <FormLabel>Communication platform</FormLabel>
          <WithControlId>
            {(controlId) =>
              preload || activation ? (
                <Suspense fallback={<PlatformSelectPlaceholder id={controlId} onActivate={setActivation} />}>
                  <PlatformSelect
                    id={controlId}
                    value={field.value ?? ''}
                    onValueChange={onChange}
                    disabled={disabled}
                    placeholder={PLATFORM_PLACEHOLDER}
                    resumeInteraction={activation ?? undefined}
                  />
                </Suspense>
              ) : (
                <PlatformSelectPlaceholder id={controlId} onActivate={setActivation} />
              )
            }
          </WithControlId>
        </FormItem>
      )}
    />
  );
}
