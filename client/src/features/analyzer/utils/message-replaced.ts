/**
 * Whether an edit to the message field replaced the message (a new paste, or the text deleted) rather than
 * changed it (a typo fixed, a line added). After a scan, the sender's number, address and platform belong to
 * the message that was scanned: a replaced message is another message, and they are cleared
 * (a leftover Gmail address gave the next message a "free gmail.com address" reason).
 *
 * Replaced means that what the two texts share at their start and end is less than half of the old one.
 */
export function isMessageReplaced(previous: string, next: string): boolean {
  if (previous.trim() === '') return false;
  if (next.trim() === '') return true;
  const max = Math.min(previous.length, next.length);
  let prefix = 0;
  while (prefix < max && previous[prefix] === next[prefix]) prefix++;
  let suffix = 0;
  while (suffix < max - prefix && previous[previous.length - 1 - suffix] === next[next.length - 1 - suffix]) suffix++;
  return prefix + suffix < previous.length / 2;
}
