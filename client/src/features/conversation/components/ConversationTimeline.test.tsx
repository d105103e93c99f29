import { render, screen } from '@testing-library/react';
import type { StoredScan } from '@redflag/contracts/scan';
import { describe, expect, it } from 'vitest';
import ConversationTimeline from './ConversationTimeline';

const message = 'Them: hello\nMe: hi\nThem: pay the fee';

function scan(conversation: StoredScan['conversation']): StoredScan {
  return {
    id: '00000000-0000-4000-8000-000000000000',
    message,
    platform: null,
    phoneNumber: null,
    email: null,
    source: 'text',
    riskScore: 55,
    confidence: 0.7,
    scamType: null,
    reasons: [],
    reasonDetails: [],
    links: [],
    advice: null,
    engineVersion: 'test',
    createdAt: '2026-12-01T00:00:00.000Z',
    conversation,
  };
}

const turns: NonNullable<StoredScan['conversation']>['turns'] = [
  { speaker: 'Them', role: 'them', time: null, start: 6, end: 11, riskScore: null },
  { speaker: 'Me', role: 'me', time: null, start: 16, end: 18, riskScore: null },
  { speaker: 'Them', role: 'them', time: null, start: 25, end: 37, riskScore: null },
];

describe('ConversationTimeline', () => {
  it('says a chat read whole was read as one, and marks none of its messages as fine or red', () => {
    render(
      <ConversationTimeline
        scan={scan({ format: 'labelled', turns, turnedAt: null, standing: null, readWhole: true })}
      />,
    );
    expect(screen.getByText(/too many different messages to score one by one/)).toBeInTheDocument();
    expect(screen.queryByText(/None of their messages is marked red/)).not.toBeInTheDocument();
    expect(screen.queryAllByTestId('turn-red')).toHaveLength(0);
    for (const item of screen.getAllByTestId('turn')) expect(item.className).not.toMatch(/emerald/);
  });

  it('a chat read turn by turn says where it turned', () => {
    const scored = turns.map((t, i) => (t.role === 'them' ? { ...t, riskScore: i === 2 ? 80 : 5 } : t));
    render(<ConversationTimeline scan={scan({ format: 'labelled', turns: scored, turnedAt: 2, standing: null })} />);
    expect(screen.getByText(/It turned at message 3/)).toBeInTheDocument();
    expect(screen.getAllByTestId('turn-red')).toHaveLength(1);
  });
});
