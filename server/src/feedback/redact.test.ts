import { describe, expect, it } from 'vitest';
import { NOT_SHARED, redactor } from './redact.ts';

/** Every form in which a reason quotes the message or a QR payload, one marker for each. */
describe('redactor', () => {
  const wifi = 'WIFI:S:Lakeside-Villa-5G;T:WPA;P:Zq7-Marmalade-Vortex-Glacier-Pinwheel-4471;H:false;;';
  const note = 'Door code 4471, the key is under the blue flowerpot by the shed, back after nine tonight';
  const link = 'https://parking-citation.example/zq-district/ticket-88213/settle-fine/plate-KX7-9QR';
  const redact = redactor({
    values: ['parking-citation.example'],
    shortened: [wifi, note, link],
    message: `Hi Marguerite, your parcel is held at the depot. ${link}`,
  });

  it('a payload whole, cut to 77 characters and an ellipsis, or cut to 60 characters', () => {
    for (const payload of [wifi, note, link]) {
      expect(redact(`QR code leads to ${payload}`)).toBe(`QR code leads to ${NOT_SHARED}`);
      expect(redact(`QR code leads to ${payload.slice(0, 77)}...`)).toBe(`QR code leads to ${NOT_SHARED}`);
      expect(redact(`QR code leads to ${payload.slice(0, 40)}…`)).toBe(`QR code leads to ${NOT_SHARED}`);
    }
    expect(redact(`The link uses an unusual port (${link.slice(0, 60)})`)).toBe(
      `The link uses an unusual port ${NOT_SHARED}`,
    );
  });

  it('a payload of any scheme, even when it was not among the values', () => {
    for (const payload of [
      'MATMSG:TO:ada@example.com;SUB:Hi;;',
      'tel:+12025550173',
      'geo:48.8583,2.2945',
      'bitcoin:bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh?amount=0.5',
    ]) {
      expect(redact(`QR code leads to ${payload}.`)).toBe(`QR code leads to ${NOT_SHARED}.`);
    }
  });

  it('one marker for a link and the host inside it, never one inside another', () => {
    expect(redact('The link is not encrypted (http://parking-citation.example)')).toBe(
      `The link is not encrypted ${NOT_SHARED}`,
    );
    expect(redact('The link parking-citation.example imitates a city council')).toBe(
      `The link ${NOT_SHARED} imitates a city council`,
    );
  });

  it("the engine's own words stay, even where the message uses them; an AI reviewer's citing of the message goes", () => {
    const engine = 'Claims a parcel is held and asks you to pay (a fee, an address)';
    expect(redact(engine)).toBe(engine);
    expect(redact('AI review: It greets Marguerite, your parcel is held at the depot, and asks for a fee', true)).toBe(
      `AI review: It greets ${NOT_SHARED}, and asks for a fee`,
    );
  });
});
