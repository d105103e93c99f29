import { describe, expect, it } from 'vitest';
import { tidyOcrText, unwrapOcrLines } from './ocr-text';

describe('tidyOcrText', () => {
  it('joins a link a chat bubble wrapped over two lines, keeping the words after it on their own line', () => {
    expect(tidyOcrText('Pay now at https://usps-redelivery-\nfee.top/pay or it will be\nreturned.')).toBe(
      'Pay now at https://usps-redelivery-fee.top/pay\nor it will be\nreturned.',
    );
    expect(tidyOcrText('Visit www.example.com/\naccount/verify today')).toBe('Visit www.example.com/account/verify\ntoday');
  });

  it('puts back a capital I read as a bar, and keeps a bar between capitalised words', () => {
    expect(tidyOcrText('Honey | am stuck and\n| will pay you back when | arrive. |\'m sorry')).toBe(
      "Honey I am stuck and\nI will pay you back when I arrive. I'm sorry",
    );
    expect(tidyOcrText('Home | Settings | Help')).toBe('Home | Settings | Help');
  });

  it('leaves a finished link and ordinary hyphenated lines alone, and trims blank runs', () => {
    expect(tidyOcrText('Go to https://example.com\nnow.  \n\n\n\nThanks')).toBe('Go to https://example.com\nnow.\n\nThanks');
    expect(tidyOcrText('a well-\nknown shop')).toBe('a well-\nknown shop');
  });
});

describe('unwrapOcrLines', () => {
  it('joins the lines a bubble wrapped into one paragraph, so a phrase split over two lines is read whole', () => {
    expect(unwrapOcrLines('Your account will be\nsuspended today. Verify at\nhttps://bank.example/login\n\nThanks')).toBe(
      'Your account will be suspended today. Verify at https://bank.example/login\n\nThanks',
    );
  });

  it('keeps list items on their own lines', () => {
    expect(unwrapOcrLines('You need:\n- your card number\n- the code we sent\n1. Open the app')).toBe('You need:\n- your card number\n- the code we sent\n1. Open the app');
  });
});
