import { MAX_MESSAGE_LENGTH } from '@redflag/contracts/constants';

/** From this share of the limit on, the counter is highlighted and a polite warning is announced. */
const NEAR_SHARE = 0.9;

export type MessageLengthState = 'ok' | 'near' | 'over';

export interface MessageLength {
  /** Characters as the server counts them: the trimmed message's UTF-16 length (zod's `max`). */
  count: number;
  max: number;
  state: MessageLengthState;
  /** "1,234 / 10,000" */
  counter: string;
  /** The sentence for the live region: null while there is nothing to warn about. */
  message: string | null;
}

const number = (n: number) => n.toLocaleString('en-US');

/**
 * The analyzer's length check. The field never cuts a paste (a scam after the cut would go unread);
 * instead it counts, warns near the limit and refuses past it, keeping what the user typed.
 */
export function messageLength(message: string, max: number = MAX_MESSAGE_LENGTH): MessageLength {
  const count = message.trim().length;
  const counter = `${number(count)} / ${number(max)}`;
  if (count > max) {
    return {
      count,
      max,
      state: 'over',
      counter,
      message: `Messages can be at most ${number(max)} characters — this one is ${number(count)}. Remove the parts that are not the message, or split it.`,
    };
  }
  if (count >= Math.floor(max * NEAR_SHARE)) {
    const left = max - count;
    return {
      count,
      max,
      state: 'near',
      counter,
      message: `Close to the limit: ${number(left)} ${left === 1 ? 'character' : 'characters'} left.`,
    };
  }
  return { count, max, state: 'ok', counter, message: null };
}
