import { ImageIcon, MessagesSquare, ScissorsLineDashed } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormControl, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import type { ScanForm } from '../hooks/use-scan-form';

export interface MessageFieldProps {
  /** The form's state, from useScanForm. */
  scan: ScanForm;
  /** A prefix for the ids of the notes that describe the message. */
  id: string;
  disabled?: boolean;
  /** Puts the cursor in the message on mount (after the user asked for a new scan). */
  focusOnMount?: boolean;
}

/** MESSAGE: the text to check, where it came from, and its length against the limit. */
export function MessageField({ scan, id, disabled, focusOnMount = false }: MessageFieldProps) {
  const { length, overLimit, fitted, fromImage, note } = scan;
  return (
    <FormField
      control={scan.form.control}
      name="message"
      render={({ field }) => (
        <FormItem className="gap-2">
          <FormLabel>Message</FormLabel>
          {/*
            No maxLength: a cut paste would drop the end of the message, where a scam's ask often is.
            The counter and the error below say what is too long, and the text stays as typed.
          */}
          <FormControl>
            <Textarea
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              rows={3}
              placeholder="Paste any suspicious message here: a text, email, or marketplace chat..."
              value={field.value ?? ''}
              onChange={(event) => scan.update('message', event.target.value)}
              disabled={disabled}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- only after the user asked for a new scan
              autoFocus={focusOnMount}
              aria-invalid={overLimit || undefined}
              aria-describedby={`${id}-message-count ${id}-message-limit${fromImage ? ` ${id}-from-image` : ''}${note !== null ? ` ${id}-chat-note` : ''}`}
            />
          </FormControl>
          {fromImage ? (
            <p
              id={`${id}-from-image`}
              data-testid="scan-from-image"
              className="flex items-center gap-1.5 text-xs font-medium text-brand-800"
            >
              <ImageIcon aria-hidden="true" className="size-3.5" />
              Read from your screenshot{fromImage.qrLinks.length ? ' and its QR code' : ''}. The image stayed on this
              device.
            </p>
          ) : null}
          {/* Live, so picking a file or keeping the latest messages is announced with what was kept. */}
          <div aria-live="polite">
            {note !== null ? (
              <p
                id={`${id}-chat-note`}
                data-testid="chat-note"
                className="flex items-start gap-1.5 text-xs font-medium text-brand-800"
              >
                <MessagesSquare aria-hidden="true" className="mt-px size-3.5 shrink-0" />
                {note}
              </p>
            ) : null}
          </div>
          {/* On a phone the counter sits above the message so the error gets the full width. */}
          <div className="flex flex-col-reverse gap-1 text-xs sm:flex-row sm:items-start sm:justify-between sm:gap-3">
            {/* Announced politely only when there is a warning; the count itself is read with the field. */}
            <div className="grid min-w-0 justify-items-start gap-1.5">
              <p
                id={`${id}-message-limit`}
                data-testid="message-limit"
                aria-live="polite"
                className={cn('min-w-0 font-medium', overLimit ? 'font-semibold text-red-700' : 'text-amber-800')}
              >
                {length.message}
              </p>
              {fitted?.kept ? (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="h-auto min-h-9 whitespace-normal text-left"
                  onClick={scan.keepLatest}
                >
                  <ScissorsLineDashed aria-hidden="true" /> Keep the last {fitted.kept.toLocaleString('en-US')} messages
                  that fit
                </Button>
              ) : null}
            </div>
            <p
              id={`${id}-message-count`}
              data-testid="message-count"
              className={cn(
                'shrink-0 self-end tabular-nums sm:self-auto',
                length.state === 'ok' && 'text-slate-600',
                length.state === 'near' && 'rounded-sm bg-amber-100 px-1 font-bold text-amber-900',
                overLimit && 'rounded-sm bg-red-100 px-1 font-bold text-red-800',
              )}
            >
              <span aria-hidden="true">{length.counter}</span>
              <span className="sr-only">{`${length.count.toLocaleString('en-US')} of ${length.max.toLocaleString('en-US')} characters used`}</span>
            </p>
          </div>
        </FormItem>
      )}
    />
  );
}
