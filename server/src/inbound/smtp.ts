import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { isLoopbackAddress } from '../http/security.ts';
import { AppError } from '../lib/app-error.ts';
import {
  checkForwardedMail,
  INBOUND_RATE,
  recipientFor,
  SENDER_REFUSAL_TEXT,
  senderRefusal,
  type Recipient,
  type InboundCtx,
} from './inbound.service.ts';

type Ctx = InboundCtx;

/** An SMTP reply: smtp-server sends `responseCode` and the message to the client. */
function smtpError(code: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode: code });
}

/**
 * The longest a session may last, whatever the client sends. smtp-server's socket timeout is an idle one,
 * which any command (a NOOP every 20 seconds) resets, so a few clients could otherwise hold the listener's
 * 50 connections for ever. A relay hands over one mail in seconds; five minutes leaves room for a slow
 * link and the check itself.
 */
export const MAX_SESSION_MS = 5 * 60_000;

const TOO_MANY = 'Too many messages to this address, try again later';

export interface InboundSmtp {
  port: number;
  close(): Promise<void>;
}

/**
 * The listener for forwarded mail (config.inbound; off unless INBOUND_SMTP_PORT is set). It takes mail only
 * for a known check+<token>@domain address, refusing any other recipient at RCPT (550), one recipient per
 * mail, and only from the account's own verified address (envelope or From; 550 with the reason). It
 * limits mails per account (counting only mail taken to be checked) and per client (450 when over), the
 * size (552, SIZE advertised), the MIME parts (554) and the session's length (421 at MAX_SESSION_MS); it
 * ignores file attachments (a message attached as .eml is read: it is the forwarded one). The mail's text
 * is scanned and answered to the account's own address before the 250, so a database failure answers 451
 * and the sender's server tries again. smtp-server's own logger is off: our lines carry ids and counts,
 * never an address, a subject or a body. `port` overrides the setting (0 in tests), `maxSessionMs` the
 * session limit.
 */
export async function startInboundSmtp(
  ctx: Ctx,
  opts: { port?: number; maxSessionMs?: number } = {},
): Promise<InboundSmtp> {
  const inbound = ctx.config.inbound;
  if (!inbound) throw new Error('the inbound listener needs INBOUND_SMTP_PORT');
  const { logger } = ctx;
  const recipients = new Map<string, Recipient>();
  const sessionEnds = new Map<string, NodeJS.Timeout>();
  const maxSessionMs = opts.maxSessionMs ?? MAX_SESSION_MS;

  /** Ends a session at its hard limit: 421 (the client may try again later) and the connection closed. */
  function endSession(sessionId: string) {
    sessionEnds.delete(sessionId);
    for (const connection of server.connections) {
      if (connection.id !== sessionId) continue;
      logger.info({ smtpSession: sessionId }, 'inbound SMTP session ended at its time limit');
      connection.send(421, 'Session time limit reached, closing connection');
    }
  }

  const server = new SMTPServer({
    name: inbound.domain,
    banner: 'RedFlag forwarded-mail checker',
    logger: false,
    authOptional: true,
    disabledCommands: inbound.tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(inbound.tls ? { key: readFileSync(inbound.tls.keyFile), cert: readFileSync(inbound.tls.certFile) } : {}),
    size: inbound.maxBytes,
    disableReverseLookup: true,
    maxClients: 50,
    socketTimeout: 60_000,

    onConnect(session, callback) {
      sessionEnds.set(session.id, setTimeout(() => endSession(session.id), maxSessionMs).unref());
      // Behind a local relay every mail comes from loopback: the per-account limit is the one that counts.
      if (isLoopbackAddress(session.remoteAddress)) return callback();
      ctx.rateLimiter.hit(INBOUND_RATE.perClient, session.remoteAddress).then(
        (hit) =>
          callback(hit.allowed ? null : smtpError(421, 'Too many connections from your address, try again later')),
        (err: unknown) => callback(failure(err)),
      );
    },

    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= 1) return callback(smtpError(452, 'One recipient per message'));
      recipientFor(ctx, address.address).then(
        async (recipient) => {
          if (!recipient) return callback(smtpError(550, 'No such mailbox'));
          // Looked at, not counted: only a mail taken to be checked counts (handle), so RCPT then RSET is free.
          if (recipient.hourlyFull) return callback(smtpError(450, TOO_MANY));
          recipients.set(session.id, recipient);
          callback();
        },
        (err: unknown) => callback(failure(err)),
      );
    },

    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        // Past the limit nothing more is kept; smtp-server marks the stream and the mail is refused below.
        if (bytes <= inbound.maxBytes) chunks.push(chunk);
      });
      stream.on('end', () => {
        const recipient = recipients.get(session.id);
        recipients.delete(session.id);
        if (stream.sizeExceeded || bytes > inbound.maxBytes) {
          logger.info({ bytes }, 'forwarded mail refused: too large');
          return callback(smtpError(552, `Message too large (at most ${inbound.maxBytes} bytes)`));
        }
        if (!recipient) return callback(smtpError(503, 'No valid recipient'));
        handle(recipient, Buffer.concat(chunks), session).then(
          () => callback(),
          (err: unknown) => callback(refusalOf(err) ?? failure(err)),
        );
      });
    },

    onClose(session) {
      recipients.delete(session.id);
      clearTimeout(sessionEnds.get(session.id));
      sessionEnds.delete(session.id);
    },
  });

  /**
   * A mail for `recipient`: read, refused unless it comes from the account's own address, counted against
   * the account's hourly limit, then checked. Refusals throw an smtpError, which refusalOf passes through.
   */
  async function handle(recipient: Recipient, raw: Buffer, session: SMTPServerSession) {
    // Parsed and read on an engine thread: a mail of 40,000 links does not hold the event loop.
    const mail = await ctx.enginePool.readMail(raw);
    // mailparser's limits on a mail's structure: the same mail would fail again, so it is refused for good.
    if (mail.kind !== 'read')
      throw smtpError(
        554,
        mail.kind === 'too_many_parts'
          ? 'Message has too many parts to check (at most 1,000): forward the suspicious e-mail on its own'
          : 'Message has a header or line too long to check: forward the suspicious e-mail on its own',
      );
    const envelope = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
    const refusal = senderRefusal(recipient, { envelope, from: mail.from });
    if (refusal) {
      logger.info({ smtpSession: session.id, userId: recipient.userId, refusal }, 'forwarded mail refused: sender');
      throw smtpError(550, SENDER_REFUSAL_TEXT[refusal]);
    }
    // The hourly hit is taken with the scan's claim (checkForwardedMail): over the limit, 450.
    const outcome = await checkForwardedMail(ctx, recipient, mail.message).catch((err: unknown) => {
      throw err instanceof AppError && err.code === 'RATE_LIMITED' ? smtpError(450, TOO_MANY) : err;
    });
    logger.info({ smtpSession: session.id, bytes: raw.length, outcome: outcome.kind }, 'forwarded mail taken');
  }

  /** A refusal handle threw on purpose (it carries its SMTP code), or null for an unexpected failure. */
  function refusalOf(err: unknown): Error | null {
    return err instanceof Error && typeof (err as { responseCode?: unknown }).responseCode === 'number' ? err : null;
  }

  /** An unexpected failure: logged by name (never the mail), answered as temporary so the sender retries. */
  function failure(err: unknown): Error {
    logger.error({ err: { name: (err as Error)?.name, message: (err as Error)?.message } }, 'forwarded mail failed');
    return smtpError(451, 'Temporary failure, try again later');
  }

  server.on('error', (err) => logger.error({ err: { name: err.name, message: err.message } }, 'inbound SMTP error'));

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(opts.port ?? inbound.port, inbound.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  logger.info({ port, host: inbound.host, domain: inbound.domain }, 'inbound SMTP listening');
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
