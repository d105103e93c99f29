import { useEffect, useState } from 'react';

/** How long typing pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 350;

/**
 * A search box's text, kept in step with the search in the URL: typing commits the trimmed text after a
 * pause; the URL's search changing elsewhere (back button, Clear) replaces the text, unless it is what is
 * being typed. Returns the text and its setter, as useState does.
 */
export function useDebouncedSearch(
  committed: string,
  commit: (q: string) => void,
  delayMs = SEARCH_DEBOUNCE_MS,
): [string, (text: string) => void] {
  const [text, setText] = useState(committed);
  const [seen, setSeen] = useState(committed);
  if (committed !== seen) {
    setSeen(committed);
    if (text.trim() !== committed) setText(committed);
  }

  useEffect(() => {
    if (text.trim() === committed) return;
    const timer = setTimeout(() => commit(text.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [text, committed, commit, delayMs]);

  return [text, setText];
}
