import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, scrubText, serializeError } from './logger.ts';

/** The log's safety nets on their own (the marker test in http/ drives them through the whole app). */

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger('info', stream), lines };
}

/** A failed query as Drizzle throws it: the SQL, its parameters in the message, the driver error as cause. */
function failedQuery(secret: string) {
  const driver = Object.assign(new Error(`invalid input syntax for type uuid: "${secret}"`), {
    code: '22P02',
    detail: `Key (email)=(${secret}) already exists.`,
    where: `unnamed portal parameter $1 = '${secret}'`,
  });
  return Object.assign(
    new Error(`Failed query: select * from "user" where "email" = $1\nparams: ${secret}`, { cause: driver }),
    {
      name: 'DrizzleQueryError',
      query: 'select * from "user" where "email" = $1',
      params: [secret],
    },
  );
}

describe('the logger', () => {
  it('keeps the query text, SQLSTATE and frames of a failed query, and none of its parameters', () => {
    const { logger, lines } = capture();
    logger.error({ err: failedQuery('ada@example.com') }, 'unhandled error');
    logger.error(failedQuery('ada@example.com'), 'thrown directly');
    const out = lines.join('');
    expect(out).not.toContain('ada@example.com');
    const first = JSON.parse(lines[0] ?? '{}') as {
      err: { type: string; query: string; cause: { code: string }; stack: string };
    };
    expect(first.err).toMatchObject({
      type: 'DrizzleQueryError',
      query: 'select * from "user" where "email" = $1',
      cause: { code: '22P02' },
    });
    expect(first.err.stack).toMatch(/^\s+at /);
  });

  it('censors fields that hold user content, at the top level and one level down', () => {
    const { logger, lines } = capture();
    logger.info(
      {
        to: 'ada@example.com',
        user: { email: 'ada@example.com', firstName: 'Ada', phoneNumber: '+15550100' },
        links: ['http://x/?callbackURL=ada'],
      },
      'mail',
    );
    expect(lines.join('')).not.toMatch(/ada|Ada|5550100/);
  });

  it('keeps a programming error message, scrubbed of quoted text and addresses', () => {
    expect(serializeError(new TypeError("Cannot read properties of undefined (reading 'secret')")).summary).toBe(
      'Cannot read properties of undefined (reading [redacted])',
    );
    expect(
      serializeError(new SyntaxError('Unexpected token, "my secret message" is not valid JSON')).summary,
    ).toBeUndefined();
    expect(scrubText('mail to ada@example.com failed\nparams: secret')).toBe('mail to [redacted] failed');
  });
});
