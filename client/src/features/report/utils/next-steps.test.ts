import { SCAM_TYPES, type Platform, type ScamType } from '@redflag/contracts/scan';
import { describe, expect, it } from 'vitest';
import { BRAND_CONTACTS, impersonatedBrands } from './brand-contacts';
import { channelOf } from './channel';
import { ONLINE_FRAUD_TYPES } from './destinations';
import { nextSteps } from './next-steps';
import {
  chooseCountry,
  countryFromLocale,
  countryFromMessage,
  countryFromPhone,
  initialCountry,
  namedInstitutions,
  REPORT_COUNTRIES,
  type ReportCountry,
} from './report-country';
import { buildSummary, type SummaryInput } from './summary';

const ids = (input: Parameters<typeof nextSteps>[0]) => nextSteps(input).map((d) => d.id);

describe('nextSteps: each scam type and country', () => {
  // The expected national destinations per country, and which of them only online-fraud types add.
  const national: Record<ReportCountry, { always: string[]; online: string[] }> = {
    US: { always: ['ftc'], online: ['ic3'] },
    UK: { always: ['action-fraud'], online: [] },
    AU: { always: ['scamwatch'], online: ['reportcyber'] },
    CA: { always: ['cafc'], online: [] },
    IN: { always: ['in-cybercrime', 'in-chakshu'], online: [] },
    NG: { always: ['ng-efcc'], online: [] },
    KE: { always: ['ke-dci'], online: [] },
    PH: { always: ['ph-cicc'], online: ['ph-pnp-acg'] },
    SG: { always: ['sg-scamshield'], online: ['sg-police'] },
    ZA: { always: ['za-saps'], online: ['za-sabric'] },
    IE: { always: ['ie-garda'], online: [] },
    NZ: { always: ['nz-netsafe'], online: ['nz-police'] },
    other: { always: ['local-authority'], online: [] },
  };
  // Which types count as online fraud is destinations.ts's table (ONLINE_FRAUD_TYPES); what it must mean is
  // checked here on types whose answer is not in doubt, and every type is placed in one side or the other.
  const online: ScamType[] = [...ONLINE_FRAUD_TYPES];
  const notOnline = (Object.keys(SCAM_TYPES) as ScamType[]).filter((type) => !ONLINE_FRAUD_TYPES.has(type));

  it('counts money lost to a person met online as online fraud, and a fake bank or parcel text as not', () => {
    for (const type of ['romance', 'crypto_investment', 'marketplace_overpayment', 'job_task'] as const)
      expect(online).toContain(type);
    for (const type of ['phishing', 'delivery_smishing', 'bank_impersonation', 'toll_smishing'] as const)
      expect(notOnline).toContain(type);
  });

  for (const country of Object.keys(national) as ReportCountry[]) {
    for (const type of [...online, ...notOnline]) {
      it(`${type} in ${country} goes to ${[...national[country].always, ...(online.includes(type) ? national[country].online : [])].join(' + ')}`, () => {
        // Platform "email" keeps the channel steps (7726) out of this table; they have their own tests.
        // The type's own first steps (your bank, the police) have their own tests below.
        const got = ids({ scamType: type, platform: 'email', country }).filter(
          (id) => !id.startsWith('platform-') && !['uk-phishing-inbox', 'your-bank', 'police-extortion'].includes(id),
        );
        const want = [...national[country].always, ...(online.includes(type) ? national[country].online : [])];
        expect(got).toEqual(want);
      });
    }
  }
});

describe("nextSteps: each new type's own first step", () => {
  it('sends a payment redirection, a fake invoice, a recovery, loan or fake-shop scam to the bank first', () => {
    for (const type of ['payment_redirect', 'fake_invoice', 'recovery', 'loan', 'fake_shop'] as const) {
      expect(ids({ scamType: type, platform: 'email', country: 'UK' })[0]).toBe('your-bank');
    }
  });
  it('sends extortion to the police first, and a phishing text to neither', () => {
    expect(ids({ scamType: 'extortion', platform: 'email', country: 'US' })[0]).toBe('police-extortion');
    expect(ids({ scamType: 'phishing', platform: 'sms', country: 'US' })).not.toContain('your-bank');
    expect(ids({ scamType: 'phishing', platform: 'sms', country: 'US' })).not.toContain('police-extortion');
  });
});

describe('nextSteps: texts go to 7726 only in the US and the UK', () => {
  it.each<[ReportCountry, boolean]>([
    ['US', true],
    ['UK', true],
    ['AU', false],
    ['CA', false],
    ['IN', false],
    ['other', false],
  ])('an SMS in %s: 7726 %s', (country, expected) => {
    expect(ids({ scamType: 'delivery_smishing', platform: 'sms', country }).includes('text-7726')).toBe(expected);
  });

  it.each<[ReportCountry, string | null]>([
    ['NZ', 'nz-7726'],
    ['IN', 'in-1909'],
    ['KE', 'ke-333'],
    ['NG', null],
    ['PH', null],
    ['SG', null],
    ['ZA', null],
    ['IE', null],
  ])("an SMS in %s goes to the carriers' own short code: %s", (country, code) => {
    const got = ids({ scamType: 'delivery_smishing', platform: 'sms', country });
    const codes = got.filter((id) => ['nz-7726', 'in-1909', 'ke-333', 'text-7726'].includes(id));
    expect(codes).toEqual(code ? [code] : []);
  });

  it('puts 7726 first for a US text, before ReportFraud', () => {
    expect(ids({ scamType: 'delivery_smishing', platform: 'sms', country: 'US' })).toEqual(['text-7726', 'ftc']);
  });

  it('does not offer 7726 for an e-mail, a marketplace chat or WhatsApp', () => {
    for (const platform of ['email', 'facebook', 'whatsapp'] as Platform[]) {
      expect(ids({ scamType: 'phishing', platform, country: 'US' })).not.toContain('text-7726');
    }
  });

  it('treats a smishing type, or a phone-only sender, without a platform as a text', () => {
    expect(ids({ scamType: 'toll_smishing', platform: null, country: 'UK' })).toContain('text-7726');
    expect(ids({ scamType: 'phishing', platform: null, country: 'US', senderPhone: '+12025550143' })).toContain(
      'text-7726',
    );
    expect(ids({ scamType: 'phishing', platform: null, country: 'US', senderEmail: 'a@b.example' })).not.toContain(
      'text-7726',
    );
  });

  it('sends a UK e-mail to the NCSC phishing inbox', () => {
    const steps = nextSteps({ scamType: 'phishing', platform: 'email', country: 'UK' });
    expect(steps.find((s) => s.id === 'uk-phishing-inbox')?.address).toBe('report@phishing.gov.uk');
  });
});

describe('nextSteps: platforms', () => {
  const pages: Array<[Platform, string]> = [
    ['facebook', 'https://www.facebook.com/help/'],
    ['craigslist', 'https://www.craigslist.org/about/scams'],
    ['offerup', 'https://help.offerup.com/hc/en-us/articles/360032336271-How-to-report-a-user'],
    ['ebay', 'https://www.ebay.com/help/account/protecting-account/recognising-spoof-emails?id=4195'],
    ['etsy', 'https://help.etsy.com/hc/en-us/articles/360000343128-Suspicious-Messages'],
    ['whatsapp', 'https://faq.whatsapp.com/414631957536067'],
  ];
  it.each(pages)('%s gives its own report page in every country', (platform, url) => {
    for (const country of REPORT_COUNTRIES.map((c) => c.value)) {
      const step = nextSteps({ scamType: 'marketplace_overpayment', platform, country }).find(
        (s) => s.id === `platform-${platform}`,
      );
      expect(step?.url).toBe(url);
    }
  });

  it('sends marketplace scams to IC3 in the US even when the type is only "other"', () => {
    expect(ids({ scamType: 'other', platform: 'craigslist', country: 'US' })).toEqual([
      'platform-craigslist',
      'ftc',
      'ic3',
    ]);
  });

  it('asks romance victims to report in the dating app, which has no single page', () => {
    const step = nextSteps({ scamType: 'romance', platform: 'other', country: 'US' }).find(
      (s) => s.id === 'platform-dating',
    );
    expect(step).toMatchObject({ kind: 'in-app', name: 'Report on the dating app or social network' });
    expect(step?.url).toBeUndefined();
  });

  it('gives no platform step for an SMS or e-mail phishing message', () => {
    expect(ids({ scamType: 'phishing', platform: 'sms', country: 'AU' })).toEqual(['scamwatch']);
  });

  it('links only https pages, and every named country and these platforms get at least one link', () => {
    const urlsBy = new Map<string, Set<string>>();
    const add = (key: string, url: string) => urlsBy.set(key, (urlsBy.get(key) ?? new Set()).add(url));
    for (const platform of ['facebook', 'craigslist', 'offerup', 'ebay', 'etsy', 'whatsapp', 'sms'] as Platform[]) {
      for (const country of REPORT_COUNTRIES.map((c) => c.value)) {
        for (const scamType of Object.keys(SCAM_TYPES) as ScamType[]) {
          for (const step of nextSteps({ scamType, platform, country })) {
            // Each step carries what the user acts on: a website its page, a code or an inbox its address.
            if (step.kind === 'website') expect(step.url, step.id).toMatch(/^https:\/\//);
            if (step.kind === 'forward-text' || step.kind === 'email') expect(step.address, step.id).toMatch(/\S/);
            if (!step.url) continue;
            add(`country:${country}`, step.url);
            add(`platform:${platform}`, step.url);
          }
        }
      }
    }
    const urls = [...new Set([...urlsBy.values()].flatMap((set) => [...set]))];
    expect(urls.filter((url) => !/^https:\/\/[^/]+\.[a-z]{2,}(\/|$)/.test(url))).toEqual([]);
    // A step whose link went missing cannot pass as "no http link": each of these must have some.
    const withLinks = [...urlsBy.keys()].sort();
    const expected = [
      ...REPORT_COUNTRIES.map((c) => c.value)
        .filter((c) => c !== 'other')
        .map((c) => `country:${c}`),
      ...['facebook', 'craigslist', 'offerup', 'ebay', 'etsy', 'whatsapp', 'sms'].map((p) => `platform:${p}`),
    ].sort();
    expect(withLinks.filter((key) => key !== 'country:other')).toEqual(expected);
    expect(urls.length).toBeGreaterThan(expected.length);
  });
});

describe('impersonated brands', () => {
  it('finds the brand named in the message, on whole words only', () => {
    expect(
      impersonatedBrands({ message: 'Your Apple ID was locked. Verify at http://x.example' }).map((b) => b.brand),
    ).toEqual(['Apple']);
    expect(impersonatedBrands({ message: 'PayPal: you received $500' }).map((b) => b.brand)).toEqual(['PayPal']);
    expect(impersonatedBrands({ message: 'pineapples for sale, pay with cash' })).toEqual([]);
  });

  it("uses the engine's look-alike finding when the text does not name the brand", () => {
    expect(
      impersonatedBrands({ message: 'Sign in to keep your account', lookalikes: ['Microsoft'] }).map((b) => b.brand),
    ).toEqual(['Microsoft']);
  });

  it('adds the brand address as an e-mail step', () => {
    const brands = impersonatedBrands({ message: 'Amazon: your order is on hold' });
    const step = nextSteps({ scamType: 'phishing', platform: 'email', country: 'CA', brands }).find(
      (s) => s.id === 'brand-amazon',
    );
    expect(step).toMatchObject({ kind: 'email', address: 'reportascam@amazon.com' });
  });

  it('has only e-mail addresses at the brand’s own domain', () => {
    for (const contact of BRAND_CONTACTS) {
      const domain = contact.address.split('@')[1] ?? '';
      expect(domain.replace(/^office365\./, '')).toMatch(new RegExp(`(^|\\.)${contact.brand.toLowerCase()}\\.com$`));
    }
  });
});

describe('country', () => {
  it('comes from the sender number', () => {
    expect(countryFromPhone('+1 202 555 0143')).toBe('US');
    expect(countryFromPhone('+44 7700 900123')).toBe('UK');
    expect(countryFromPhone('+61 412 345 678')).toBe('AU');
    expect(countryFromPhone('+1 416 555 0199')).toBe('CA');
    expect(countryFromPhone('+33 6 12 34 56 78')).toBe('other');
    expect(countryFromPhone('0044 7700 900123')).toBe('UK');
  });

  it("prefers the engine's finding and ignores numbers without a country code", () => {
    expect(countryFromPhone('(202) 555-0143', 'GB')).toBe('UK');
    expect(countryFromPhone('(202) 555-0143')).toBeNull();
    expect(countryFromPhone('')).toBeNull();
  });

  it('falls back to the browser locale region', () => {
    expect(countryFromLocale('en-GB')).toBe('UK');
    expect(countryFromLocale('en-AU')).toBe('AU');
    expect(countryFromLocale('fr-CA')).toBe('CA');
    expect(countryFromLocale('en-US')).toBe('US');
    expect(countryFromLocale('de-DE')).toBe('other');
    expect(countryFromLocale('en')).toBe('other');
    expect(countryFromLocale('not a locale')).toBe('other');
    expect(initialCountry(null, null, 'en-GB')).toBe('UK');
    expect(initialCountry('+12025550143', null, 'en-GB')).toBe('US');
  });
});

describe('country from the message', () => {
  const place = (message: string, links: string[] = []) => countryFromMessage(message, links)?.country ?? null;

  it.each<[string, string, string[]]>([
    [
      'IN',
      'Dear customer, Rs.4,999 debited from your A/c via UPI. If not you, update KYC at http://sbi-kyc.in-verify.top',
      [],
    ],
    ['IN', 'Your electricity will be cut tonight. Pay ₹1,250 now: call 98XXXXXX10', []],
    ['NG', 'Your BVN has been blocked. Call +234 803 123 4567 to reactivate your GTBank account', []],
    ['NG', 'Congratulations! You won ₦500,000 in the MTN promo', []],
    ['KE', 'Confirmed. You have received Ksh 2,500 from JOHN. Kindly send it back, it was a mistake. M-PESA', []],
    ['PH', 'Your GCash account will be suspended. Verify now at gcash-verify.top', []],
    ['PH', 'You won ₱25,000 from the DSWD raffle! Claim now', []],
    ['SG', 'SingPost: your parcel could not be delivered. Pay S$2.50 at singpost-redelivery.top', []],
    ['SG', 'DBS: your PayNow transfer is on hold. Log in at dbs-sg-secure.top', []],
    ['ZA', 'SARS: you have a tax refund of R3 450.00. Claim at sars-efiling-refund.top', []],
    ['ZA', 'Capitec: suspicious login. Confirm your OTP', []],
    ['IE', 'An Post: your parcel is held. Pay €1.99 at anpost-delivery.top', []],
    ['IE', 'eFlow: you have an unpaid toll of €3.20. Pay now', []],
    ['NZ', 'NZ Post: your parcel is waiting. Pay NZ$2.99 at nzpost-help.top', []],
    ['NZ', 'Kiwibank: your card is locked. Call +64 9 555 0123', []],
    ['UK', 'HMRC: you are due a tax refund of £243.87', []],
    ['US', 'USPS: your package is on hold. Pay $1.99 now', []],
    // A country domain is a weak clue: it counts beside another one.
    ['IN', 'Your account needs verification. Fee Rs. 10', ['https://netbanking.example.co.in/login']],
  ])('places a message in %s: %s', (country, message, links) => {
    expect(place(message, links)).toBe(country);
  });

  it('gives no country for a message with nothing local, a lone weak clue, or a tie', () => {
    expect(place('Hi, is the bike still available?')).toBeNull();
    expect(place('Pay $5 now to release your parcel')).toBeNull();
    expect(place('You owe 5 rupees')).toBeNull();
    expect(place('Your account needs verification', ['https://netbanking.example.co.in/login'])).toBeNull();
    expect(place('HMRC and USPS both want you to pay')).toBeNull();
  });

  it('says what it read the country from', () => {
    expect(countryFromMessage('Rs.4,999 debited via UPI')?.labels).toEqual(['Rs.', 'UPI']);
  });

  it('names the banks and wallets the message names, at most two', () => {
    expect(
      namedInstitutions('Your GCash and BDO accounts and your PayMaya wallet are locked').map((i) => i.name),
    ).toEqual(['GCash', 'Maya']);
    expect(namedInstitutions('Your M-PESA is on hold')).toEqual([{ name: 'M-Pesa', country: 'KE' }]);
    expect(namedInstitutions('Hi, is the bike still available?')).toEqual([]);
  });
});

describe('country choice', () => {
  const upi = 'Dear customer, Rs.4,999 debited from your A/c via UPI. If not you, call 1800 000 000';

  it("takes the user's remembered choice first", () => {
    expect(chooseCountry({ remembered: 'KE', message: upi, locale: 'en-US' })).toMatchObject({
      country: 'KE',
      source: 'remembered',
    });
    expect(chooseCountry({ remembered: 'not-a-country', message: upi, locale: 'en-US' })).toMatchObject({
      country: 'IN',
      source: 'message',
    });
  });

  it("then the sender's number, then the message, then the browser", () => {
    expect(chooseCountry({ phone: '+44 7700 900123', message: upi, locale: 'en-US' })).toMatchObject({
      country: 'UK',
      source: 'sender',
    });
    expect(chooseCountry({ message: upi, locale: 'en-US' })).toMatchObject({
      country: 'IN',
      source: 'message',
      labels: ['Rs.', 'UPI'],
    });
    expect(chooseCountry({ message: 'Is the bike still available?', locale: 'en-US' })).toMatchObject({
      country: 'US',
      source: 'locale',
    });
    // A sender from a country without its own steps does not hide a message that clearly places itself.
    expect(chooseCountry({ phone: '+33 6 12 34 56 78', message: upi, locale: 'en-US' })).toMatchObject({
      country: 'IN',
      source: 'message',
    });
    expect(chooseCountry({ phone: '+33 6 12 34 56 78', message: 'hello', locale: 'en-US' })).toMatchObject({
      country: 'other',
      source: 'sender',
    });
    // A message in euros with nothing placing it in Ireland is from a country without its own steps, not the browser's (a new-user walk).
    expect(
      chooseCountry({
        message: '¿Me puedes hacer una transferencia urgente de 850 euros? Te lo devuelvo mañana.',
        locale: 'en-US',
      }),
    ).toMatchObject({ country: 'other', source: 'message', labels: ['euros'] });
    expect(
      chooseCountry({ message: 'Your An Post parcel is held: pay €1.95 at anpost-redelivery.com', locale: 'en-US' }),
    ).toMatchObject({ country: 'IE', source: 'message' });
  });

  it('places the numbers of the new countries', () => {
    expect(countryFromPhone('+91 98765 43210')).toBe('IN');
    expect(countryFromPhone('+234 803 123 4567')).toBe('NG');
    expect(countryFromPhone('+254 712 345678')).toBe('KE');
    expect(countryFromPhone('+63 917 123 4567')).toBe('PH');
    expect(countryFromPhone('+65 8123 4567')).toBe('SG');
    expect(countryFromPhone('+27 82 123 4567')).toBe('ZA');
    expect(countryFromPhone('+353 87 123 4567')).toBe('IE');
    expect(countryFromPhone('+64 21 123 4567')).toBe('NZ');
    expect(countryFromLocale('en-IN')).toBe('IN');
    expect(countryFromLocale('en-NZ')).toBe('NZ');
  });
});

describe('nextSteps: the bank or wallet the message names', () => {
  it('names it in place of "your bank" for a bank-first type, and adds it otherwise', () => {
    const gcash = namedInstitutions('GCash: verify your account');
    expect(ids({ scamType: 'payment_redirect', platform: 'sms', country: 'PH', institutions: gcash })[0]).toBe(
      'institution-gcash',
    );
    expect(ids({ scamType: 'payment_redirect', platform: 'sms', country: 'PH', institutions: gcash })).not.toContain(
      'your-bank',
    );
    const steps = nextSteps({ scamType: 'phishing', platform: 'sms', country: 'PH', institutions: gcash });
    expect(steps.map((s) => s.id)).toEqual(['institution-gcash', 'ph-cicc']);
    expect(steps[0]?.name).toBe("GCash's fraud line");
  });
});

describe('channelOf', () => {
  it('reads the platform first', () => {
    expect(channelOf('sms', 'phishing', {})).toBe('text');
    expect(channelOf('etsy', null, { phone: '+1' })).toBe('marketplace');
    expect(channelOf(null, null, { phone: '+1', email: 'a@b.c' })).toBe('unknown');
  });
});

describe('buildSummary', () => {
  const base: SummaryInput = {
    scamTypeLabel: 'Delivery Scam',
    verdictLabel: 'SCAM DETECTED',
    riskScore: 91,
    platformLabel: 'SMS / Text',
    senderPhone: '+1 202 555 0143',
    senderEmail: null,
    links: ['https://usps-redelivery-fee.top/pay', 'https://usps-redelivery-fee.top/pay'],
    reasons: ['Asks you to pay a small fee', 'The link imitates USPS'],
    checkedAt: '2026-03-04T15:30:00.000Z',
    message: 'USPS: your parcel is held. Pay at https://usps-redelivery-fee.top/pay',
    includeMessage: false,
  };

  it('carries the sender, the links once, the reasons and the date, and not the message', () => {
    const text = buildSummary(base);
    expect(text).toContain('Sender phone: +1 202 555 0143');
    expect(text.match(/usps-redelivery-fee\.top\/pay/g)).toHaveLength(1);
    expect(text).toContain('- Asks you to pay a small fee');
    expect(text).toContain('2026');
    expect(text).toContain('Delivery Scam');
    expect(text).not.toContain('your parcel is held');
    expect(text).not.toContain('Message text');
  });

  it('adds the message only when asked', () => {
    expect(buildSummary({ ...base, includeMessage: true })).toContain('Message text:\nUSPS: your parcel is held.');
  });

  it('omits what the scan does not have', () => {
    const text = buildSummary({ ...base, senderPhone: null, links: [], reasons: [], platformLabel: null });
    expect(text).not.toContain('Sender');
    expect(text).not.toContain('Links');
    expect(text).not.toContain('Received via');
  });
});
