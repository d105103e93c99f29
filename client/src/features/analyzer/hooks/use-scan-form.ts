import { zodResolver } from '@hookform/resolvers/zod';
import { fitThread } from '@redflag/contracts/chat-formats';
import { MAX_MESSAGE_LENGTH } from '@redflag/contracts/constants';
import { useMemo, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/components/ui/use-toast';
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

export type SenderFields = Pick<ScanFormValues, 'phoneNumber' | 'email' | 'platform'>;
export const SENDER_FIELDS = ['phoneNumber', 'email', 'platform'] as const;

/** The message as read from a screenshot, with the QR links found in it. */
interface ImageText {
  message: string;
  qrLinks: string[];
}

const FORM_FIELDS = ['message', 'platform', 'phoneNumber', 'email'] as const;

function filledSender(values: SenderFields): SenderFields | null {
  return values.phoneNumber || values.email || values.platform
    ? { phoneNumber: values.phoneNumber, email: values.email, platform: values.platform }
    : null;
}

export interface UseScanFormOptions {
  /** Called with a trimmed payload (empty optional fields omitted) once the message is non-blank. */
  onAnalyze: (payload: ScanPayload) => void;
  isScanning?: boolean;
  /** Set while scanning is refused (e.g. the trial expired): nothing is sent. */
  blockedLabel?: string | null;
  /** Fired when a field changes, with the value before; returning false refuses the change. */
  onFieldChange?: (field: keyof ScanFormValues, value: string, previous: string) => boolean | void;
  /** Start values, e.g. a pending analysis restored after sign-in (a screenshot's keeps its QR links). */
  initialValues?: Partial<PendingAnalysis>;
  /** Phone and e-mail are not in the plan: they are left out of the check and of the scan. */
  senderLocked?: boolean;
}

/**
 * The analyzer form's state and rules, apart from how it looks: the contract check, the gate every change
 * goes through, the sender that belongs to the last scanned message (cleared when another message replaces
 * it, and put back on request), the text handed over by a screenshot or a chat export, and the cut of a
 * thread over the limit to its latest messages.
 */
export function useScanForm({
  onAnalyze,
  isScanning = false,
  blockedLabel = null,
  onFieldChange,
  initialValues,
  senderLocked = false,
}: UseScanFormOptions) {
  // Locked fields are not part of the scan (the plan has no phone or e-mail checks), nor of its check.
  // (useForm takes its options afresh on every render, so the resolver sees the current lock.)
  const form = useForm<ScanFormInput, unknown, ScanFormOutput>({
    resolver: (values, context, options) =>
      zodResolver(scanFormSchema)(senderLocked ? { ...values, phoneNumber: '', email: '' } : values, context, options),
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
  const [fromImage, setFromImage] = useState<ImageText | null>(() =>
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
      if (next[field] !== values[field])
        setValue(field, next[field], { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
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
  const submitWith = (image: ImageText | null) =>
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

  /** The form's submit: checks and scans, unless a scan is running or scanning is refused. */
  const submit = async (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (isScanning || blockedLabel) return;
    await submitWith(fromImage);
  };

  // The reviewed text fills the form through the same gate as typing; if a field is refused, the form is
  // filled but not sent, so the user sees why before scanning. The review hands over a phone number or
  // address only when the user may verify them (decision 089), so a screenshot never opens the upgrade dialog.
  const takeImageText = (text: ImageTextFill) => {
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
  const takeChatText = (chat: ChatTextFill) => {
    const values = current();
    if (onFieldChange?.('message', chat.message, values.message) === false) return;
    const next = withMessage(values, chat.message);
    if (
      chat.platform &&
      chat.platform !== next.platform &&
      onFieldChange?.('platform', chat.platform, next.platform) !== false
    )
      next.platform = chat.platform;
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

  return {
    form,
    message,
    length,
    overLimit,
    fitted,
    /** The screenshot the message in the box was read from, until it is edited. */
    fromImage: fromImage?.message === message ? fromImage : null,
    /** What was said about the chat in the box (an export read, or a thread cut), until it is edited. */
    note: noted !== null && noted.message === message ? noted.note : null,
    clearedSender,
    update,
    putSenderBack,
    submit,
    takeImageText,
    takeChatText,
    keepLatest,
  };
}

export type ScanForm = ReturnType<typeof useScanForm>;
