import { ImagePlus } from 'lucide-react';
import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState, type DragEvent } from 'react';
import { FilePickButton } from '@/components/ui/file-pick-button';
import { cn } from '@/lib/utils';
import { checkImageFile } from '../utils/image-file';
import type { ImageScanText } from '../utils/image-scan';

export type { ImageScanText };

/** The reader (tesseract.js, jsQR, language and number detection) loads only once an image is chosen. */
const ImageReview = lazy(() => import('./ImageReview'));

export interface ImageInputProps {
  /** Called with the reviewed text and what was found in the image; the image itself is not passed on. */
  onUseText: (result: ImageScanText) => void;
  disabled?: boolean;
  /**
   * Whether a phone number or e-mail address found in the image fills the form's sender fields. Checking them
   * is Premium, so for others (and signed-out visitors) the review only shows what it found (decision 089).
   */
  fillSender?: boolean;
  /** A screenshot handed over from elsewhere (shared from another app): taken as if chosen here. */
  initialImage?: File | null;
}

function imageFrom(files: FileList | null | undefined): File | null {
  return files?.[0] ?? null;
}

/**
 * Choose, drop or paste a screenshot. On phones the picker offers the photo library and the
 * camera. The image is checked (PNG, JPEG or WebP, size), then read on this device by the review panel.
 */
export function ImageInput({ onUseText, disabled = false, fillSender = false, initialImage = null }: ImageInputProps) {
  // After a cancel the picker comes back on the next render: it takes focus as it mounts.
  const focusPickerOnMount = useRef(false);
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const take = async (file: File | null) => {
    if (!file || disabled) return;
    const check = await checkImageFile(file);
    if (!check.ok) {
      setImage(null);
      setError(check.message);
      return;
    }
    setError(null);
    setImage(file);
  };

  // A pasted image (Ctrl/Cmd+V after a screenshot) anywhere on the page; pasted text goes where it always did.
  const takePasted = useEffectEvent((file: File) => void take(file));
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const file = imageFrom(event.clipboardData?.files);
      if (!file) return;
      event.preventDefault();
      takePasted(file);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, []);

  const takeInitial = useEffectEvent((file: File) => void take(file));
  useEffect(() => {
    // Checked like a chosen file (the check is asynchronous), then reviewed.
    if (initialImage) void Promise.resolve(initialImage).then(takeInitial);
  }, [initialImage]);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void take(imageFrom(event.dataTransfer.files));
  };

  if (image) {
    return (
      <Suspense
        fallback={
          <p role="status" className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
            Loading the text reader...
          </p>
        }
      >
        <ImageReview
          image={image}
          fillSender={fillSender}
          onCancel={() => {
            focusPickerOnMount.current = true;
            setImage(null);
          }}
          onUse={(result) => {
            setImage(null);
            onUseText(result);
          }}
        />
      </Suspense>
    );
  }

  return (
    <div
      data-testid="image-drop-zone"
      onDragOver={(event) => {
        if (disabled) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'grid gap-2 rounded-xl border-2 border-dashed px-4 py-3 transition-colors sm:flex sm:flex-wrap sm:items-center sm:gap-x-4',
        dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50/60',
      )}
    >
      <FilePickButton
        inputRef={(el) => {
          if (el && focusPickerOnMount.current) {
            focusPickerOnMount.current = false;
            el.focus();
          }
        }}
        label="Scan a screenshot"
        icon={<ImagePlus aria-hidden="true" />}
        accept="image/*"
        hint="Choose, drop or paste a PNG, JPEG or WebP image. It is read on this device and never uploaded."
        error={error}
        disabled={disabled}
        onFile={(file) => void take(file)}
      />
    </div>
  );
}
