import type { ErrorCode } from '@redflag/contracts/errors';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The network boundary for component tests: msw answers the requests a component really sends, through
 * the app's own api client and better-auth's client. It starts listening in setup-dom.ts, before any test
 * module is imported: better-auth's client keeps the `fetch` it finds when it is created. A request no
 * test declared fails the test.
 */
export const server = setupServer();

/** An error answer in the API's one shape, with a code from the contracts' closed list. */
export function errorAnswer(status: number, code: ErrorCode, message: string, details?: unknown) {
  return HttpResponse.json({ error: { code, message, ...(details === undefined ? {} : { details }) } }, { status });
}
