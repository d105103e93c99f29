import { describe, expect, it } from 'vitest';
import { breakAtGaps, tidyOcrText, unwrapOcrLines, type OcrLayout } from './ocr-text';

describe('tidyOcrText', () => {
  it('joins a link a chat bubble wrapped over two lines, keeping the words after it on their own line', () => {
    expect(tidyOcrText('Pay now at https://usps-redelivery-\nfee.top/pay or it will be\nreturned.')).toBe(
      'Pay now at https://usps-redelivery-fee.top/pay\nor it will be\nreturned.',
    );
    expect(tidyOcrText('Visit www.example.com/\naccount/verify today')).toBe(
      'Visit www.example.com/account/verify\ntoday',
    );
  });

  it('puts back a capital I read as a bar, and keeps a bar between capitalised words', () => {
    expect(tidyOcrText("Honey | am stuck and\n| will pay you back when | arrive. |'m sorry")).toBe(
      "Honey I am stuck and\nI will pay you back when I arrive. I'm sorry",
    );
    expect(tidyOcrText('Home | Settings | Help')).toBe('Home | Settings | Help');
  });

  it('joins a wrapped link the reader set apart with a blank line, but not a link followed by a new paragraph', () => {
    expect(tidyOcrText('fee at\n\nhttps://royalmail-\n\nredeliver.top/pay before 6pm')).toBe(
      'fee at\n\nhttps://royalmail-redeliver.top/pay\nbefore 6pm',
    );
    expect(tidyOcrText('Visit https://example.com/\n\nThanks, Sam')).toBe('Visit https://example.com/\n\nThanks, Sam');
  });

  it('leaves a finished link and ordinary hyphenated lines alone, and trims blank runs', () => {
    expect(tidyOcrText('Go to https://example.com\nnow.  \n\n\n\nThanks')).toBe(
      'Go to https://example.com\nnow.\n\nThanks',
    );
    expect(tidyOcrText('a well-\nknown shop')).toBe('a well-\nknown shop');
  });
});

describe('unwrapOcrLines', () => {
  it('joins the lines a bubble wrapped into one paragraph, so a phrase split over two lines is read whole', () => {
    expect(
      unwrapOcrLines('Your account will be\nsuspended today. Verify at\nhttps://bank.example/login\n\nThanks'),
    ).toBe('Your account will be suspended today. Verify at https://bank.example/login\n\nThanks');
  });

  it('joins the lines of one sentence that the reader returned as paragraphs of their own', () => {
    const read =
      'Royal Mail: your parcel could not\n\nbe delivered because the\n\npostage was not paid in full. Pay\n\nthe £1.45 fee at\n\nhttps://royalmail-redeliver.top/pay before 6pm\n\ntoday or it goes back to the\n\nsender.';
    expect(unwrapOcrLines(read)).toBe(
      'Royal Mail: your parcel could not be delivered because the postage was not paid in full. Pay the £1.45 fee at https://royalmail-redeliver.top/pay before 6pm today or it goes back to the sender.',
    );
    // A sentence that goes on with a capitalised name, after a word that cannot end one.
    expect(unwrapOcrLines('Your account with\n\nBarclays has been locked.')).toBe(
      'Your account with Barclays has been locked.',
    );
  });

  it('keeps real paragraph breaks: after a finished sentence, a greeting or a sign-off', () => {
    expect(
      unwrapOcrLines('Dear customer,\n\nYour card was charged $89.\n\nCall us if this was not you.\n\nThanks\n\nSam'),
    ).toBe('Dear customer,\n\nYour card was charged $89.\n\nCall us if this was not you.\n\nThanks\n\nSam');
    expect(unwrapOcrLines('Hi Mum\n\nThis is my new number')).toBe('Hi Mum\n\nThis is my new number');
    expect(unwrapOcrLines('You need:\n\n- your card number\n\n- the code')).toBe(
      'You need:\n\n- your card number\n\n- the code',
    );
  });

  it('keeps list items on their own lines', () => {
    expect(unwrapOcrLines('You need:\n- your card number\n- the code we sent\n1. Open the app')).toBe(
      'You need:\n- your card number\n- the code we sent\n1. Open the app',
    );
  });
});

describe('breakAtGaps', () => {
  // Lines 40 px tall, 12 px apart inside a bubble; the second bubble starts 70 px below the first one's last line.
  const line = (text: string, y0: number) => ({ text: `${text}\n`, bbox: { y0, y1: y0 + 40 } });
  const twoBubbles: OcrLayout = {
    blocks: [
      {
        paragraphs: [
          {
            lines: [
              line('Pay the fee at https://royalmail-redeliver.top/pay before', 100),
              line('6pm today or it goes back to the sender.', 152),
              line('Reply STOP to opt out.', 262),
            ],
          },
        ],
      },
    ],
  };
  const text =
    'Pay the fee at https://royalmail-redeliver.top/pay before\n6pm today or it goes back to the sender.\nReply STOP to opt out.\n';

  it('starts a paragraph where the layout shows a gap taller than a line inside one of its paragraphs', () => {
    expect(breakAtGaps(text, twoBubbles)).toBe(
      'Pay the fee at https://royalmail-redeliver.top/pay before\n6pm today or it goes back to the sender.\n\nReply STOP to opt out.\n',
    );
    expect(unwrapOcrLines(tidyOcrText(breakAtGaps(text, twoBubbles))).split('\n\n')).toEqual([
      'Pay the fee at https://royalmail-redeliver.top/pay before 6pm today or it goes back to the sender.',
      'Reply STOP to opt out.',
    ]);
  });

  it('leaves lines at their usual spacing, a missing layout and a layout that does not match the text alone', () => {
    const close: OcrLayout = {
      blocks: [{ paragraphs: [{ lines: [line('Pay the fee', 100), line('before 6pm today.', 152)] }] }],
    };
    expect(breakAtGaps('Pay the fee\nbefore 6pm today.\n', close)).toBe('Pay the fee\nbefore 6pm today.\n');
    expect(breakAtGaps(text, null)).toBe(text);
    // A banner's heading above its message, however far: the heading ends no sentence.
    const banner: OcrLayout = {
      blocks: [{ paragraphs: [{ lines: [line('NOTICE', 100), line('Your vehicle tax is overdue.', 260)] }] }],
    };
    expect(breakAtGaps('NOTICE\nYour vehicle tax is overdue.\n', banner)).toBe(
      'NOTICE\nYour vehicle tax is overdue.\n',
    );
    expect(breakAtGaps('Something else entirely\n', twoBubbles)).toBe('Something else entirely\n');
  });

  it('adds no second blank line where the text already has one', () => {
    const apart = text.replace('sender.\n', 'sender.\n\n');
    expect(breakAtGaps(apart, twoBubbles)).toBe(apart);
  });
});
