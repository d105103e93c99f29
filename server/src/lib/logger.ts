import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pino, { type DestinationStream } from 'pino';

/**
 * JSON logs. Never pass a pasted message, e-mail body or password here: log ids, lengths and verdicts.
 * Two safety nets stand behind that rule (a failing query logged its parameters):
 * - `redact` censors fields that carry user content whatever logged them;
 * - every error (`err`, `error`, `cause`) goes through `serializeError`, which keeps what helps to find a
 *   bug (name, code, SQLSTATE, constraint, the query text, stack frames) and drops what can hold user
 *   text (query parameters, driver `detail` / `where`, and any message that is not our own).
 */

const USER_FIELDS = [
  'message',
  'password',
  'body',
  'text',
  'html',
  'email',
  'to',
  'phone',
  'phoneNumber',
  'firstName',
  'lastName',
  'params',
  'parameters',
  'detail',
  'input',
  // Mail links carry a caller's callbackURL; the dev outbox (/dev/mailbox) shows them in full.
  'links',
];
const REDACT_PATHS = [...USER_FIELDS, ...USER_FIELDS.map((f) => `*.${f}`)];

export interface SafeError {
  type: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  /** The SQL of a failed query, with its $n placeholders: the values are never kept. */
  query?: string;
  /**
   * The message, only for our own errors (AppError) and the runtime's programming errors, after scrubbing
   * (not named `message`: that key is always redacted).
   */
  summary?: string;
  stack?: string;
  cause?: SafeError;
}

// Errors whose message is written by us or by the JavaScript engine about code, not about input. A
// SyntaxError is not in the list: JSON.parse quotes the text it could not read.
const SAFE_MESSAGE_TYPES = new Set(['AppError', 'TypeError', 'ReferenceError', 'RangeError']);
const IDENTIFIER = /^[\w.:-]{1,80}$/;

/**
 * What may be kept of free text that might quote input: the first line, without quoted parts, e-mail
 * addresses, or anything after a `params:` / `detail:` marker, at most 200 characters.
 */
export function scrubText(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  return firstLine
    .replace(/\b(params|parameters|detail|values?)\s*[:=].*$/i, '$1: [redacted]')
    .replace(/"[^"]*"?|'[^']*'?|`[^`]*`?|«[^»]*»?|“[^”]*”?/g, '[redacted]')
    .replace(/[^\s@]+@[^\s@]+/g, '[redacted]')
    .replace(/=\([^)]*\)/g, '=([redacted])')
    .slice(0, 200);
}

function stackFrames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  // The first line of a stack repeats the message: keep only the "at ..." frames.
  const frames = stack
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .slice(0, 15);
  return frames.length ? frames.join('\n') : undefined;
}

function ident(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && IDENTIFIER.test(value) ? value : undefined;
}

/** An error (or anything thrown) as it may be logged. Never returns query parameters or driver detail. */
export function serializeError(err: unknown, depth = 0): SafeError {
  if (typeof err === 'string') return { type: 'string', summary: scrubText(err) };
  if (!err || typeof err !== 'object') return { type: typeof err };
  const e = err as Record<string, unknown>;
  const type = ident(e.name) ?? ident(e.constructor?.name) ?? 'Error';
  const out: SafeError = { type };
  const code = ident(e.code);
  if (code) out.code = code;
  for (const key of ['constraint', 'table', 'column'] as const) {
    const v = ident(e[key]);
    if (v) out[key] = v;
  }
  if (typeof e.query === 'string') out.query = e.query.slice(0, 1000);
  // A database error's message can quote a value ("invalid input syntax for type uuid: ..."): dropped.
  const fromDatabase = typeof e.query === 'string' || (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code));
  if (!fromDatabase && SAFE_MESSAGE_TYPES.has(type) && typeof e.message === 'string')
    out.summary = scrubText(e.message);
  const stack = stackFrames(e.stack);
  if (stack) out.stack = stack;
  if (e.cause !== undefined && depth < 4) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/**
 * An incoming X-Request-Id is kept when it looks like an id (a UUID, a load balancer's or a tracing
 * system's hex id): at most 64 of [A-Za-z0-9-]. Anything else may be text a client chose to plant in our
 * logs (spaces, JSON, control characters) and is replaced by a fresh UUID.
 */
const REQUEST_ID = /^[A-Za-z0-9-]{1,64}$/;

export function requestIdFrom(header: string | undefined): string {
  return header !== undefined && REQUEST_ID.test(header) ? header : randomUUID();
}

interface RequestScope {
  reqId: string;
  /** The request's own child logger, which already carries reqId in its bindings. */
  log: pino.Logger;
}

/**
 * The request being served, for log lines written by code that was handed the app's root logger (services
 * log through ctx.logger, not the request's child): the mixin below adds its reqId to them. Module scope
 * is right here: AsyncLocalStorage holds nothing itself, each request's value lives in its own async
 * context, so two apps in one process (tests) cannot see each other's.
 */
const requestScope = new AsyncLocalStorage<RequestScope>();

/** Runs `fn` (the rest of the request) with every log line it causes carrying `reqId`. */
export function runInRequest<T>(scope: RequestScope, fn: () => T): T {
  return requestScope.run(scope, fn);
}

export function createLogger(level: string, destination?: DestinationStream) {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      // The request's child logger has reqId bound already; any other logger gets it from the scope.
      mixin: (_obj, _level, logger) => {
        const scope = requestScope.getStore();
        return scope && logger !== scope.log ? { reqId: scope.reqId } : {};
      },
      serializers: { err: serializeError, error: serializeError, cause: serializeError },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    },
    destination,
  );
}

export type Logger = ReturnType<typeof createLogger>;
