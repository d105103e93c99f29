import { createHash, randomInt } from 'node:crypto';
import type { AuthContext, BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, getSessionFromCtx } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { verifyJWT } from 'better-auth/crypto';
import { z } from 'zod';
import { EMAIL_CHANGE_TOKEN_PARAM } from '@redflag/contracts/routes';
import type { Mailer } from '../mail/mail.service.ts';
import { changeEmailCodeMail } from '../mail/templates.ts';

/**
 * The last step of a change of address (decision 132). better-auth mails the new address a link whose token
 * says "move account X from its current address to this one"; opening that link used to make the change at
 * once, so whoever read the new mailbox bound it to an account someone else controls (decision 132).
 * Now the link lands on the app's page with the token (EMAIL_CHANGE_TOKEN_PARAM) and the change is made only
 * here, when the same person also proves the account: its password, or a code mailed to its current address.
 */

/** How long a code sent to the current address can be used, and how many wrong codes spend it. */
export const CHANGE_EMAIL_CODE_MINUTES = 15;
const CODE_ATTEMPTS = 5;

const tokenBody = z.object({ token: z.string().min(1).max(4096) });
const finishBody = tokenBody.extend({
  password: z.string().min(1).max(1024).optional(),
  code: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
});

/** What a change token says, once its signature and expiry are checked. */
interface ChangeToken {
  userId: string;
  /** The account's address when the change was asked for. */
  email: string;
  newEmail: string;
}

/** A token of better-auth's change-email flow, step 2 (or the old one-step form): the change itself. */
export function isAddressChangeToken(payload: Record<string, unknown> | null): boolean {
  return !!payload && typeof payload.updateTo === 'string' && payload.requestType !== 'change-email-confirmation';
}

/** The app's page the link to the new address lands on: its callback on our origin, with the token. */
export function changeLanding(callbackURL: unknown, token: string, publicUrl: string): string {
  const origin = new URL(publicUrl).origin;
  let target = new URL('/', origin);
  if (typeof callbackURL === 'string' && callbackURL) {
    try {
      const asked = new URL(callbackURL, origin);
      if (asked.origin === origin) target = asked;
    } catch {
      // Not a URL: the home page.
    }
  }
  target.searchParams.set(EMAIL_CHANGE_TOKEN_PARAM, token);
  return `${target.pathname}${target.search}`;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const codeIdentifier = (userId: string) => `change-email-code:${userId}`;

const invalidToken = () =>
  new APIError('BAD_REQUEST', {
    code: 'INVALID_TOKEN',
    message: 'This link has expired or was already used. Ask for the change again from your account page.',
  });

export function changeEmailProof(deps: { mailer: Mailer; supportEmail: string }): BetterAuthPlugin {
  /** The token's change, and the account as it is now; refused when the account has moved since. */
  async function readChange(auth: AuthContext, token: string) {
    const payload = (await verifyJWT(token, auth.secret)) as Record<string, unknown> | null;
    if (
      !payload ||
      payload.requestType !== 'change-email-verification' ||
      typeof payload.userId !== 'string' ||
      typeof payload.email !== 'string' ||
      typeof payload.updateTo !== 'string'
    )
      throw invalidToken();
    const change: ChangeToken = { userId: payload.userId, email: payload.email, newEmail: payload.updateTo };
    const owner = await auth.internalAdapter.findUserById(change.userId);
    if (!owner || owner.email.toLowerCase() !== change.email.toLowerCase()) throw invalidToken();
    const credential = (await auth.internalAdapter.findAccounts(owner.id)).find(
      (a) => a.providerId === 'credential' && a.password,
    );
    return { change, owner, passwordHash: credential?.password ?? null };
  }

  return {
    id: 'redflag-change-email-proof',
    endpoints: {
      /** What the page shows: the address the account would move to, and whether it can ask for a password. */
      changeEmailPending: createAuthEndpoint(
        '/change-email/pending',
        { method: 'GET', query: tokenBody },
        async (ctx) => {
          const { change, passwordHash } = await readChange(ctx.context, ctx.query.token);
          return ctx.json({ newEmail: change.newEmail, hasPassword: passwordHash !== null });
        },
      ),
      /** A six-digit code to the account's current address; a new one replaces the last. */
      changeEmailSendCode: createAuthEndpoint(
        '/change-email/send-code',
        { method: 'POST', body: tokenBody },
        async (ctx) => {
          const { change, owner } = await readChange(ctx.context, ctx.body.token);
          const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
          const identifier = codeIdentifier(owner.id);
          await ctx.context.internalAdapter.deleteVerificationByIdentifier(identifier);
          await ctx.context.internalAdapter.createVerificationValue({
            identifier,
            value: JSON.stringify({ codeHash: sha256(code), newEmail: change.newEmail, wrong: 0 }),
            expiresAt: new Date(Date.now() + CHANGE_EMAIL_CODE_MINUTES * 60_000),
          });
          await deps.mailer.enqueue({
            to: owner.email,
            kind: 'change_email_code',
            ...changeEmailCodeMail({
              code,
              newEmail: change.newEmail,
              firstName: (owner as { firstName?: string | null }).firstName ?? null,
              minutes: CHANGE_EMAIL_CODE_MINUTES,
              supportEmail: deps.supportEmail,
            }),
          });
          return ctx.json({ status: true });
        },
      ),
      /**
       * The change, once the account is proven too: its password, or the code from its current address.
       * The person is then signed in here; the account's other sessions, keys and password are its owner's
       * and stay.
       */
      changeEmailFinish: createAuthEndpoint(
        '/change-email/finish',
        { method: 'POST', body: finishBody },
        async (ctx) => {
          const { change, owner, passwordHash } = await readChange(ctx.context, ctx.body.token);
          const { password, code } = ctx.body;
          if (password !== undefined) {
            const ok = passwordHash ? await ctx.context.password.verify({ password, hash: passwordHash }) : false;
            if (!ok)
              throw new APIError('FORBIDDEN', {
                code: 'invalid_password',
                message: 'That is not the password of the account. Nothing was changed.',
              });
          } else if (code !== undefined) {
            await useCode(ctx.context, owner.id, change.newEmail, code);
          } else {
            throw new APIError('UNPROCESSABLE_ENTITY', {
              code: 'VALIDATION_ERROR',
              message: 'Type the account’s password or the code we sent to its current address.',
            });
          }
          const taken = await ctx.context.internalAdapter.findUserByEmail(change.newEmail);
          if (taken && taken.user.id !== owner.id)
            throw new APIError('CONFLICT', {
              code: 'EMAIL_TAKEN',
              message: 'This address now belongs to another RedFlag account. Your address stays as it is.',
            });
          const updated = await ctx.context.internalAdapter.updateUser(owner.id, {
            email: change.newEmail,
            emailVerified: true,
          });
          await ctx.context.internalAdapter.deleteVerificationByIdentifier(codeIdentifier(owner.id));
          const current = await getSessionFromCtx(ctx);
          if (current && current.user.id === owner.id) {
            await setSessionCookie(ctx, { session: current.session, user: { ...current.user, ...updated } });
          } else {
            const session = await ctx.context.internalAdapter.createSession(owner.id);
            await setSessionCookie(ctx, { session, user: updated });
          }
          return ctx.json({ status: true, email: change.newEmail });
        },
      ),
    },
  } satisfies BetterAuthPlugin;

  /** Checks the code sent for this change; a wrong one counts, and the fifth spends it. */
  async function useCode(auth: AuthContext, userId: string, newEmail: string, code: string) {
    const identifier = codeIdentifier(userId);
    const stored = await auth.internalAdapter.findVerificationValue(identifier);
    const invalid = (message: string) => new APIError('BAD_REQUEST', { code: 'invalid_code', message });
    if (!stored || stored.expiresAt <= new Date()) throw invalid('This code has expired. Ask for a new one.');
    const value = JSON.parse(stored.value) as { codeHash: string; newEmail: string; wrong: number };
    if (value.newEmail !== newEmail) throw invalid('This code is for another change. Ask for a new one.');
    if (value.codeHash === sha256(code)) return;
    if (value.wrong + 1 >= CODE_ATTEMPTS) await auth.internalAdapter.deleteVerificationByIdentifier(identifier);
    else
      await auth.internalAdapter.updateVerificationByIdentifier(identifier, {
        value: JSON.stringify({ ...value, wrong: value.wrong + 1 }),
      });
    throw invalid('That code is not the one we sent. Check the latest e-mail at your current address.');
  }
}
