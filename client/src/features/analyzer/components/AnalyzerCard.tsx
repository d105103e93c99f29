import { LoaderCircle, LockKeyhole, ScanSearch, ShieldAlert, Undo2 } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { cn } from '@/lib/utils';
import { useNearViewport } from '../hooks/use-near-viewport';
import {
  SENDER_FIELDS,
  useScanForm,
  type ChatTextFill,
  type ImageTextFill,
  type SenderFields,
} from '../hooks/use-scan-form';
import type { PendingAnalysis } from '../utils/pending-analysis';
import type { ScanFormValues, ScanPayload } from '../utils/scan-form';
import { MessageField } from './MessageField';
import { PlatformField } from './PlatformField';
import { SenderField } from './SenderField';

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

const SENDER_NAMES: Record<keyof SenderFields, string> = {
  phoneNumber: 'phone number',
  email: 'email',
  platform: 'platform',
};

/** "phone number, email and platform": the filled ones. */
function senderList(values: SenderFields): string {
  const names = SENDER_FIELDS.filter((f) => values[f]).map((f) => SENDER_NAMES[f]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}

/** The analyzer card: the scan form's fields laid out; its state and rules are in useScanForm. */
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
  const scan = useScanForm({
    onAnalyze,
    isScanning,
    blockedLabel,
    onFieldChange,
    initialValues,
    senderLocked: Boolean(senderLock),
  });
  const { form, clearedSender } = scan;
  const severalCleared = clearedSender ? SENDER_FIELDS.filter((f) => clearedSender[f]).length > 1 : false;
  const inputDisabled = isScanning || Boolean(blockedLabel);
  const lockedBy = senderLock ? `${id}-sender-locked` : undefined;

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
        <form
          noValidate
          onSubmit={(event) => void scan.submit(event)}
          aria-busy={isScanning}
          className="grid gap-5 px-5 py-6 md:px-7"
        >
          {imageInput?.({ onUseText: scan.takeImageText, disabled: inputDisabled })}
          <MessageField scan={scan} id={id} disabled={isScanning} focusOnMount={autoFocusMessage} />

          {/* After the message (the screenshot picker stays right before it): a whole chat is the other way in. */}
          {chatInput?.({ onUseText: scan.takeChatText, disabled: inputDisabled })}

          <PlatformField
            control={form.control}
            onChange={(value) => scan.update('platform', value)}
            disabled={isScanning}
            preload={nearViewport}
          />

          <div className="grid gap-2">
            <div className="grid gap-5 sm:grid-cols-2">
              {(['phoneNumber', 'email'] as const).map((name) => (
                <SenderField
                  key={name}
                  control={form.control}
                  name={name}
                  onChange={(value) => scan.update(name, value)}
                  disabled={isScanning}
                  lockedBy={lockedBy}
                />
              ))}
            </div>
            {senderLock ? (
              <div
                id={lockedBy}
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
                <Button type="button" variant="ghost" size="sm" onClick={scan.putSenderBack}>
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
            disabled={Boolean(blockedLabel) || scan.overLimit}
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
