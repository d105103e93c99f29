import { describe, expect, it } from 'vitest';
import { toastReducer, type ToastItem } from './use-toast';

const item = (id: string): ToastItem => ({ id, open: true, title: `Toast ${id}` });

describe('toastReducer', () => {
  it('keeps at most one toast: the newest replaces the current one', () => {
    let state = toastReducer({ toasts: [] }, { type: 'ADD', toast: item('1') });
    state = toastReducer(state, { type: 'ADD', toast: item('2') });
    expect(state.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('closes a dismissed toast and removes it only on REMOVE', () => {
    let state = toastReducer({ toasts: [] }, { type: 'ADD', toast: item('1') });
    state = toastReducer(state, { type: 'DISMISS', id: '1' });
    expect(state.toasts).toEqual([{ ...item('1'), open: false }]);
    state = toastReducer(state, { type: 'REMOVE', id: '1' });
    expect(state.toasts).toEqual([]);
  });

  it('updates a toast in place', () => {
    const state = toastReducer({ toasts: [item('1')] }, { type: 'UPDATE', toast: { id: '1', title: 'New' } });
    expect(state.toasts[0]?.title).toBe('New');
  });
});
