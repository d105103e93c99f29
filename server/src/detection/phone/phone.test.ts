import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzePhone, findNumbersInText, findNumbersInWholeText, numberWindows } from './phone.ts';
import { buildNanp } from './build-data.ts';
import { nanpFromFile, type NanpData } from './nanp.ts';

/** A tiny numbering table in the format of ../shared/data/phone, so the tests do not need the real data. */
function tinyNanp(): NanpData {
  const dir = mkdtempSync(join(tmpdir(), 'rf-nanp-'));
  writeFileSync(
    join(dir, 'nanp_ocn.csv'),
    'ocn,company,name_source,tomba_class,tomba_brand,voip_family,line_type_guess\n001F,"BANDWIDTH.COM CLEC, LLC - CA",nanpa_co_2026,voip,Bandwidth,bandwidth,voip_wholesale\n6214,"CELLCO PARTNERSHIP DBA VERIZON WIRELESS - CA",nanpa_co_2026,wireless,Verizon,,wireless\n9206,VERIZON NEW JERSEY,nanpa_co_2026,wireline,,,wireline\n',
  );
  writeFileSync(
    join(dir, 'us_nxx.csv'),
    'npa,nxx,state,ocn,rate_center,pooled,in_service\n415,200,CA,6214,SNFC,Y,Y\n201,200,NJ,9206,JERSEYCITY,N,Y\n',
  );
  writeFileSync(
    join(dir, 'us_blocks_2023.csv'),
    'npa,nxx,block_holders\n415,200,6214|001F|6214|6214|6214|6214|6214|6214|6214|6214\n',
  );
  writeFileSync(join(dir, 'us_block_class_2026.csv'), 'npa,nxx,block_classes\n415,200,WVWWWWWWWW\n');
  writeFileSync(join(dir, 'ca_nxx.csv'), 'npa,nxx,province,ocn,exchange_area,pooled,status\n');
  return nanpFromFile(buildNanp(dir));
}

describe('phone intelligence', () => {
  const nanp = tinyNanp();

  it('answers validity, country and line type from the full metadata', () => {
    const uk = analyzePhone('+44 20 7946 0000');
    expect(uk.analysis).toMatchObject({
      valid: true,
      country: 'GB',
      lineType: 'FIXED_LINE',
      isVoip: false,
      e164: '+442079460000',
    });
    expect(analyzePhone('+1 900 555 0000').signals.map((s) => s.id)).toContain('phone_premium_rate');
    expect(analyzePhone('+44 70 3123 4567').analysis.lineType).toBe('PERSONAL_NUMBER');
    expect(analyzePhone('12').analysis.valid).toBe(false);
  });

  it('never says "not VoIP" for a US number without numbering data', () => {
    const us = analyzePhone('(415) 200-1234', { nanp: null });
    expect(us.analysis).toMatchObject({ valid: true, country: 'US', isVoip: null, lineType: 'FIXED_LINE_OR_MOBILE' });
  });

  it('uses the block holder from the numbering data as a VoIP prior', () => {
    const voip = analyzePhone('+1 415 200 1234', { nanp });
    expect(voip.analysis.isVoip).toBe(true);
    expect(voip.analysis.carrier).toBe('Bandwidth');
    expect(voip.signals.map((s) => s.id)).toContain('phone_voip_wholesale');
    const mobile = analyzePhone('+1 415 200 2234', { nanp });
    expect(mobile.analysis).toMatchObject({ isVoip: false, lineType: 'MOBILE', carrier: 'Verizon' });
  });

  it('flags an exchange that was never assigned (spoofed caller ID)', () => {
    const r = analyzePhone('+1 415 555 2671', { nanp });
    expect(r.signals.map((s) => s.id)).toContain('phone_unassigned_code');
    expect(r.analysis.isVoip).toBeNull();
  });

  it('flags a foreign number on a local marketplace and a country that does not fit the claimed sender', () => {
    expect(analyzePhone('+234 803 123 4567', { platform: 'craigslist' }).signals.map((s) => s.id)).toContain(
      'phone_foreign_for_platform',
    );
    expect(analyzePhone('+44 7911 123456', { claimedCountry: 'US' }).signals.map((s) => s.id)).toContain(
      'phone_country_mismatch',
    );
    expect(analyzePhone('+1 202 555 0143', { platform: 'craigslist', claimedCountry: 'US' }).signals).toEqual([]);
  });

  it('finds premium-rate numbers written in a message', () => {
    expect(findNumbersInText('Call 09061701461 now to claim').map((n) => n.type)).toContain('PREMIUM_RATE');
    expect(findNumbersInText('see you at 3')).toEqual([]);
  });

  it('does not read a date and time as a phone number, and still finds a number written next to one', () => {
    // In tokenised e-mails libphonenumber read a deal number and a date, or two dotted dates, as one US number.
    const report =
      'total 8 , 047\n868060 6 / 20 / 01 gas daily volume report - deal number 27 , 571\nb 34764 4 / 16 / 01 north region volume report';
    expect(findNumbersInWholeText(report).map((n) => n.e164)).toEqual(['+13476441601']);
    expect(findNumbersInText(report)).toEqual([]);
    expect(findNumbersInWholeText('( 5 . 33 . 69 / 3 . 26 . 83 )\nin the last quarter')).toHaveLength(1);
    expect(findNumbersInText('( 5 . 33 . 69 / 3 . 26 . 83 )\nin the last quarter')).toEqual([]);
    expect(findNumbersInText('on 05/14/2001 10:30 call (415) 555-2671 about the deal').map((n) => n.e164)).toEqual([
      '+14155552671',
    ]);
    expect(findNumbersInText('Dated 14.05.2001, ring 02079460958 today').map((n) => n.e164)).toEqual(['+442079460958']);
    // Figures in a table are not numbers; a number written with a dot after its area code is.
    const table = 'total false pos 4 0.363636363636\ntotal false neg 34 3.09090909091\n'.repeat(30);
    expect(findNumbersInText(table)).toEqual([]);
    expect(findNumbersInText('questions? call us at (214) 740.0923 today').map((n) => n.e164)).toEqual([
      '+12147400923',
    ]);
    // A number written with dots is not a date.
    expect(findNumbersInText('Appelez le +33 1.23.45.67.89 pour confirmer').map((n) => n.country)).toEqual(['FR']);
  });

  it('searches only where digits are close together, and finds what a search of the whole text finds', () => {
    expect(numberWindows('no digits here at all')).toEqual([]);
    expect(numberWindows('only 2001 this year, and then 42 more')).toEqual([]);
    const filler = 'The quarterly figures are attached; 12 of 40 stores reported 3 new lines in 2001. '.repeat(12);
    const numbers = [
      '+1 (415) 555-2671',
      '09061701461',
      '+44 20 7946 0958',
      '+234 803 123 4567',
      '1-800-275-2273',
      '+63 917 123 4567',
    ];
    for (const [i, n] of numbers.entries()) {
      const text = `${filler.slice(0, 300 * i)}Call ${n} ext. 12 now.\n${filler}`;
      const found = findNumbersInText(text);
      expect(found).toEqual(findNumbersInWholeText(text));
      expect(found).toHaveLength(1);
      expect(text.slice(found[0]?.start, found[0]?.end)).toContain(n.slice(-4));
    }
    // Many separate digit runs: past the window limit the text is searched whole, as before.
    const many = Array.from(
      { length: 60 },
      (_, i) => `order ${2000000000 + i} shipped to the warehouse on the north side of the river, as agreed.`,
    ).join(' ');
    expect(numberWindows(many)).toBeNull();
    expect(findNumbersInText(many)).toEqual(findNumbersInWholeText(many));
  });
});
