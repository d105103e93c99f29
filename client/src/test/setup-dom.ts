import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { server } from './http';

server.listen({ onUnhandledRequest: 'error' });

// findBy* waits for lazily loaded chunks (the result view, the platform select): a second is short on a
// busy two-core machine.
configure({ asyncUtilTimeout: 5000 });

// Testing Library unmounts on its own only where the runner has globals; ours has not.
afterEach(() => {
  cleanup();
  server.resetHandlers();
  sessionStorage.clear();
  localStorage.clear();
});

// jsdom has no layout and no media queries: scrolling is a no-op the app may call (after sign-in, to a new
// result), and every media query answers "no match" (a narrow screen without reduced motion).
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();
window.matchMedia = (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) satisfies MediaQueryList;
