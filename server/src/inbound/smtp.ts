import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { MailParser, type AttachmentStream, type MessageText } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { AppContext } from '../context.ts';
import { isLoopbackAddress } from '../http/security.ts';
import { checkForwardedMail, INBOUND_RATE, recipientFor, type Recipient } from './inbound.service.ts';

type Ctx = Pick<
  AppContext,
  'config' | 'database' | 'clock' | 'logger' | 'metrics' | 'llmReviewer' | 'mailer' | 'rateLimiter'
>;

/** An SMTP reply: smtp-server sends `responseCode` and the message to the client. */
function smtpError(code: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode: code });
}

/** The parts of a parsed mail the checker reads. Attachments are drained unread and dropped. */
async function parseMail(raw: Buffer): Promise<{ text: string; html: string | null; subject: string | null }> {
  const parser = new MailParser({ skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  let subject: string | null = null;
  let text = '';
  let html: string | null = null;
  parser.on('headers', (headers) => {
    const value = headers.get('subject');
    subject = typeof value === 'string' && value.trim() ? value.trim() : null;
  });
  parser.on('data', (data: AttachmentStream | MessageText) => {
    if (data.type === 'attachment') {
      // Attachments are ignored: the stream is drained (the parser waits for it) and nothing is kept.
      (data.content as Readable).resume();
      data.content.on('end', () => data.release?.());
      return;
    }
    text = data.text ?? '';
    html = typeof data.html === 'string' ? data.html : null;
  });
  await new Promise<void>((resolve, reject) => {
    parser.on('end', () => resolve());
    parser.on('error', reject);
    parser.end(raw);
  });
  return { text, html, subject };
}

export interface InboundSmtp {
  port: number;
  close(): Promise<void>;
}

/**
 * The listener for forwarded mail (config.inbound; off unless INBOUND_SMTP_PORT is set). It takes mail only
 * for a known check+<token>@domain address, refusing any other recipient at RCPT (550), one recipient per
 * mail; it limits mails per account and per client (450 when over), the size (552, SIZE advertised), and it
 * ignores attachments. The mail's text is scanned and answered to the account's own address before the 250,
 * so a database failure answers 451 and the sender's server tries again. smtp-server's own logger is off:
 * our lines carry ids and counts, never an address, a subject or a body. `port` overrides the setting (0 in tests).
 */
export async function startInboundSmtp(ctx: Ctx, opts: { port?: number } = {}): Promise<InboundSmtp> {
  const inbound = ctx.config.inbound;
  if (!inbound) throw new Error('the inbound listener needs INBOUND_SMTP_PORT');
  const { logger } = ctx;
  const recipients = new Map<string, Recipient>();

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
          const hit = await ctx.rateLimiter.hit(INBOUND_RATE.perAccount, recipient.userId);
          if (!hit.allowed) return callback(smtpError(450, 'Too many messages to this address, try again later'));
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
          (err: unknown) => callback(failure(err)),
        );
      });
    },

    onClose(session) {
      recipients.delete(session.id);
    },
  });

  async function handle(recipient: Recipient, raw: Buffer, session: SMTPServerSession) {
    const mail = await parseMail(raw);
    const outcome = await checkForwardedMail(ctx, recipient, mail);
    logger.info({ smtpSession: session.id, bytes: raw.length, outcome: outcome.kind }, 'forwarded mail taken');
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
