import { Languages, LoaderCircle, Plus, QrCode, ScanText, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { PLATFORMS } from '@redflag/contracts/scan';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { Textarea } from '@/components/ui/textarea';
import { imagePreview } from '../lib/image-pixels';
import { OcrCancelled, recognizeImage, type OcrProgress, type OcrResult } from '../lib/ocr';
import { readQrCodes } from '../lib/prepare';
import { countryFromLocale, extractFields, type ExtractedFields } from '../utils/extract-fields';
import { messageWithQrLinks, qrLink, type ImageScanText } from '../utils/image-scan';
import { unwrapOcrLines } from '../utils/ocr-text';
import { separateScreenChrome, withChromeLine, type ScreenChromeLine } from '../utils/screen-chrome';

interface Props {
  image: File;
  /** Fill the sender's phone number and e-mail from the image (Premium); otherwise only show them. */
  fillSender: boolean;
  onCancel: () => void;
  onUse: (result: ImageScanText) => void;
}

type State =
  | { kind: 'reading'; progress: OcrProgress }
  | { kind: 'failed' }
  | { kind: 'review'; ocr: OcrResult; qrTexts: string[] };

const platformLabel = (value: string | undefined) => PLATFORMS.find((p) => p.value === value)?.label;

/** Reads the image on this device, then shows the text for checking before it is scanned. */
export default function ImageReview({ image, fillSender, onCancel, onUse }: Props) {
  const id = useId();
  const [state, setState] = useState<State>({
    kind: 'reading',
    progress: { progress: 0, label: 'Loading the text reader' },
  });
  const [text, setText] = useState('');
  // The screen's chrome (status bar, app header, timestamps, e-mail headers) read but kept out of the message.
  const [chrome, setChrome] = useState<ScreenChromeLine[]>([]);
  const [preview, setPreview] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    abortRef.current = controller;
    void imagePreview(image).then(setPreview, () => setPreview(null));
    (async () => {
      try {
        // QR first: it is quick, and a QR-only photo (a parking meter sticker) needs no text to be useful.
        // Both steps decode and walk the image's pixels in workers, so the page stays responsive.
        // The codes' areas are painted white before the text is read: their squares are not words.
        const qr = await readQrCodes(image, controller.signal);
        const ocr = await recognizeImage(image, {
          signal: controller.signal,
          qrAreas: qr.areas,
          onProgress: (progress) => setState((s) => (s.kind === 'reading' ? { kind: 'reading', progress } : s)),
        });
        const screen = separateScreenChrome(ocr.text);
        setText(unwrapOcrLines(screen.message));
        setChrome(screen.chrome);
        setState({ kind: 'review', ocr, qrTexts: qr.texts });
      } catch (err) {
        if (err instanceof OcrCancelled || controller.signal.aborted) return;
        setState({ kind: 'failed' });
      }
    })();
    return () => controller.abort();
  }, [image]);

  // Focus follows the step: Cancel while reading, then the text to check.
  useEffect(() => {
    if (state.kind === 'reading') cancelRef.current?.focus();
    if (state.kind === 'review') textRef.current?.focus();
  }, [state.kind]);

  const cancel = () => {
    abortRef.current?.abort();
    onCancel();
  };

  if (state.kind === 'reading') {
    const percent = Math.round(state.progress.progress * 100);
    return (
      <section
        aria-labelledby={`${id}-title`}
        className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-4"
      >
        <h4 id={`${id}-title`} className="flex items-center gap-2 text-sm font-bold text-slate-900">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Reading your screenshot on this device
        </h4>
        <Progress
          value={percent}
          aria-label="Reading the image"
          aria-valuetext={`${state.progress.label}, ${percent}%`}
        />
        <div className="flex items-center justify-between gap-3 text-xs text-slate-600">
          <span role="status">{state.progress.label}</span>
          <Button ref={cancelRef} type="button" variant="ghost" size="sm" onClick={cancel}>
            <X aria-hidden="true" /> Cancel
          </Button>
        </div>
      </section>
    );
  }

  if (state.kind === 'failed') {
    return (
      <div
        role="alert"
        className="grid gap-2 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
      >
        <p>We could not read this image. Try another screenshot, or paste the message's text instead.</p>
        <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={onCancel}>
          Choose another image
        </Button>
      </div>
    );
  }

  const links = state.qrTexts.map((t) => ({ text: t, link: qrLink(t) }));
  const qrLinks = links.flatMap((l) => (l.link ? [l.link] : []));
  // Fields come from the whole screen: the sender's number or address and the app are in its header.
  const screenText = [
    ...chrome.filter((c) => c.before).map((c) => c.text),
    text,
    ...chrome.filter((c) => !c.before).map((c) => c.text),
  ].join('\n');
  const fields: ExtractedFields = extractFields(screenText, countryFromLocale(navigator.language));
  const addBack = (lines: ScreenChromeLine[]) => {
    setText((current) => {
      // Lines from above go back on top in their order, so the first is added last.
      let next = current;
      for (const line of [...lines.filter((l) => l.before)].reverse()) next = withChromeLine(next, line);
      for (const line of lines.filter((l) => !l.before)) next = withChromeLine(next, line);
      return next;
    });
    setChrome((current) => current.filter((c) => !lines.includes(c)));
    textRef.current?.focus();
  };
  const nothing = !text.trim() && !qrLinks.length;

  const use = () => {
    const result: ImageScanText = { message: messageWithQrLinks(text, qrLinks), qrLinks };
    // Checking a number or address is Premium: handing them over otherwise would turn a free scan into the
    // upgrade dialog (decision 089). They are still shown above, and stay in the text if they were in it.
    if (fillSender && fields.phoneNumber) result.phoneNumber = fields.phoneNumber;
    if (fillSender && fields.email) result.email = fields.email;
    if (fields.platform) result.platform = fields.platform;
    onUse(result);
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="image-review"
      className="grid gap-3 rounded-xl border border-brand-200 bg-brand-50/40 px-4 py-4"
    >
      <h4 id={`${id}-title`} className="flex items-center gap-2 text-sm font-bold text-slate-900">
        <ScanText aria-hidden="true" className="size-4" /> Check the text we read
      </h4>
      <div className="grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
        {preview ? (
          <img
            src={preview}
            alt="Your screenshot"
            className="max-h-48 w-full rounded-lg border border-slate-200 object-contain sm:max-h-64"
          />
        ) : null}
        <div className="grid gap-2">
          <Label htmlFor={`${id}-text`}>Text found in the image</Label>
          <Textarea
            ref={textRef}
            id={`${id}-text`}
            rows={6}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={`${id}-about`}
          />
          <p id={`${id}-about`} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
            <span className="inline-flex items-center gap-1">
              <Languages aria-hidden="true" className="size-3.5" />
              {state.ocr.language ? `Language: ${state.ocr.language.name}` : 'Language: not sure'}
            </span>
            <span>Correct any misread words before scanning.</span>
          </p>
        </div>
      </div>

      {chrome.length ? (
        <details
          data-testid="screen-chrome"
          className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs text-slate-700"
        >
          <summary className="cursor-pointer font-semibold text-slate-900">
            Also on the screen, not scanned: {chrome.length === 1 ? '1 line' : `${chrome.length} lines`}
          </summary>
          <p className="mt-1 text-slate-600">
            The phone's status bar, the app's header, times, e-mail headers and lines of symbols read from a picture are
            left out of the message. Add back any that belong to it.
          </p>
          <ul className="mt-2 grid gap-1" aria-label="Left out of the message">
            {chrome.map((line, i) => (
              <li key={`${i}-${line.text}`} className="flex items-center justify-between gap-2">
                <span className="break-all font-mono">{line.text}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => addBack([line])}
                  aria-label={`Add back: ${line.text}`}
                >
                  <Plus aria-hidden="true" /> Add
                </Button>
              </li>
            ))}
          </ul>
          {chrome.length > 1 ? (
            <Button type="button" variant="outline" size="sm" className="mt-2" onClick={() => addBack(chrome)}>
              Add all back
            </Button>
          ) : null}
        </details>
      ) : null}

      {links.length ? (
        <div className="grid gap-1 text-sm">
          <p className="flex items-center gap-2 font-semibold text-slate-900">
            <QrCode aria-hidden="true" className="size-4" />{' '}
            {links.length === 1 ? 'QR code found' : `${links.length} QR codes found`}
          </p>
          <ul className="grid gap-1" aria-label="QR codes in the image">
            {links.map((l) => (
              <li
                key={l.text}
                data-testid="qr-link"
                className="break-all rounded-md bg-white px-2 py-1 font-mono text-xs text-slate-800"
              >
                {l.link ? `Leads to ${l.link}` : `Contains: ${l.text}`}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {fields.platform || (fillSender && (fields.phoneNumber || fields.email)) ? (
        <dl
          className="grid gap-x-4 gap-y-1 text-xs text-slate-700 sm:grid-cols-[auto_1fr]"
          aria-label="Filled in from the image"
        >
          {fields.platform ? (
            <>
              <dt className="font-semibold">Platform</dt>
              <dd>{platformLabel(fields.platform)}</dd>
            </>
          ) : null}
          {fillSender && fields.phoneNumber ? (
            <>
              <dt className="font-semibold">Phone number</dt>
              <dd>{fields.phoneNumber}</dd>
            </>
          ) : null}
          {fillSender && fields.email ? (
            <>
              <dt className="font-semibold">Email</dt>
              <dd className="break-all">{fields.email}</dd>
            </>
          ) : null}
        </dl>
      ) : null}

      {!fillSender && (fields.phoneNumber || fields.email) ? (
        <div
          data-testid="sender-not-checked"
          className="grid gap-1 rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs text-slate-700"
        >
          <dl
            className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]"
            aria-label="Sender found in the image, not checked"
          >
            {fields.phoneNumber ? (
              <>
                <dt className="font-semibold">Phone number</dt>
                <dd>{fields.phoneNumber}</dd>
              </>
            ) : null}
            {fields.email ? (
              <>
                <dt className="font-semibold">Email</dt>
                <dd className="break-all">{fields.email}</dd>
              </>
            ) : null}
          </dl>
          <p className="text-slate-600">
            Checking the sender's number or address comes with the free trial and Premium, so it is not filled in. This
            scan checks the message.
          </p>
        </div>
      ) : null}

      {nothing ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          No text or QR code was found in this image. Try a sharper screenshot, or paste the message instead.
        </p>
      ) : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onCancel}>
          Discard
        </Button>
        <Button type="button" onClick={use} disabled={nothing}>
          <ScanText aria-hidden="true" /> Scan this text
        </Button>
      </div>
      <p className="text-xs text-slate-600">Only the text is sent for the scan. The image stays on this device.</p>
    </section>
  );
}
