import { ERROR_MESSAGES, ERROR_STATUS, type ErrorCode } from '@redflag/contracts/errors';

/** The one error type services throw. The error handler turns it into `{ error: { code, message } }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    message?: string,
    opts: { details?: unknown; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message ?? ERROR_MESSAGES[code] ?? code, { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = opts.details;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }
}
