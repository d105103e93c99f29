import { AlertCircle } from 'lucide-react';
import { Slot } from 'radix-ui';
import { createContext, use, useId, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import {
  Controller,
  FormProvider,
  type Control,
  type ControllerRenderProps,
  useFormContext,
  useFormState,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { cn } from '@/lib/utils';
import { Input } from './input';
import { Label } from './label';

/**
 * Form primitives on react-hook-form (the shadcn/ui "Form" shape): each field is a label, a control, an
 * optional description and its error message, wired for assistive technology (the control gets
 * aria-invalid and aria-describedby naming its description and message). Errors are shown inline and the
 * typed values stay; react-hook-form focuses the first invalid field on submit (shouldFocusError), and
 * setFieldErrors below does the same for errors the server answers. Pair with zodResolver and a schema from
 * packages/contracts (docs/conventions.md, "Client forms").
 */

export const Form = FormProvider;

interface FieldContextValue {
  name: string;
}
const FieldContext = createContext<FieldContextValue | null>(null);
const ItemContext = createContext<{ id: string } | null>(null);

export function FormField<TValues extends FieldValues, TName extends FieldPath<TValues>>(
  props: ControllerProps<TValues, TName>,
) {
  return (
    <FieldContext value={{ name: props.name }}>
      <Controller {...props} />
    </FieldContext>
  );
}

export function useFormField() {
  const field = use(FieldContext);
  const item = use(ItemContext);
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: field?.name });
  if (!field || !item) throw new Error('useFormField belongs inside <FormField> and <FormItem>');
  const state = getFieldState(field.name, formState);
  return {
    name: field.name,
    controlId: `${item.id}-control`,
    descriptionId: `${item.id}-description`,
    messageId: `${item.id}-message`,
    error: state.error,
  };
}

export function FormItem({ className, ...props }: ComponentProps<'div'>) {
  const id = useId();
  return (
    <ItemContext value={{ id }}>
      <div data-slot="form-item" className={cn('grid gap-1.5', className)} {...props} />
    </ItemContext>
  );
}

export function FormLabel({ className, ...props }: ComponentProps<typeof Label>) {
  const { controlId, error } = useFormField();
  return (
    <Label
      data-slot="form-label"
      data-error={Boolean(error)}
      htmlFor={controlId}
      className={cn('data-[error=true]:text-red-700', className)}
      {...props}
    />
  );
}

/**
 * Puts the id, aria-invalid and aria-describedby on its one child (an Input, a Textarea...). A field
 * without a description names only its message, and only while there is one.
 */
export function FormControl({
  hasDescription = false,
  ...props
}: ComponentProps<typeof Slot.Root> & { hasDescription?: boolean }) {
  const { controlId, descriptionId, messageId, error } = useFormField();
  const describedBy = [hasDescription ? descriptionId : null, error ? messageId : null].filter(Boolean).join(' ');
  return (
    <Slot.Root
      data-slot="form-control"
      id={controlId}
      aria-describedby={describedBy || undefined}
      aria-invalid={Boolean(error)}
      {...props}
    />
  );
}

export function FormDescription({ className, ...props }: ComponentProps<'p'>) {
  const { descriptionId } = useFormField();
  return (
    <p data-slot="form-description" id={descriptionId} className={cn('text-xs text-slate-600', className)} {...props} />
  );
}

/** The field's error, under it. Rendered only while there is one. */
export function FormMessage({ className, children, ...props }: ComponentProps<'p'>) {
  const { messageId, error } = useFormField();
  const body = error?.message ? error.message : children;
  if (!body) return null;
  return (
    <p
      data-slot="form-message"
      id={messageId}
      className={cn('flex items-start gap-1.5 text-sm font-medium text-red-700', className)}
      {...props}
    >
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{body}</span>
    </p>
  );
}

const alertTones = {
  error: { box: 'border-red-300 bg-red-50 text-red-950', icon: 'text-red-700' },
  // Not a mistake but a step still to take (an address to confirm): amber, as the Alert's warning.
  notice: { box: 'border-amber-300 bg-amber-50 text-amber-950', icon: 'text-amber-700' },
} as const;

/**
 * An error about the whole form (wrong password, rate limited, the server unreachable), shown above its
 * submit button with an optional next step. role="alert" so it is announced when it appears.
 */
export function FormAlert({
  title,
  children,
  actions,
  tone = 'error',
  className,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  tone?: keyof typeof alertTones;
  className?: string;
}) {
  return (
    <div
      role="alert"
      data-slot="form-alert"
      className={cn('grid gap-1 rounded-lg border px-3.5 py-3 text-sm', alertTones[tone].box, className)}
    >
      <p className="flex items-center gap-2 font-bold">
        <AlertCircle aria-hidden="true" className={cn('size-4 shrink-0', alertTones[tone].icon)} />
        {title}
      </p>
      {children ? <div className="pl-6 leading-relaxed">{children}</div> : null}
      {actions ? <div className="flex flex-wrap gap-2 pl-6 pt-1.5">{actions}</div> : null}
    </div>
  );
}

/**
 * Puts errors the server answered under their fields (`{ path, message }`, as the API's VALIDATION_ERROR
 * details carry them) and focuses the first one. Returns whether any field was known to the form.
 */
export function setFieldErrors<TValues extends FieldValues>(
  form: UseFormReturn<TValues>,
  fields: ReadonlyArray<{ path: string; message: string }>,
  known: ReadonlyArray<FieldPath<TValues>>,
): boolean {
  let focused = false;
  for (const f of fields) {
    const name = known.find((k) => k === f.path);
    if (!name) continue;
    form.setError(name, { type: 'server', message: f.message }, { shouldFocus: !focused });
    focused = true;
  }
  return focused;
}

/** Reads `details.fields` from an API error body (or a better-auth client error wrapping one). */
export function serverFieldErrors(err: unknown): Array<{ path: string; message: string }> {
  const rec = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  if (!rec(err)) return [];
  const inner = rec(err.error) ? err.error : err;
  const details = rec(inner.details) ? inner.details : rec(err.details) ? err.details : null;
  if (!details || !Array.isArray(details.fields)) return [];
  return details.fields.filter(
    (f): f is { path: string; message: string } =>
      rec(f) && typeof f.path === 'string' && typeof f.message === 'string',
  );
}

/**
 * One field of a form: its label, the control `children` renders from react-hook-form's field props, an
 * optional description and its error under it. Inside <Form {...form}>; `control` is the form's.
 */
export function LabelledFormField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  label,
  description,
  children,
}: {
  control: Control<TValues>;
  name: TName;
  label: ReactNode;
  description?: ReactNode;
  children: (field: ControllerRenderProps<TValues, TName>) => ReactElement;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl hasDescription={Boolean(description)}>{children(field)}</FormControl>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** The common field: a labelled Input (see LabelledFormField). */
export function TextFormField<TValues extends FieldValues>({
  control,
  name,
  label,
  description,
  ...input
}: {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  label: ReactNode;
  description?: ReactNode;
} & Omit<ComponentProps<'input'>, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'>) {
  return (
    <LabelledFormField control={control} name={name} label={label} description={description}>
      {(field) => <Input {...input} {...field} value={(field.value as string | undefined) ?? ''} />}
    </LabelledFormField>
  );
}
