import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from './error-codes.ts';

export { ERROR_MESSAGES, ERROR_STATUS, isErrorCode, type ErrorCode } from './error-codes.ts';

export const errorCodeSchema = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

/** Every error response has this body. `details` carries field errors or reasons (e.g. weak_password). */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
    retryAfterSeconds: z.number().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
