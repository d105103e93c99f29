import { useId, type ReactNode, type Ref } from 'react';
import { Button } from './button';

export interface FilePickButtonProps {
  /** The button's words, also the input's accessible name. */
  label: string;
  icon: ReactNode;
  accept: string;
  /** What may be chosen and what happens to it; describes the input. */
  hint: ReactNode;
  hintClassName?: string;
  /** Why the last file was refused, said as an alert under the hint. */
  error?: string | null;
  disabled?: boolean;
  /** Called with the chosen file (or null); the input is then emptied so the same file can be chosen again. */
  onFile: (file: File | null) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A file picker that looks like an outline button. The native input stays focusable (sr-only, not
 * display:none) so keyboard and screen-reader users reach it; the visible label only mirrors it.
 */
export function FilePickButton({
  label,
  icon,
  accept,
  hint,
  hintClassName = 'text-xs text-slate-600',
  error = null,
  disabled = false,
  onFile,
  inputRef,
}: FilePickButtonProps) {
  const id = useId();
  return (
    <>
      <input
        ref={inputRef}
        id={`${id}-file`}
        type="file"
        accept={accept}
        className="peer sr-only"
        disabled={disabled}
        aria-label={label}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          onFile(event.target.files?.[0] ?? null);
          event.target.value = '';
        }}
      />
      <Button
        asChild
        variant="outline"
        className="w-full peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 sm:w-auto"
      >
        <label htmlFor={`${id}-file`} aria-hidden="true">
          {icon}
          {label}
        </label>
      </Button>
      <p id={`${id}-hint`} className={hintClassName}>
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-red-700 sm:basis-full">
          {error}
        </p>
      ) : null}
    </>
  );
}
