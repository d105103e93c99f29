import { ChevronDown, ImageIcon, LoaderCircle, LockKeyhole, ScanSearch, ShieldAlert, Undo2 } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { fieldClasses, Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { useNearViewport } from '../hooks/use-near-viewport';
import { messageLength } from '../utils/message-length';
import { isMessageReplaced } from '../utils/message-replaced';
import type { PendingAnalysis } from '../utils/pending-analysis';
import { buildScanPayload, EMPTY_SCAN_FORM, type ScanFormValues, type ScanPayload } from '../utils/scan-form';

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

/** Text read from a screenshot, as the image feature hands it over; the app wires the two. */
export interface ImageTextFill {
  message: string;
  phoneNumber?: string;
  email?: string;
  platform?: string;
  qrLinks: string[];
}

export interface AnalyzerCardProps {
  /** Called with a trimmed payload (empty optional fields omitted) once the message is non-blank. */
  onAnalyze: (payload: ScanPayload) => void;
  /** Shows the scanning state (SCANNING MESSAGE...) and disables the form. */
  isScanning?: boolean;
  /** Card heading: TRY THE ANALYZER's card on the landing page, NEW SCAN on the scan page. */
  title?: string;
  description?: string;
  /** The card title's heading level: h3 under the landing's section heading, h2 under the scan page's h1. */
  headingLevel?: 'h2' | 'h3';
  /**
   * Fired when the user edits a field, with the value before the edit; returning false refuses the edit.
   * The scan page uses it to gate Premium fields (phone, e-mail) for non-premium users.
   */
  onFieldChange?: (field: keyof ScanFormValues, value: string, previous: string) => boolean | void;
  /** Disables the button with this text (e.g. TRIAL EXPIRED - COMPLETE SETUP). */
  blockedLabel?: string | null;
  /** Shown above the button, e.g. the "premium is being activated" banner. */
  notice?: ReactNode;
  /** The results container, rendered under the form. */
  children?: ReactNode;
  /** Start values, e.g. a pending analysis restored after sign-in (a screenshot's keeps its QR links). */
  initialValues?: Partial<PendingAnalysis>;
  /** Renders the screenshot input above the message; its reviewed text fills the form and is scanned. */
  imageInput?: (props: { onUseText: (fill: ImageTextFill) => void; disabled: boolean }) => ReactNode;
  /**
   * Phone and e-mail checks are not in the user's plan: the two fields are shown locked (a Premium label,
   * disabled) with this note under them, e.g. a link to start the trial. Nothing asks while they type.
   */
  senderLock?: ReactNode;
  /** Puts the cursor in the message on mount (the scan page's New scan remounts the card empty). */
  autoFocusMessage?: boolean;
  className?: string;
}

type SenderFields = Pick<ScanFormValues, 'phoneNumber' | 'email' | 'platform'>;
const SENDER_FIELDS = ['phoneNumber', 'email', 'platform'] as const;
const SENDER_NAMES: Record<keyof SenderFields, string> = { phoneNumber: 'phone number', email: 'email', platform: 'platform' };

function filledSender(values: SenderFields): SenderFields | null {
  return values.phoneNumber || values.email || values.platform ? { phoneNumber: values.phoneNumber, email: values.email, platform: values.platform } : null;
}

/** "phone number, email and platform": the filled ones. */
function senderList(values: SenderFields): string {
  const names = SENDER_FIELDS.filter((f) => values[f]).map((f) => SENDER_NAMES[f]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}

function PremiumLabel() {
  return (
    <span className="ml-1 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 align-middle text-[0.625rem] font-bold normal-case tracking-normal text-amber-900">
      <LockKeyhole aria-hidden="true" className="size-3" />
      Premium
    </span>
  );
}

export function AnalyzerCard({
  onAnalyze,
  isScanning = false,
  title = 'Scam Analyzer',
  description = 'Paste the message, add what you know about the sender, and get a risk score with the reasons.',
  onFieldChange,
  children,
  initialValues,
  blockedLabel = null,
  notice,
  headingLevel = 'h3',
  imageInput,
  senderLock,
  autoFocusMessage = false,
  className,
}: AnalyzerCardProps) {
  const id = useId();
  const Heading = headingLevel;
  const cardRef = useRef<HTMLDivElement>(null);
  const nearViewport = useNearViewport(cardRef);
  const [activation, setActivation] = useState<Activation | null>(null);
  const [values, setValues] = useState<ScanFormValues>(() => ({
    message: initialValues?.message ?? EMPTY_SCAN_FORM.message,
    platform: initialValues?.platform ?? EMPTY_SCAN_FORM.platform,
    phoneNumber: initialValues?.phoneNumber ?? EMPTY_SCAN_FORM.phoneNumber,
    email: initialValues?.email ?? EMPTY_SCAN_FORM.email,
  }));
  // The message as read from a screenshot and its QR links; an edit to the message makes it typed text again.
  const [fromImage, setFromImage] = useState<{ message: string; qrLinks: string[] } | null>(() =>
    initialValues?.source === 'image' && initialValues.message ? { message: initialValues.message, qrLinks: initialValues.qrLinks ?? [] } : null,
  );

  // The sender fields as sent with the last scan: they belong to that message until the user edits them.
  const [sentSender, setSentSender] = useState<SenderFields | null>(null);
  // What was cleared when that message was replaced by another one, until put back or superseded.
  const [clearedSender, setClearedSender] = useState<SenderFields | null>(null);

  /** The values after the message becomes `message`: another message after a scan drops the last sender. */
  const withMessage = (current: ScanFormValues, message: string): ScanFormValues => {
    if (!sentSender || !isMessageReplaced(current.message, message)) return { ...current, message };
    setSentSender(null);
    const cleared = filledSender(current);
    setClearedSender(cleared);
    return cleared ? { ...current, message, phoneNumber: '', email: '', platform: '' } : { ...current, message };
  };

  const update = (field: keyof ScanFormValues) => (value: string) => {
    // A handler may refuse the edit (returns false).
    if (onFieldChange?.(field, value, values[field]) === false) return;
    if (field === 'message') {
      setValues(withMessage(values, value));
      return;
    }
    // A sender field set now is for the message in the box.
    setSentSender(null);
    setClearedSender(null);
    setValues((current) => ({ ...current, [field]: value }));
  };

  const severalCleared = clearedSender ? SENDER_FIELDS.filter((f) => clearedSender[f]).length > 1 : false;

  const putSenderBack = () => {
    if (!clearedSender) return;
    const restore = clearedSender;
    setClearedSender(null);
    setValues((current) => ({ ...current, ...restore }));
    document.getElementById(`${id}-message`)?.focus();
  };

  const length = messageLength(values.message);
  const overLimit = length.state === 'over';

  const submitValues = (current: ScanFormValues, image = fromImage?.message === current.message ? fromImage : null) => {
    if (isScanning || blockedLabel) return;
    if (messageLength(current.message).state === 'over') {
      // Enter in another field still submits the form: keep the text and point at the error.
      document.getElementById(`${id}-message`)?.focus();
      return;
    }
    // Locked fields are not part of the scan (the plan has no phone or e-mail checks).
    const result = buildScanPayload(senderLock ? { ...current, phoneNumber: '', email: '' } : current);
    if (!result.ok) {
      toast({ title: result.title, description: result.description, variant: 'destructive' });
      document.getElementById(`${id}-message`)?.focus();
      return;
    }
    // Text read from a screenshot says so (the result page shows it) and carries its QR links.
    const payload: ScanPayload = image ? { ...result.payload, source: 'image', ...(image.qrLinks.length ? { qrLinks: image.qrLinks } : {}) } : result.payload;
    setSentSender(filledSender(current));
    setClearedSender(null);
    onAnalyze(payload);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitValues(values);
  };

  // The reviewed text fills the form through the same gate as typing; if a field is refused, the form is
  // filled but not sent, so the user sees why before scanning. The review hands over a phone number or
  // address only when the user may verify them (decision 089), so a screenshot never opens the upgrade dialog.
  const useImageText = (fill: ImageTextFill) => {
    // A new screenshot's text is another message too: the last scan's sender does not carry over.
    const next = withMessage(values, fill.message);
    let refused = onFieldChange?.('message', fill.message, values.message) === false;
    for (const field of ['platform', 'phoneNumber', 'email'] as const) {
      const value = fill[field];
      if (!value || value === next[field]) continue;
      if (onFieldChange?.(field, value, next[field]) === false) refused = true;
      else next[field] = value;
    }
    setValues(next);
    const image = { message: next.message, qrLinks: fill.qrLinks };
    setFromImage(image);
    if (!refused) submitValues(next, image);
  };

  return (
    <div
      ref={cardRef}
      data-testid="analyzer-card"
      className={cn(
        'overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-ink-900/10',
        className,
      )}
    >
      <div className="flex items-start gap-4 border-b border-slate-100 bg-slate-50/80 px-5 py-5 md:px-7">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-ink-900 text-white">
          <ScanSearch aria-hidden="true" className="size-5" />
        </span>
        <div>
          <Heading className="text-lg font-extrabold uppercase tracking-tight text-slate-900">{title}</Heading>
          <p className="mt-0.5 text-sm text-slate-600">{description}</p>
        </div>
      </div>

      <form noValidate onSubmit={submit} aria-busy={isScanning} className="grid gap-5 px-5 py-6 md:px-7">
        {imageInput?.({ onUseText: useImageText, disabled: isScanning || Boolean(blockedLabel) })}
        <div className="grid gap-2">
          <Label htmlFor={`${id}-message`}>Message</Label>
          {/*
            No maxLength: a cut paste would drop the end of the message, where a scam's ask often is.
            The counter and the error below say what is too long, and the text stays as typed.
          */}
          <Textarea
            id={`${id}-message`}
            name="message"
            rows={3}
            placeholder="Paste any suspicious message here: a text, email, or marketplace chat..."
            value={values.message}
            onChange={(event) => update('message')(event.target.value)}
            disabled={isScanning}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- only after the user asked for a new scan
            autoFocus={autoFocusMessage}
            aria-invalid={overLimit || undefined}
            aria-describedby={`${id}-message-count ${id}-message-limit${fromImage?.message === values.message ? ` ${id}-from-image` : ''}`}
          />
          {fromImage?.message === values.message ? (
            <p id={`${id}-from-image`} data-testid="scan-from-image" className="flex items-center gap-1.5 text-xs font-medium text-brand-800">
              <ImageIcon aria-hidden="true" className="size-3.5" />
              Read from your screenshot{fromImage.qrLinks.length ? ' and its QR code' : ''}. The image stayed on this device.
            </p>
          ) : null}
          {/* On a phone the counter sits above the message so the error gets the full width. */}
          <div className="flex flex-col-reverse gap-1 text-xs sm:flex-row sm:items-start sm:justify-between sm:gap-3">
            {/* Announced politely only when there is a warning; the count itself is read with the field. */}
            <p
              id={`${id}-message-limit`}
              data-testid="message-limit"
              aria-live="polite"
              className={cn('min-w-0 font-medium', overLimit ? 'font-semibold text-red-700' : 'text-amber-800')}
            >
              {length.message}
            </p>
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
        </div>

        <div className="grid gap-2">
          <Label htmlFor={`${id}-platform`}>Communication platform</Label>
          {nearViewport || activation ? (
            <Suspense fallback={<PlatformSelectPlaceholder id={`${id}-platform`} onActivate={setActivation} />}>
              <PlatformSelect
                id={`${id}-platform`}
                value={values.platform}
                onValueChange={update('platform')}
                disabled={isScanning}
                placeholder={PLATFORM_PLACEHOLDER}
                resumeInteraction={activation ?? undefined}
              />
            </Suspense>
          ) : (
            <PlatformSelectPlaceholder id={`${id}-platform`} onActivate={setActivation} />
          )}
        </div>

        <div className="grid gap-2">
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-phone`}>
                Phone number {senderLock ? <PremiumLabel /> : <span className="font-semibold normal-case tracking-normal text-slate-600">(optional)</span>}
              </Label>
              <Input
                id={`${id}-phone`}
                name="phoneNumber"
                type="tel"
                inputMode="tel"
                autoComplete="off"
                placeholder={senderLock ? 'Included in the free trial and Premium' : '+1 555 123 4567'}
                value={senderLock ? '' : values.phoneNumber}
                onChange={(event) => update('phoneNumber')(event.target.value)}
                disabled={isScanning || Boolean(senderLock)}
                aria-describedby={senderLock ? `${id}-sender-locked` : undefined}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-email`}>
                Email {senderLock ? <PremiumLabel /> : <span className="font-semibold normal-case tracking-normal text-slate-600">(optional)</span>}
              </Label>
              <Input
                id={`${id}-email`}
                name="email"
                type="email"
                autoComplete="off"
                placeholder={senderLock ? 'Included in the free trial and Premium' : 'sender@example.com'}
                value={senderLock ? '' : values.email}
                onChange={(event) => update('email')(event.target.value)}
                disabled={isScanning || Boolean(senderLock)}
                aria-describedby={senderLock ? `${id}-sender-locked` : undefined}
              />
            </div>
          </div>
          {senderLock ? (
            <div id={`${id}-sender-locked`} data-testid="sender-locked" className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
              <LockKeyhole aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <div>{senderLock}</div>
            </div>
          ) : null}
          {clearedSender ? (
            <div role="status" data-testid="sender-cleared" className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
              <p>
                This looks like a new message, so the last message's {senderList(clearedSender)} {severalCleared ? 'were' : 'was'} cleared.
              </p>
              <Button type="button" variant="ghost" size="sm" onClick={putSenderBack}>
                <Undo2 aria-hidden="true" /> Put {severalCleared ? 'them' : 'it'} back
              </Button>
            </div>
          ) : null}
        </div>

        {notice}

        {/* While scanning the button is aria-disabled, not disabled: a disabled button drops keyboard focus to the
            page body, and the dialog that may follow (trial limit) could not give it back. */}
        <Button
          type="submit"
          size="xl"
          className="w-full whitespace-normal uppercase aria-disabled:cursor-wait aria-disabled:opacity-60"
          disabled={Boolean(blockedLabel) || overLimit}
          aria-disabled={isScanning || undefined}
        >
          {blockedLabel ? (
            <>
              <LockKeyhole aria-hidden="true" /> {blockedLabel}
            </>
          ) : isScanning ? (
            <>
              <LoaderCircle aria-hidden="true" className="animate-spin" /> Scanning message...
            </>
          ) : (
            <>
              <ShieldAlert aria-hidden="true" /> Analyze for scams
            </>
          )}
        </Button>

        {isScanning ? (
          <div
            role="status"
            className="flex items-center justify-center gap-2 text-xs font-bold uppercase tracking-widest text-brand-700"
          >
            <span aria-hidden="true" className="size-2 animate-ping rounded-full bg-brand-600" />
            AI analyzing message patterns...
          </div>
        ) : (
          <p className="flex items-center justify-center gap-2 text-center text-xs text-slate-600">
            <LockKeyhole aria-hidden="true" className="size-3.5" />
            Sent over an encrypted connection. Never sold, never shared.
          </p>
        )}
      </form>

      {children ? <div className="border-t border-slate-100 px-5 py-6 md:px-7">{children}</div> : null}
    </div>
  );
}
