import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { SEARCH_DEBOUNCE_MS } from '../hooks/use-debounced-search';
import { readHistoryFilters, type HistoryFilters } from '../utils/history-query';
import { HistoryToolbar } from './HistoryToolbar';

type Change = { next: HistoryFilters; replace: boolean };

/** The toolbar over filters held as the URL would hold them; every change is recorded. */
function Harness({ changes, initial }: { changes: Change[]; initial: HistoryFilters }) {
  const [filters, setFilters] = useState(initial);
  return (
    <>
      {/* Stands for the URL changing elsewhere: the back button or the list's Clear. */}
      <button type="button" onClick={() => setFilters({ ...filters, q: '' })}>
        Elsewhere
      </button>
      <HistoryToolbar
        filters={filters}
        onFiltersChange={(next, options) => {
          changes.push({ next, replace: Boolean(options?.replace) });
          setFilters(next);
        }}
      />
    </>
  );
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const start = (): HistoryFilters => ({ ...readHistoryFilters(new URLSearchParams()), page: 3 });

describe('HistoryToolbar', () => {
  it('searches once typing pauses, trimmed, from page 1, replacing the history entry', async () => {
    const changes: Change[] = [];
    const { user } = renderWithApp(<Harness changes={changes} initial={start()} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search your scans' }), '  usps ');
    expect(changes).toEqual([]);
    await act(() => wait(SEARCH_DEBOUNCE_MS + 100));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ next: { q: 'usps', page: 1 }, replace: true });
  });

  it('searches at once on Enter, and a filter keeps what is typed', async () => {
    const changes: Change[] = [];
    const { user } = renderWithApp(<Harness changes={changes} initial={start()} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search your scans' }), 'bank{Enter}');
    expect(changes[0]?.next.q).toBe('bank');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Verdict' }), 'scam');
    expect(changes.at(-1)?.next).toMatchObject({ q: 'bank', verdict: 'scam', page: 1 });
  });

  it('shows the search the URL changed to elsewhere (back button, Clear)', async () => {
    const changes: Change[] = [];
    const { user } = renderWithApp(<Harness changes={changes} initial={{ ...start(), q: 'old' }} />);
    const box = screen.getByRole('searchbox', { name: 'Search your scans' });
    expect(box).toHaveValue('old');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(box).toHaveValue('');
    await act(() => wait(SEARCH_DEBOUNCE_MS + 100));
    expect(changes).toEqual([]);
  });
});
