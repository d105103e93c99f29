import { useEffect, useState, type ReactNode } from 'react';

/** docs/product.md §9: one toast at a time; a dismissed toast is removed after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes itself; defaults to 5000. */
  duration?: number;
  action?: ReactNode;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

export interface ToastState {
  toasts: ToastItem[];
}

export type ToastAction =
  | { type: 'ADD'; toast: ToastItem }
  | { type: 'UPDATE'; toast: Partial<ToastItem> & { id: string } }
  | { type: 'DISMISS'; id?: string }
  | { type: 'REMOVE'; id?: string };

/** Pure state transitions, exported for tests. The newest toast wins; older ones are dropped. */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'ADD':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'DISMISS':
      return {
        toasts: state.toasts.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t)),
      };
    case 'REMOVE':
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
  }
}

let counter = 0;
function nextId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return String(counter);
}

const listeners = new Set<(state: ToastState) => void>();
let memoryState: ToastState = { toasts: [] };
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function dispatch(action: ToastAction): void {
  memoryState = toastReducer(memoryState, action);
  if (action.type === 'DISMISS') scheduleRemoval(action.id);
  for (const listener of listeners) listener(memoryState);
}

function scheduleRemoval(id: string | undefined): void {
  const ids = id === undefined ? memoryState.toasts.map((t) => t.id) : [id];
  for (const toastId of ids) {
    if (removeTimers.has(toastId)) continue;
    removeTimers.set(
      toastId,
      setTimeout(() => {
        removeTimers.delete(toastId);
        dispatch({ type: 'REMOVE', id: toastId });
      }, TOAST_REMOVE_DELAY_MS),
    );
  }
}

/** Shows a toast: `toast({ title, description, variant })`. Callable from anywhere, not only components. */
export function toast(input: ToastInput) {
  const id = nextId();
  const dismiss = () => dispatch({ type: 'DISMISS', id });
  const update = (next: ToastInput) => dispatch({ type: 'UPDATE', toast: { ...next, id } });
  dispatch({ type: 'ADD', toast: { ...input, id, open: true } });
  return { id, dismiss, update };
}

export function dismissToast(id?: string): void {
  dispatch({ type: 'DISMISS', id });
}

/** Marks a toast closed (Radix calls this when it times out, is swiped away or closed). */
export function onToastOpenChange(id: string, open: boolean): void {
  if (!open) dismissToast(id);
}

export function useToast() {
  const [state, setState] = useState<ToastState>(memoryState);
  useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return { ...state, toast, dismiss: dismissToast };
}
