import { describe, expect, it } from 'vitest';
import { separateScreenChrome } from './screen-chrome';

// Hand-written OCR outputs of phone and desktop screens (not the bench's screens): the message must come out
// alone, and everything else on the screen must be kept, in order, for the user to add back.
describe('separateScreenChrome', () => {
  it('takes the status bar, the SMS header, the timestamp, the receipt and the input placeholder out of an SMS screen', () => {
    const ocr = [
      '10:27 ull 4G @ 62%',
      '',
      '< Messages',
      '+44 7700 900123',
      'Text Message',
      'Yesterday 18:02',
      '',
      'Hi, it is your son, I lost my phone.',
      'Can you text me on this new number?',
      '',
      'Delivered',
      '',
      'Type a message',
    ].join('\n');
    const { message, chrome } = separateScreenChrome(ocr);
    expect(message).toBe('Hi, it is your son, I lost my phone.\nCan you text me on this new number?');
    expect(chrome.map((c) => c.text)).toEqual([
      '10:27 ull 4G @ 62%',
      '< Messages',
      '+44 7700 900123',
      'Text Message',
      'Yesterday 18:02',
      'Delivered',
      'Type a message',
    ]);
    expect(chrome.filter((c) => c.before).map((c) => c.text)).toEqual([
      '10:27 ull 4G @ 62%',
      '< Messages',
      '+44 7700 900123',
      'Text Message',
      'Yesterday 18:02',
    ]);
  });

  it('takes out a header the reader joined into one line: "+44 7893 402117 > Text Message - Today 08:17"', () => {
    const ocr = [
      '+44 7893 402117 > Text Message - Today 08:17',
      '',
      'Royal Mail: your parcel is held. Pay £1.45 at royalmail-redeliver.top',
    ].join('\n');
    const { message, chrome } = separateScreenChrome(ocr);
    expect(message).toBe('Royal Mail: your parcel is held. Pay £1.45 at royalmail-redeliver.top');
    expect(chrome.map((c) => c.text)).toEqual(['+44 7893 402117 > Text Message - Today 08:17']);
    // A message line with a ">" in it is not a header.
    expect(separateScreenChrome('Hi Mum > I lost my phone, text me here').message).toBe(
      'Hi Mum > I lost my phone, text me here',
    );
  });

  it("keeps an e-mail's header lines out of the message, naming the sender and the subject", () => {
    const ocr =
      'Von: Paketdienst <info@paket-zustellung.de>\nAn: mich\nBetreff: Ihre Lieferung\nDatum: 12.03.2026, 08:15\n\nGuten Tag, Ihre Sendung konnte nicht zugestellt werden.\nBitte antworten Sie auf diese E-Mail.';
    const { message, chrome, from, subject } = separateScreenChrome(ocr);
    expect(message).toBe(
      'Guten Tag, Ihre Sendung konnte nicht zugestellt werden.\nBitte antworten Sie auf diese E-Mail.',
    );
    expect(chrome.map((c) => c.kind)).toEqual(['email-header', 'email-header', 'email-header', 'email-header']);
    expect(from).toBe('info@paket-zustellung.de');
    expect(subject).toBe('Ihre Lieferung');
  });

  it('takes a header line that a narrow screen wrapped, but not a body that follows it in the same block', () => {
    const wrapped =
      'From: Billing Team <billing@account-\nsupport-desk.net>\n\nAsunto: Aviso sobre su\nsuscripción mensual\n\nGracias por su compra, el recibo va adjunto.';
    const split = separateScreenChrome(wrapped);
    expect(split.message).toBe('Gracias por su compra, el recibo va adjunto.');
    expect(split.chrome.map((c) => c.text)).toEqual([
      'From: Billing Team <billing@account-support-desk.net>',
      'Asunto: Aviso sobre su suscripción mensual',
    ]);
    expect(split.from).toBe('billing@account-support-desk.net');
    expect(separateScreenChrome('Subject: Invoice\nPlease pay the attached invoice today, thank you.').message).toBe(
      'Please pay the attached invoice today, thank you.',
    );
  });

  it('reads chat headers and placeholders in the other languages', () => {
    expect(
      separateScreenChrome(
        'Carolina Mendes\nen línea\n\nHola, ¿me prestas 200 euros hasta el lunes?\n\nEscribe un mensaje',
      ).message,
    ).toBe('Hola, ¿me prestas 200 euros hasta el lunes?');
    expect(
      separateScreenChrome("Aujourd'hui 14:05\n\nBonjour, votre colis vous attend au relais.\n\nLu 14:06").message,
    ).toBe('Bonjour, votre colis vous attend au relais.');
    expect(separateScreenChrome('Hari ini 09.12\n\nHalo, paketnya sudah sampai?\n\nKetik pesan').message).toBe(
      'Halo, paketnya sudah sampai?',
    );
  });

  it('reads a screen the reader returned as one block: a dash for the dot, the receipt and placeholder under the text', () => {
    const ocr =
      '< Messages\nText Message - Today 9:41 AM\nYour card was charged $89.\nCall us if this was not you.\nDelivered\niMessage';
    const { message, chrome } = separateScreenChrome(ocr);
    expect(message).toBe('Your card was charged $89.\nCall us if this was not you.');
    expect(chrome.map((c) => [c.text, c.before])).toEqual([
      ['< Messages', true],
      ['Text Message - Today 9:41 AM', true],
      ['Delivered', false],
      ['iMessage', false],
    ]);
    // A last line that finishes an unfinished sentence is the message's, even when it reads like a receipt.
    expect(separateScreenChrome('Hi, your parcel was\nDelivered').message).toBe('Hi, your parcel was\nDelivered');
  });

  it('takes a date line out from between two bubbles, but only when it stands alone', () => {
    const { message, chrome } = separateScreenChrome(
      'Are you home?\n\nToday 9:41 AM\n\nYour parcel is at the depot, pay the fee at https://parcel.example/fee',
    );
    expect(message).toBe('Are you home?\n\nYour parcel is at the depot, pay the fee at https://parcel.example/fee');
    expect(chrome).toEqual([{ text: 'Today 9:41 AM', kind: 'time', before: false }]);
  });

  it("keeps a wrapped sentence's last word that the reader set apart as a paragraph, even when it reads like a receipt", () => {
    const { message, chrome } = separateScreenChrome('Your parcel could not be\n\ndelivered\n\nToday 9:41 AM');
    expect(message).toBe('Your parcel could not be\n\ndelivered');
    expect(chrome).toEqual([{ text: 'Today 9:41 AM', kind: 'time', before: false }]);
  });

  it('leaves the message alone when its own words look like labels', () => {
    const text =
      'Hi Mum\nthis is my new number, save it.\nYour parcel was\nDelivered\nto the wrong address. Read the note at 9:41 and reply.';
    expect(separateScreenChrome(text)).toEqual({ message: text, chrome: [] });
    const invoice = 'Dear customer,\nDate: 12 May 2026\nAmount due: $499.00\nCall us to cancel.';
    expect(separateScreenChrome(invoice).message).toBe(invoice);
    expect(separateScreenChrome('').message).toBe('');
  });

  it('lists lines of glyphs read from a QR code or a picture apart, wherever they stand, and keeps the words', () => {
    const ocr = [
      'ⅠⅡ ▪ ■ |l|l',
      '[=] Ar] or, [=] L',
      '',
      'Your parking session has expired.',
      '| - |_| _ i |',
      'Scan the code to pay the fine today.',
      '',
      'Eh [m4 28 |W | ey nu | - |_| _ i |',
    ].join('\n');
    const { message, chrome } = separateScreenChrome(ocr);
    expect(message).toBe('Your parking session has expired.\nScan the code to pay the fine today.');
    expect(chrome).toEqual([
      { text: 'ⅠⅡ ▪ ■ |l|l', kind: 'glyphs', before: true },
      { text: '[=] Ar] or, [=] L', kind: 'glyphs', before: true },
      { text: '| - |_| _ i |', kind: 'glyphs', before: false },
      { text: 'Eh [m4 28 |W | ey nu | - |_| _ i |', kind: 'glyphs', before: false },
    ]);
    // A sticker's one line of words stays the message when the rest is glyphs.
    expect(separateScreenChrome('Pay Here\n|l|l ■ [=]')).toEqual({
      message: 'Pay Here',
      chrome: [{ text: '|l|l ■ [=]', kind: 'glyphs', before: true }],
    });
  });

  it('keeps short message lines of numbers, prices, initials and symbols', () => {
    const text =
      'Hi Sam, the bike is yours for $120.\n$1.99\nCall 0800 123 456\n- Mom\nI\na)\n🎉 🎂\n=> 50% off <=\nID: X7-42_9\nOk :)\n***\n-';
    expect(separateScreenChrome(text)).toEqual({ message: text, chrome: [] });
  });
});
