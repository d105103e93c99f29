import { ChevronDown, ImageIcon, LoaderCircle, LockKeyhole, MessagesSquare, ScanSearch, ScissorsLineDashed, ShieldAlert, Undo2 } from 'lucide-react';
import { fitThread } from '@redflag/contracts/chat-formats';
import { MAX_MESSAGE_LENGTH } from '@redflag/contracts/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { fieldClasses, Input } from '@/components/ui/input';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage, useFormField } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { useNearViewport } from '../hooks/use-near-viewport';
import { messageLength } from '../utils/message-length';
import { isMessageReplaced } from '../utils/message-replaced';
import type { PendingAnalysis } from '../utils/pending-analysis';
import {
  EMPTY_SCAN_FORM,
  scanFormSchema,
  scanPayloadOf,
  type ScanFormInput,
  type ScanFormOutput,
  type ScanFormValues,
  type ScanPayload,
} from '../utils/scan-form';

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

/** A chat read from an export file, as the chat-export feature hands it over; the note says what was kept. */
export interface ChatTextFill {
  message: string;
  platform?: string;
  note: string;
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
  /** Renders the chat-export input under the message; its text fills the form (not sent: the user reviews it). */
  chatInput?: (props: { onUseText: (fill: ChatTextFill) => void; disabled: boolean }) => ReactNode;
  /**
   * Phone and e-mail checks are not in the user's plan: the two fields are shown locked (a Premium label,
   * disabled) with this note under them, e.g. a link to start the trial. Nothing asks while they type.
   */
  senderLock?: ReactNode;
  /** Puts the cursor in the message on mount (the scan page's New scan remounts the card empty). */
  autoFocusMessage?: boolean;
  className?: string;
}

/** The form item's control id, for a control FormControl cannot wrap (the select loads lazily behind a stand-in). */
function WithControlId({ children }: { children: (controlId: string) => ReactNode }) {
  return children(useFormField().controlId);
}

const FORM_FIELDS = ['message', 'platform', 'phoneNumber', 'email'] as const;

type SenderFields = Pick<ScanFormValues, 'phoneNumber' | 'email' | 'platform'>;
const SENDER_FIELDS = ['phoneNumber', 'email', 'platform'] as const;
const SENDER_NAMES: Record<keyof SenderFields, string> = {
  phoneNumber: 'phone number',
  email: 'email',
  platform: 'platform',
};

function filledSender(values: SenderFields): SenderFields | null {
  return values.phoneNumber || values.email || values.platform
    ? { phoneNumber: values.phoneNumber, email: values.email, platform: values.platform }
    : null;
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
  chatInput,
  senderLock,
  autoFocusMessage = false,
  className,
}: AnalyzerCardProps) {
  const id = useId();
  const Heading = headingLevel;
  const cardRef = useRef<HTMLDivElement>(null);
  const nearViewport = useNearViewport(cardRef);
  const [activation, setActivation] = useState<Activation | null>(null);
  // Locked fields are not part of the scan (the plan has no phone or e-mail checks), nor of its check.
  // (useForm takes its options afresh on every render, so the resolver sees the current lock.)
  const form = useForm<ScanFormInput, unknown, ScanFormOutput>({
    resolver: (values, context, options) =>
      zodResolver(scanFormSchema)(senderLock ? { ...values, phoneNumber: '', email: '' } : values, context, options),
    defaultValues: {
      message: initialValues?.message ?? EMPTY_SCAN_FORM.message,
      platform: initialValues?.platform ?? EMPTY_SCAN_FORM.platform,
      phoneNumber: initialValues?.phoneNumber ?? EMPTY_SCAN_FORM.phoneNumber,
      email: initialValues?.email ?? EMPTY_SCAN_FORM.email,
    },
  });
  const { control, getValues, setValue, setFocus } = form;
  /** The form's values as typed (the inputs are controlled: every field is a string). */
  const current = (): ScanFormValues => {
    const v = getValues();
    return {
      message: v.message ?? '',
      platform: v.platform ?? '',
      phoneNumber: v.phoneNumber ?? '',
      email: v.email ?? '',
    };
  };
  const message = useWatch({ control, name: 'message' }) ?? '';
  // The message as read from a screenshot and its QR links; an edit to the message makes it typed text again.
  const [fromImage, setFromImage] = useState<{ message: string; qrLinks: string[] } | null>(() =>
    initialValues?.source === 'image' && initialValues.message
      ? { message: initialValues.message, qrLinks: initialValues.qrLinks ?? [] }
      : null,
  );

  // What the form says about a chat put in the box (read from an export, or cut to its latest messages), while it is there.
  const [noted, setNoted] = useState<{ message: string; note: string } | null>(null);

  // The sender fields as sent with the last scan: they belong to that message until the user edits them.
  const [sentSender, setSentSender] = useState<SenderFields | null>(null);
  // What was cleared when that message was replaced by another one, until put back or superseded.
  const [clearedSender, setClearedSender] = useState<SenderFields | null>(null);

  /** The values after the message becomes `next`: another message after a scan drops the last sender. */
  const withMessage = (values: ScanFormValues, next: string): ScanFormValues => {
    if (!sentSender || !isMessageReplaced(values.message, next)) return { ...values, message: next };
    setSentSender(null);
    const cleared = filledSender(values);
    setClearedSender(cleared);
    return cleared
      ? { ...values, message: next, phoneNumber: '', email: '', platform: '' }
      : { ...values, message: next };
  };

  /** Puts `next` in the form; only the fields that differ are set, so the ones left alone stay untouched. */
  const fill = (next: ScanFormValues) => {
    const values = current();
    for (const field of FORM_FIELDS)
      if (next[field] !== values[field]) setValue(field, next[field], { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };

  /** A field's change, through the gate: a handler may refuse the edit (returns false). */
  const update = (field: keyof ScanFormValues, value: string) => {
    const values = current();
    if (onFieldChange?.(field, value, values[field]) === false) return;
    if (field === 'message') {
      fill(withMessage(values, value));
      return;
    }
    // A sender field set now is for the message in the box.
    setSentSender(null);
    setClearedSender(null);
    setValue(field, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };

  const severalCleared = clearedSender ? SENDER_FIELDS.filter((f) => clearedSender[f]).length > 1 : false;

  const putSenderBack = () => {
    if (!clearedSender) return;
    const restore = clearedSender;
    setClearedSender(null);
    fill({ ...current(), ...restore });
    setFocus('message');
  };

  const length = messageLength(message);
  const overLimit = length.state === 'over';
  // A pasted thread over the limit can keep its latest messages that fit: where the user stands now is at the end.
  const fitted = useMemo(() => (overLimit ? fitThread(message) : null), [overLimit, message]);

  /** Checks the form against the contract and scans it; `image` is the screenshot the message was read from. */
  const submitWith = (image: { message: string; qrLinks: string[] } | null) =>
    form.handleSubmit(
      (checked) => {
        const values = current();
        const scanned = scanPayloadOf(checked);
        // Text read from a screenshot says so (the result page shows it) and carries its QR links.
        const fromScreenshot = image?.message === values.message ? image : null;
        const payload: ScanPayload = fromScreenshot
          ? {
              ...scanned,
              source: 'image',
              ...(fromScreenshot.qrLinks.length ? { qrLinks: fromScreenshot.qrLinks } : {}),
            }
          : scanned;
        setSentSender(filledSender(values));
        setClearedSender(null);
        onAnalyze(payload);
      },
      (errors) => {
        // Over the limit the counter already says why (Enter in another field still submits): keep the text.
        // A blank message is refused with "Message Required" (docs/product.md §5).
        if (errors.message && messageLength(current().message).state !== 'over') {
          toast({
            title: 'Message Required',
            description: errors.message.message ?? 'Please enter a message to analyze',
            variant: 'destructive',
          });
        }
        if (errors.message) setFocus('message');
      },
    )();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isScanning || blockedLabel) return;
    void submitWith(fromImage);
  };

  // The reviewed text fills the form through the same gate as typing; if a field is refused, the form is
  // filled but not sent, so the user sees why before scanning. The review hands over a phone number or
  // address only when the user may verify them (decision 089), so a screenshot never opens the upgrade dialog.
  const useImageText = (text: ImageTextFill) => {
    const values = current();
    // A new screenshot's text is another message too: the last scan's sender does not carry over.
    const next = withMessage(values, text.message);
    let refused = onFieldChange?.('message', text.message, values.message) === false;
    for (const field of ['platform', 'phoneNumber', 'email'] as const) {
      const value = text[field];
      if (!value || value === next[field]) continue;
      if (onFieldChange?.(field, value, next[field]) === false) refused = true;
      else next[field] = value;
    }
    fill(next);
    const image = { message: next.message, qrLinks: text.qrLinks };
    setFromImage(image);
    if (!refused && !isScanning && !blockedLabel) void submitWith(image);
  };

  // A chat export's text goes in the box through the same gate as typing, and waits there to be reviewed.
  const useChatText = (chat: ChatTextFill) => {
    const values = current();
    if (onFieldChange?.('message', chat.message, values.message) === false) return;
    const next = withMessage(values, chat.message);
    if (chat.platform && chat.platform !== next.platform && onFieldChange?.('platform', chat.platform, next.platform) !== false) next.platform = chat.platform;
    fill(next);
    setFromImage(null);
    setNoted({ message: chat.message, note: chat.note });
  };

  const keepLatest = () => {
    if (!fitted?.kept) return;
    const text = fitted.text;
    update('message', text);
    if (current().message !== text) return;
    setNoted({
      message: text,
      note: `The thread is longer than one scan reads (${MAX_MESSAGE_LENGTH.toLocaleString('en-US')} characters): the last ${fitted.kept.toLocaleString('en-US')} of its ${fitted.total.toLocaleString('en-US')} messages are kept, and only those will be checked.`,
    });
    setFocus('message');
  };
  const showNote = noted !== null && noted.message === message;

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

      <Form {...form}>
        <form noValidate onSubmit={submit} aria-busy={isScanning} className="grid gap-5 px-5 py-6 md:px-7">
          {imageInput?.({ onUseText: useImageText, disabled: isScanning || Boolean(blockedLabel) })}
          <FormField
            control={control}
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
                    onChange={(event) => update('message', event.target.value)}
                    disabled={isScanning}
                    // eslint-disable-next-line jsx-a11y/no-autofocus -- only after the user asked for a new scan
                    autoFocus={autoFocusMessage}
                    aria-invalid={overLimit || undefined}
                    aria-describedby={`${id}-message-count ${id}-message-limit${fromImage?.message === message ? ` ${id}-from-image` : ''}${showNote ? ` ${id}-chat-note` : ''}`}
                  />
                </FormControl>
                {fromImage?.message === message ? (
                  <p
                    id={`${id}-from-image`}
                    data-testid="scan-from-image"
                    className="flex items-center gap-1.5 text-xs font-medium text-brand-800"
                  >
                    <ImageIcon aria-hidden="true" className="size-3.5" />
                    Read from your screenshot{fromImage.qrLinks.length ? ' and its QR code' : ''}. The image stayed on
                    this device.
                  </p>
                ) : null}
                {/* Live, so picking a file or keeping the latest messages is announced with what was kept. */}
                <div aria-live="polite">
                  {showNote ? (
                    <p id={`${id}-chat-note`} data-testid="chat-note" className="flex items-start gap-1.5 text-xs font-medium text-brand-800">
                      <MessagesSquare aria-hidden="true" className="mt-px size-3.5 shrink-0" />
                      {noted.note}
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
                      <Button type="button" variant="outline" size="sm" className="h-auto min-h-9 whitespace-normal text-left" onClick={keepLatest}>
                        <ScissorsLineDashed aria-hidden="true" /> Keep the last {fitted.kept.toLocaleString('en-US')} messages that fit
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

          {/* After the message (the screenshot picker stays right before it): a whole chat is the other way in. */}
          {chatInput?.({ onUseText: useChatText, disabled: isScanning || Boolean(blockedLabel) })}

          <FormField
            control={control}
            name="platform"
            render={({ field }) => (
              <FormItem className="gap-2">
                <FormLabel>Communication platform</FormLabel>
                <WithControlId>
                  {(controlId) =>
                    nearViewport || activation ? (
                      <Suspense fallback={<PlatformSelectPlaceholder id={controlId} onActivate={setActivation} />}>
                        <PlatformSelect
                          id={controlId}
                          value={field.value}
                          onValueChange={(value) => update('platform', value)}
                          disabled={isScanning}
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

          <div className="grid gap-2">
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField
                control={control}
                name="phoneNumber"
                render={({ field }) => (
                  <FormItem className="gap-2">
                    <FormLabel>
                      Phone number{' '}
                      {senderLock ? (
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
                        type="tel"
                        inputMode="tel"
                        autoComplete="off"
                        placeholder={senderLock ? 'Included in the free trial and Premium' : '+1 555 123 4567'}
                        value={senderLock ? '' : (field.value ?? '')}
                        onChange={(event) => update('phoneNumber', event.target.value)}
                        disabled={isScanning || Boolean(senderLock)}
                        {...(senderLock ? { 'aria-describedby': `${id}-sender-locked` } : {})}
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={control}
                name="email"
                render={({ field }) => (
                  <FormItem className="gap-2">
                    <FormLabel>
                      Email{' '}
                      {senderLock ? (
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
                        type="email"
                        autoComplete="off"
                        placeholder={senderLock ? 'Included in the free trial and Premium' : 'sender@example.com'}
                        value={senderLock ? '' : (field.value ?? '')}
                        onChange={(event) => update('email', event.target.value)}
                        disabled={isScanning || Boolean(senderLock)}
                        {...(senderLock ? { 'aria-describedby': `${id}-sender-locked` } : {})}
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
            {senderLock ? (
              <div
                id={`${id}-sender-locked`}
                data-testid="sender-locked"
                className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950"
              >
                <LockKeyhole aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <div>{senderLock}</div>
              </div>
            ) : null}
            {clearedSender ? (
              <div
                role="status"
                data-testid="sender-cleared"
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800"
              >
                <p>
                  This looks like a new message, so the last message's {senderList(clearedSender)}{' '}
                  {severalCleared ? 'were' : 'was'} cleared.
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
      </Form>

      {children ? <div className="border-t border-slate-100 px-5 py-6 md:px-7">{children}</div> : null}
    </div>
  );
}
