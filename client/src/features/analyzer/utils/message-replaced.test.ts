import { describe, expect, it } from 'vitest';
import { isMessageReplaced } from './message-replaced';

const CHASE =
  'Chase: we noticed unusual activity on your account. Confirm your identity within 24 hours or it will be locked.';

describe('isMessageReplaced', () => {
  it('a different message pasted over the old one, or the old one deleted, is a replacement', () => {
    expect(isMessageReplaced(CHASE, 'Hey, is the bike still available? I could pick it up Saturday afternoon.')).toBe(
      true,
    );
    expect(isMessageReplaced(CHASE, 'Chase: final notice, your account will be locked today.')).toBe(true);
    expect(isMessageReplaced(CHASE, '')).toBe(true);
    expect(isMessageReplaced(CHASE, '  \n')).toBe(true);
  });

  it('an edit of the same message is not: a typo, a word, a line added, the end cut', () => {
    expect(isMessageReplaced(CHASE, `${CHASE}!`)).toBe(false);
    expect(isMessageReplaced(CHASE, CHASE.replace('unusual', 'unusal'))).toBe(false);
    expect(isMessageReplaced(CHASE, `${CHASE}\nReply STOP to opt out.`)).toBe(false);
    expect(isMessageReplaced(CHASE, CHASE.slice(0, 80))).toBe(false);
    expect(isMessageReplaced(CHASE, `Fwd: ${CHASE}`)).toBe(false);
  });

  it('nothing to replace while the field was empty', () => {
    expect(isMessageReplaced('', CHASE)).toBe(false);
    expect(isMessageReplaced(' ', CHASE)).toBe(false);
  });
});
