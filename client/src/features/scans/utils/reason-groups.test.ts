import type { ReasonDetail } from '@redflag/contracts/scan';
import { describe, expect, it } from 'vitest';
import { reasonTone } from '@/lib/reason-tone';
import { displayReasons, evidenceItems, groupReasons } from './reason-groups';

const reason = (over: Partial<ReasonDetail> & Pick<ReasonDetail, 'id'>): ReasonDetail => ({
  text: `reason ${over.id}`,
  weight: 1,
  severity: 'medium',
  evidence: [],
  ...over,
});

describe('evidenceItems', () => {
  it('never shows the engine wording of model, reviewer, phone or e-mail evidence', () => {
    const items = evidenceItems([
      { kind: 'model', detail: 'text model: 3% scam-like' },
      { kind: 'llm', detail: 'llm riskScore 80, phishing' },
      { kind: 'phone', detail: 'line type VOIP' },
      { kind: 'email', detail: 'MX lookup: none' },
    ]);
    expect(items).toEqual([
      { kind: 'source', text: 'the overall wording of the message' },
      { kind: 'source', text: 'a second review of the whole message' },
      { kind: 'source', text: 'the phone number you entered' },
      { kind: 'source', text: 'the e-mail address you entered' },
    ]);
    expect(JSON.stringify(items)).not.toMatch(/text model|llm|VOIP|MX/);
  });

  it('keeps quotes and links, shortens long quotes and drops repeats and blanks', () => {
    const long = 'a'.repeat(200);
    expect(
      evidenceItems([
        { kind: 'span', start: 0, end: 9, text: 'gift card' },
        { kind: 'span', start: 20, end: 29, text: 'gift card' },
        { kind: 'span', start: 30, end: 33, text: '   ' },
        { kind: 'span', start: 40, end: 240, text: long },
        { kind: 'url', url: 'https://usps-fee.top/pay' },
        { kind: 'model', detail: 'a' },
        { kind: 'model', detail: 'b' },
      ]),
    ).toEqual([
      { kind: 'quote', text: 'gift card', start: 0, end: 9 },
      { kind: 'quote', text: `${'a'.repeat(120)}…`, start: 40, end: 240 },
      { kind: 'link', text: 'https://usps-fee.top/pay' },
      { kind: 'source', text: 'the overall wording of the message' },
    ]);
  });
});

describe('reasonTone', () => {
  it('reads a risk-raising reason as a warning on a red or amber verdict and as worth watching on a green one', () => {
    expect(reasonTone({ weight: 2, severity: 'high' }, 'scam')).toBe('warning');
    expect(reasonTone({ weight: 0.4, severity: 'low' }, 'suspicious')).toBe('warning');
    expect(reasonTone({ weight: 2, severity: 'high' }, 'legitimate')).toBe('watch');
  });

  it('reads a reason that lowered the risk as reassuring, and a neutral one as context, on any verdict', () => {
    expect(reasonTone({ weight: -1, severity: 'info' }, 'scam')).toBe('reassuring');
    expect(reasonTone({ weight: -1, severity: 'info' }, 'legitimate')).toBe('reassuring');
    expect(reasonTone({ weight: 0, severity: 'info' }, 'suspicious')).toBe('context');
    expect(reasonTone({ weight: 0, severity: 'low' }, 'legitimate')).toBe('context');
  });

  it('reads a zero-weight reason of high or medium severity (the text model) as a warning sign', () => {
    expect(reasonTone({ weight: 0, severity: 'high' }, 'scam')).toBe('warning');
    expect(reasonTone({ weight: 0, severity: 'medium' }, 'legitimate')).toBe('watch');
  });
});

describe('displayReasons', () => {
  it('never paints a green verdict red: worth-watching reasons are drawn at medium, calm ones at info', () => {
    const shown = displayReasons(
      {
        reasons: [],
        reasonDetails: [
          reason({ id: 'a', weight: 3, severity: 'high' }),
          reason({ id: 'b', weight: -1, severity: 'high' }),
        ],
      },
      'legitimate',
    );
    expect(shown.map((r) => [r.id, r.tone, r.severity])).toEqual([
      ['a', 'watch', 'medium'],
      ['b', 'reassuring', 'info'],
    ]);
  });

  it('keeps the severity of warnings on a red verdict', () => {
    const [shown] = displayReasons(
      { reasons: [], reasonDetails: [reason({ id: 'a', weight: 3, severity: 'high' })] },
      'scam',
    );
    expect(shown).toMatchObject({ tone: 'warning', severity: 'high' });
  });

  it('falls back to the plain reason sentences of older scans, read by the verdict', () => {
    expect(displayReasons({ reasons: ['Asks for a gift card'], reasonDetails: [] }, 'scam')).toEqual([
      { id: 'reason-0', text: 'Asks for a gift card', tone: 'warning', severity: 'medium', evidence: [] },
    ]);
    expect(displayReasons({ reasons: ['Ordinary wording'], reasonDetails: null }, 'legitimate')[0]).toMatchObject({
      tone: 'context',
      severity: 'info',
    });
  });
});

describe('groupReasons', () => {
  const mixed = [
    reason({ id: 'w1', weight: 2 }),
    reason({ id: 'calm', weight: -1, severity: 'info' }),
    reason({ id: 'w2', weight: 1 }),
    reason({ id: 'ctx', weight: 0, severity: 'info' }),
  ];

  it('puts warning signs first on a red verdict, then what looked normal, and loses no reason', () => {
    const groups = groupReasons(displayReasons({ reasons: [], reasonDetails: mixed }, 'scam'), 'scam');
    expect(groups.map((g) => [g.tone, g.title, g.reasons.map((r) => r.id)])).toEqual([
      ['warning', 'Warning signs', ['w1', 'w2']],
      ['calm', 'Also noted', ['calm']],
      ['calm', 'Also worth knowing', ['ctx']],
    ]);
    expect(groups[1]?.note).toMatch(/do not outweigh/);
    expect(groups[2]?.note).toBeNull();
  });

  it('never files a caution that did not move the score ("the link is not encrypted") under "These looked normal"', () => {
    const cautions = [
      reason({ id: 'w1', weight: 2 }),
      reason({ id: 'http', text: 'The link is not encrypted', weight: 0, severity: 'low' }),
      reason({ id: 'call', text: "Check it against the company's real number", weight: 0, severity: 'low' }),
    ];
    const groups = groupReasons(displayReasons({ reasons: [], reasonDetails: cautions }, 'scam'), 'scam');
    const looksNormal = groups.find((g) => g.note?.includes('looked normal'));
    expect(looksNormal).toBeUndefined();
    expect(groups.map((g) => [g.title, g.reasons.map((r) => r.id)])).toEqual([
      ['Warning signs', ['w1']],
      ['Also worth knowing', ['http', 'call']],
    ]);
  });

  it("shows a green verdict's context first and its risk-raising reasons as worth watching, never hidden", () => {
    const groups = groupReasons(displayReasons({ reasons: [], reasonDetails: mixed }, 'legitimate'), 'legitimate');
    expect(groups.map((g) => [g.tone, g.title, g.reasons.map((r) => r.id)])).toEqual([
      ['calm', 'What we found', ['calm', 'ctx']],
      ['watch', 'Worth watching', ['w1', 'w2']],
    ]);
  });

  it('titles a red verdict with only neutral reasons plainly, and returns nothing for no reasons', () => {
    const groups = groupReasons(
      displayReasons(
        { reasons: [], reasonDetails: [reason({ id: 'ctx', weight: 0, severity: 'info' })] },
        'suspicious',
      ),
      'suspicious',
    );
    expect(groups).toMatchObject([{ tone: 'calm', title: 'What we found', note: null }]);
    expect(groupReasons([], 'scam')).toEqual([]);
  });
});
