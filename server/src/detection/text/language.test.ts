import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language.ts';

describe('the language shown with a result', () => {
  it('reads English with typographic punctuation, symbols and emoji as English', () => {
    // Curly quotes, "–" and "|" are not letters of another language (the n-gram detector called these Dutch).
    expect(detectLanguage('Big brother‘s really scraped the barrel with this lot of misfits')?.code).toBe('en');
    expect(detectLanguage('have you heard @olddominionmusic ‘s new album of meows? 🤣🤣')?.code).toBe('en');
    expect(
      detectLanguage('Your parcel couldn’t be delivered – we’ll try again tomorrow, please keep your phone on 😊')
        ?.code,
    ).toBe('en');
  });

  it('still tells other languages, and Taglish, apart from English', () => {
    expect(
      detectLanguage('Hola, soy yo, cambié de número. ¿Me puedes enviar dinero hoy? Es urgente, te lo devuelvo mañana')
        ?.code,
    ).toBe('es');
    expect(
      detectLanguage('Bonjour, votre colis est en attente. Merci de régler les frais de livraison avant demain')?.code,
    ).toBe('fr');
    expect(
      detectLanguage('Hi po, pwede po ba kayo mag-send ng GCash ngayon? Babayaran ko lang po bukas, salamat')?.code,
    ).not.toBe('en');
    expect(detectLanguage('สวัสดีค่ะ คุณได้รับรางวัล กรุณากดลิงก์เพื่อรับเงิน')?.code).toBe('th');
    expect(detectLanguage('ok')).toBeNull();
  });
});
