import { useEffect, useState } from 'react';
import { clearShared, loadSharedImage, peekShared, takeSharedFromUrl, type SharedMessage } from '../lib/shared-inbox';

export interface SharedInput {
  /** The shared text (title, text and link in one), '' when none: prefills the message, never sent by itself. */
  text: string;
  /** The shared screenshot, once read from Cache Storage: for the in-browser reading. */
  image: File | null;
}

/**
 * The message another app shared, for the analyzer on this page. `settled`: this page is the one that keeps
 * it (the landing page while the session is still loading is not: the scan page may replace it), so the
 * shared message is forgotten once a settled page has it.
 */
export function useSharedMessage({ settled }: { settled: boolean }): SharedInput {
  const [shared] = useState<SharedMessage | null>(() => {
    takeSharedFromUrl();
    return peekShared();
  });
  const [image, setImage] = useState<{ file: File | null } | null>(null);

  useEffect(() => {
    if (!shared?.image) return;
    let live = true;
    loadSharedImage()
      .catch(() => null)
      .then((file) => {
        if (live) setImage({ file });
      });
    return () => {
      live = false;
    };
  }, [shared]);

  const imageDone = !shared?.image || image !== null;
  useEffect(() => {
    if (settled && shared && imageDone) void clearShared().catch(() => undefined);
  }, [settled, shared, imageDone]);

  return { text: shared?.text ?? '', image: image?.file ?? null };
}
