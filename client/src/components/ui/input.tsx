import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * Text fields, text areas and selects. Focus is blue: the brand red read as an error on an empty field that
 * had only been clicked into. Red is for a field marked invalid (aria-invalid, set once
 * a form was sent or the field checked), in and out of focus.
 */
export const fieldClasses =
  'w-full rounded-lg border border-slate-300 bg-white px-3.5 text-base text-slate-900 shadow-xs transition-colors placeholder:text-slate-500 hover:border-slate-400 focus-visible:border-blue-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-blue-600/35 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-600 aria-invalid:focus-visible:border-red-600 aria-invalid:focus-visible:outline-red-600/35 md:text-sm';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input data-slot="input" type={type} className={cn(fieldClasses, 'h-11', className)} {...props} />;
}
