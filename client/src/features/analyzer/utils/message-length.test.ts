import { MAX_MESSAGE_LENGTH } from '@redflag/contracts/constants';
import { scanRequestSchema } from '@redflag/contracts/scan';
import { describe, expect, it } from 'vitest';
import { messageLength } from './message-length';

describe('messageLength', () => {
  it('counts with thousands separators and says nothing far from the limit', () => {
    expect(messageLength('x'.repeat(1234))).toEqual({
      count: 1234,
      max: MAX_MESSAGE_LENGTH,
      state: 'ok',
      counter: '1,234 / 10,000',
      message: null,
    });
  });

  it('counts the trimmed message, as the server does', () => {
    expect(messageLength(`  hello \n`).count).toBe(5);
  });

  it('warns from 90% of the limit with the characters left', () => {
    expect(messageLength('x'.repeat(8_999)).state).toBe('ok');
    const near = messageLength('x'.repeat(9_000));
    expect(near.state).toBe('near');
    expect(near.message).toBe('Close to the limit: 1,000 characters left.');
    expect(messageLength('x'.repeat(9_999)).message).toBe('Close to the limit: 1 character left.');
  });

  it('accepts exactly the limit and refuses one more, with the length in the error', () => {
    expect(messageLength('x'.repeat(MAX_MESSAGE_LENGTH)).state).toBe('near');
    const over = messageLength('x'.repeat(12_345));
    expect(over.state).toBe('over');
    expect(over.counter).toBe('12,345 / 10,000');
    expect(over.message).toBe(
      'Messages can be at most 10,000 characters — this one is 12,345. Remove the parts that are not the message, or split it.',
    );
  });

  it('agrees with the contract the server validates with at the boundary', () => {
    for (const length of [MAX_MESSAGE_LENGTH, MAX_MESSAGE_LENGTH + 1]) {
      const message = ` ${'é'.repeat(length)} `;
      expect(messageLength(message).state === 'over').toBe(!scanRequestSchema.safeParse({ message }).success);
    }
  });
});
