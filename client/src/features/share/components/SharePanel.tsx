import { Check, Copy, Link2, Link2Off } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useRevokeShare, useSaveShare, useShare } from '../api/share';

async function copyText(text: string, fallback: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied or not a secure context: select the field so the person can copy it themselves.
  }
  fallback?.focus();
  fallback?.select();
  return false;
}

/** The hint under "Show the message text on the shared page": what anyone with the link sees of the message, now. */
const INCLUDE_HINTS = {
  off: 'Off: the link shows nothing of the message, not even the highlighted words.',
  on: 'On: the link shows the whole message to anyone who opens it.',
} as const;

/**
 * "Share this result": a public link showing the verdict, type, reasons and advice; the
 * message only when ticked. The link can be removed at any time.
 */
export default function SharePanel({ scanId }: { scanId: string }) {
  const share = useShare(scanId);
  const save = useSaveShare(scanId);
  const revoke = useRevokeShare(scanId);
  const [includeMessage, setIncludeMessage] = useState<boolean | null>(null);
  const [copied, setCopied] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = { title: useId(), include: useId(), includeHint: useId(), link: useId() };

  const current = share.data ?? null;
  const include = includeMessage ?? current?.includeMessage ?? false;
  const url = current ? `${window.location.origin}${current.path}` : null;
  const busy = save.isPending || revoke.isPending;

  return (
    <section
      data-testid="share-panel"
      aria-labelledby={ids.title}
      className="grid gap-3 rounded-xl border border-slate-200 p-4"
    >
      <h4 id={ids.title} className="flex items-center gap-2 text-sm font-extrabold text-slate-900">
        <Link2 aria-hidden="true" className="size-4 text-slate-500" />
        Share this result
      </h4>
      <p className="text-sm text-slate-700">
        Anyone with the link sees the verdict, the scam type, the reasons and the advice. Search engines are asked not
        to list it.
      </p>
      <div className="flex items-start gap-2.5">
        <input
          id={ids.include}
          aria-describedby={ids.includeHint}
          type="checkbox"
          checked={include}
          disabled={busy || share.isPending}
          onChange={(e) => {
            setIncludeMessage(e.target.checked);
            // An existing link changes what it shows at once; a new one is made with the button.
            if (current) save.mutate(e.target.checked);
          }}
          className="mt-0.5 size-4 shrink-0 accent-brand-600"
        />
        {/* Named for what it does: the report panel on the same page has its own message-text box. */}
        <div>
          <label htmlFor={ids.include} className="text-sm text-slate-800">
            Show the message text on the shared page
          </label>
          {/* What the link shows in the state the switch is in ("Off: ..." stayed when on). */}
          <p id={ids.includeHint} className="text-xs text-slate-600">
            {include ? INCLUDE_HINTS.on : INCLUDE_HINTS.off}
          </p>
        </div>
      </div>
      {url ? (
        <div className="grid gap-2">
          <label htmlFor={ids.link} className="sr-only">
            Link to this result
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              ref={inputRef}
              id={ids.link}
              data-testid="share-url"
              readOnly
              value={url}
              onFocus={(e) => e.target.select()}
              className="min-w-0 flex-1 basis-56 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800"
            />
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={async () => {
                setCopied(await copyText(url, inputRef.current));
              }}
            >
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? 'Copied' : 'Copy link'}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              className="text-red-700 hover:bg-red-50 hover:text-red-800"
              disabled={busy}
              onClick={() => revoke.mutate()}
            >
              <Link2Off aria-hidden="true" /> Stop sharing
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={busy || share.isPending || share.isError}
            onClick={() => save.mutate(include)}
          >
            <Link2 aria-hidden="true" /> Create link
          </Button>
        </div>
      )}
      <p role="status" className="text-sm text-slate-700">
        {save.isError || revoke.isError
          ? 'We could not change the link. Please try again.'
          : revoke.isSuccess && !current
            ? 'Link removed. Anyone who opens it now sees that it no longer exists.'
            : ''}
      </p>
    </section>
  );
}
