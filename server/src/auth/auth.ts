import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import type { z } from 'zod';
import { bearer, magicLink } from 'better-auth/plugins';
import { verifyJWT } from 'better-auth/crypto';
import { MAGIC_LINK_MINUTES, MIN_PASSWORD_LENGTH } from '@redflag/contracts/constants';
import {
  changeEmailBodySchema,
  changePasswordBodySchema,
  signUpBodySchema,
  updateUserBodySchema,
} from '@redflag/contracts/auth';
import { ERROR_MESSAGES } from '@redflag/contracts/errors';
import { PASSWORD_TOKEN_PARAM } from '@redflag/contracts/routes';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '@redflag/contracts/text';
import { account, session, user, verification } from '../db/schema/auth.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { scrubText, type Logger } from '../lib/logger.ts';
import type { Mailer } from '../mail/mail.service.ts';
import { changeEmailMail, magicLinkMail, passwordChangedMail, verificationMail } from '../mail/templates.ts';
import { createAuthRepo } from './auth.repo.ts';
import { changeEmailProof, changeLanding, isAddressChangeToken } from './change-email.ts';
import { MAX_PASSWORD_LENGTH, weakPasswordMessage, weakPasswordReasons } from './password-policy.ts';

/**
 * The signed-in endpoints whose bodies the before-hook checks. better-auth validates a body before it looks
 * at the session, so the hook refuses a signed-out caller first: 401 before anything is said about the body.
 */
const SESSION_BODY_PATHS: ReadonlySet<string> = new Set(['/update-user', '/change-password', '/change-email']);

/**
 * better-auth inside the server (docs/design.md §3.1), on the app's database through the Drizzle adapter.
 * - e-mail + password: scrypt hashes (better-auth's default, memory-hard); the password rules of
 *   password-policy.ts on sign-up, change-password and reset-password (hook below, answered `weak_password`
 *   with reasons); existing address → ACCOUNT_EXISTS;
 * - profile updates (update-user) and change-email checked with the contracts' schemas (hook below);
 *   change-email confirmed from the current address, then verified at the new one by someone who also proves
 *   the account (its password, or a code sent to the current address: change-email.ts, decision 132);
 * - e-mail verification on sign-up (link → /dashboard?verified=true, signs the user in); with
 *   REQUIRE_EMAIL_VERIFICATION=false sign-up returns a session at once (docs/product.md outcome B);
 * - the link proves the mailbox, not the password typed at sign-up (decision 107): opening it removes every
 *   way into the account set up before (password, linked sign-in) and ends its sessions, then lands with a
 *   one-time token to choose the password; a magic link does the same (better-auth's own
 *   revokeUnprovenAccountAccess), and Google / Facebook never join an account whose address is unconfirmed;
 * - magic-link recovery (60 minutes, single use, existing accounts only) → /dashboard?recovered=true;
 * - Google (select_account) and Facebook (email scope) when configured;
 * - sessions in httpOnly SameSite=Lax cookies (Secure in production), 30 days, renewed daily on use;
 *   bearer tokens for API clients (bearer plugin).
 * Rate limits are ours (server/src/http/rate-limit.ts via auth.routes.ts), so better-auth's are off.
 */

/** The header auth.routes.ts sets to the client address it computed; better-auth reads only this one. */
export const CLIENT_IP_HEADER = 'x-redflag-client-ip';

export const SESSION_EXPIRES_IN_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;
export const VERIFICATION_EXPIRES_IN_SECONDS = 24 * 60 * 60;
const VERIFICATION_HOURS = VERIFICATION_EXPIRES_IN_SECONDS / 3600;
/** How long the token to choose a password after verification (decision 107) can be used. */
const CHOOSE_PASSWORD_MINUTES = 60;

const profileNames = (given: unknown, family: unknown, full: unknown) => {
  if (typeof given === 'string' && given)
    return { firstName: given, lastName: typeof family === 'string' && family ? family : null };
  // docs/product.md §3: a single name field splits into its first word and the rest.
  if (typeof full === 'string' && full.trim()) {
    const [first, ...rest] = full.trim().split(/\s+/);
    return { firstName: first ?? null, lastName: rest.length ? rest.join(' ') : null };
  }
  return { firstName: null, lastName: null };
};

export interface AuthDeps {
  config: Config;
  database: Database;
  logger: Logger;
  /** Verification, change-email and magic-link mails go through the app's mailer. */
  mailer: Mailer;
}

/** The app's one better-auth instance, built by createContext (server/src/context.ts). */
export function createAuth(deps: AuthDeps) {
  const { config, mailer } = deps;
  const repo = createAuthRepo(deps.database.db);
  const log = deps.logger.child({ component: 'auth' });
  const supportEmail = config.mail.supportEmail;
  /**
   * The verification requests that have just cleared an unproven account (beforeEmailVerification), by
   * request, for the after hook that hands the person who opened the link a token to choose the password.
   */
  const provenByRequest = new WeakMap<Request, string>();

  return betterAuth({
    appName: 'RedFlag',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.auth.secret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(deps.database.db, { provider: 'pg', schema: { user, session, account, verification } }),
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
      },
      // POST /api/auth/change-email { newEmail, callbackURL }. A verified account confirms from its current
      // address first (a stolen session alone cannot move the account to another mailbox), then verifies
      // the new one; that second link changes nothing by itself (decision 132): the page it opens asks for the
      // account's password or a code from the current address, then the address changes. An unverified
      // account has no address worth protecting: it changes at once and the new address gets a verification
      // link.
      changeEmail: {
        enabled: true,
        updateEmailWithoutVerification: true,
        async sendChangeEmailConfirmation({ user: u, newEmail, url }) {
          const firstName = (u as { firstName?: string | null }).firstName ?? null;
          await mailer.enqueue({
            to: u.email,
            kind: 'change_email_confirm',
            ...changeEmailMail({ step: 'confirm', url, newEmail, firstName, hours: VERIFICATION_HOURS, supportEmail }),
          });
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: config.auth.requireEmailVerification,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: true,
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_EXPIRES_IN_SECONDS,
      /**
       * Called for a valid link to an account whose address is not yet confirmed, before it is marked
       * confirmed (a change of address goes through change-email.ts and keeps the account's sign-ins). Anyone can type
       * an address into the sign-up form: what was set up before this moment (the password, a linked sign-in)
       * proves nothing about who reads the mailbox, so it is removed with every session (decision 107). The
       * person who opened the link is then signed in (autoSignInAfterVerification) and chooses the password.
       */
      async beforeEmailVerification(u, request) {
        const removed = await repo.revokeUnprovenAccess(u.id, new Date());
        log.info({ userId: u.id, ...removed }, 'address verified: earlier sign-ins and sessions removed');
        if (request) provenByRequest.set(request, u.id);
      },
      async sendVerificationEmail({ user: u, url }) {
        const firstName = (u as { firstName?: string | null }).firstName ?? null;
        // The change-email flow verifies the new address through this same callback, with the stored
        // user under the address it is moving to.
        const stored = await repo.findUserById(u.id);
        if (stored && stored.email !== u.email.toLowerCase()) {
          await mailer.enqueue({
            to: u.email,
            kind: 'change_email_verify',
            ...changeEmailMail({
              step: 'verify',
              url,
              newEmail: u.email,
              firstName,
              hours: VERIFICATION_HOURS,
              supportEmail,
            }),
          });
          return;
        }
        await mailer.enqueue({
          to: u.email,
          kind: 'verification',
          ...verificationMail({ url, firstName, supportEmail }),
        });
      },
    },
    socialProviders: {
      ...(config.auth.google
        ? {
            google: {
              clientId: config.auth.google.clientId,
              clientSecret: config.auth.google.clientSecret,
              prompt: 'select_account' as const,
              mapProfileToUser: (p: { given_name?: unknown; family_name?: unknown; name?: unknown }) =>
                profileNames(p.given_name, p.family_name, p.name),
            },
          }
        : {}),
      ...(config.auth.facebook
        ? {
            facebook: {
              clientId: config.auth.facebook.clientId,
              clientSecret: config.auth.facebook.clientSecret,
              scope: ['email'],
              mapProfileToUser: (p: { name?: unknown }) => profileNames(undefined, undefined, p.name),
            },
          }
        : {}),
    },
    account: {
      // A Google / Facebook sign-in with the address of an existing account joins that account (both
      // providers only hand out verified addresses), but never one whose address is unconfirmed
      // (better-auth's default, pinned here): its password may be a stranger's, who would then share the
      // owner's account (decision 107). The owner confirms the address first, which removes that password.
      accountLinking: { enabled: true, trustedProviders: ['google', 'facebook'], requireLocalEmailVerified: true },
    },
    session: { expiresIn: SESSION_EXPIRES_IN_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS },
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: config.production,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.production },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: {
      level: 'warn',
      // better-auth's own messages can name an e-mail address and its arguments can be a failed query with
      // its parameters: both go to our JSON log, the text scrubbed and errors through our serializer.
      log: (level, message, ...args) => {
        const err = args.find((a) => a instanceof Error || (typeof a === 'object' && a !== null));
        const fields = { source: 'better-auth', ...(err !== undefined ? { err } : {}) };
        if (level === 'error') log.error(fields, scrubText(message));
        else log.warn(fields, scrubText(message));
      },
    },
    onAPIError: {
      // An error that is not one of better-auth's answers (a failed query...) is thrown out of
      // auth.handler to our one error handler (safe log, generic 500 in our shape). Without this, the
      // router prints it whole to stdout with console.error ("# SERVER_ERROR: ... params: ...").
      throw: true,
    },
    plugins: [
      magicLink({
        expiresIn: MAGIC_LINK_MINUTES * 60,
        // Recovery is for existing accounts: a link never creates one.
        disableSignUp: true,
        async sendMagicLink({ email, url }) {
          // Same answer whether or not the address has an account; a mail only when it does.
          const existing = await repo.findUserByEmail(email);
          if (!existing) return;
          await mailer.enqueue({
            to: existing.email,
            kind: 'magic_link',
            ...magicLinkMail({ url, firstName: existing.firstName, minutes: MAGIC_LINK_MINUTES, supportEmail }),
          });
        },
      }),
      bearer(),
      changeEmailProof({ mailer, supportEmail }),
    ],
    hooks: {
      before: createAuthMiddleware(async (actx) => {
        // Text the database cannot store (NUL, a lone surrogate) in any field of any endpoint: a 422 here,
        // not a 500 from the query. The HTTP edge checks this too (http/validate.ts);
        // this also covers calls made through auth.api.
        const bad = findUnstorableText(actx.body) ?? findUnstorableText(actx.query);
        if (bad) {
          throw new APIError('UNPROCESSABLE_ENTITY', {
            code: 'VALIDATION_ERROR',
            message: UNSTORABLE_TEXT_MESSAGE,
            details: { fields: [{ path: bad.join('.'), message: UNSTORABLE_TEXT_MESSAGE }] },
          });
        }
        const current = SESSION_BODY_PATHS.has(actx.path) ? await getSessionFromCtx(actx) : null;
        if (SESSION_BODY_PATHS.has(actx.path) && !current) {
          throw new APIError('UNAUTHORIZED', { message: ERROR_MESSAGES.UNAUTHORIZED, code: 'UNAUTHORIZED' });
        }
        switch (actx.path) {
          case '/sign-up/email':
            return beforeSignUp(actx.body);
          case '/update-user':
            return beforeUpdateUser(actx, current);
          case '/change-password': {
            const body = parseBody(changePasswordBodySchema, actx.body, 'Invalid password change');
            assertStrongPassword(body.newPassword, current?.user.email);
            return;
          }
          case '/reset-password': {
            const newPassword = (actx.body as { newPassword?: unknown } | undefined)?.newPassword;
            if (typeof newPassword !== 'string') return; // better-auth answers the missing field
            const token =
              (actx.body as { token?: unknown }).token ?? (actx.query as { token?: unknown } | undefined)?.token;
            const pending =
              typeof token === 'string'
                ? await actx.context.internalAdapter.findVerificationValue(`reset-password:${token}`)
                : null;
            const owner = pending ? await repo.findUserById(pending.value) : undefined;
            assertStrongPassword(newPassword, owner?.email);
            return;
          }
          case '/change-email': {
            const body = parseBody(changeEmailBodySchema, actx.body, 'Invalid email address');
            return { context: { body: { ...body, newEmail: body.newEmail.toLowerCase() } } };
          }
          case '/verify-email':
            return beforeVerifyEmail(actx);
          case '/magic-link/verify':
            return beforeMagicLinkVerify(actx);
          default:
            return;
        }
      }),
      after: createAuthMiddleware(async (actx) => {
        if (actx.path === '/verify-email') return offerPasswordChoice(actx);
        // A changed password is told to the owner, once better-auth has stored it.
        if (actx.path !== '/change-password') return;
        const returned: unknown = actx.context.returned;
        if (!returned || isAPIError(returned) || returned instanceof Response) return;
        const userId = (returned as { user?: { id?: unknown } }).user?.id;
        if (typeof userId === 'string') await sendPasswordChanged(userId);
      }),
    },
  });

  /**
   * A verification that has just proven the mailbox (beforeEmailVerification) lands on its callback with a
   * one-time token, a reset-password token as better-auth stores them: the client asks the person to choose
   * the account's password and sends it with the token to POST /api/auth/reset-password, under the same
   * password rules. Without the token (closed, expired) a magic link still signs them in.
   */
  async function offerPasswordChoice(actx: AuthMiddlewareContext) {
    const userId = actx.request ? provenByRequest.get(actx.request) : undefined;
    const returned: unknown = actx.context.returned;
    if (!userId || !isAPIError(returned)) return;
    const location = new Headers(returned.headers).get('location');
    if (!location) return;
    const token = randomBytes(24).toString('base64url');
    await actx.context.internalAdapter.createVerificationValue({
      identifier: `reset-password:${token}`,
      value: userId,
      // better-auth checks reset tokens against the real time, not the app's clock.
      expiresAt: new Date(Date.now() + CHOOSE_PASSWORD_MINUTES * 60_000),
    });
    const target = new URL(location, config.publicUrl);
    target.searchParams.set(PASSWORD_TOKEN_PARAM, token);
    throw actx.redirect(
      location.startsWith('/') ? `${target.pathname}${target.search}${target.hash}` : target.toString(),
    );
  }

  /**
   * The link mailed to a new address (change of e-mail) changes nothing by itself (decision 132): whoever
   * reads that mailbox may not be the account's owner. It lands on its callback with the token, where the
   * page asks for the account's password or a code from its current address (change-email.ts). A link
   * that does not verify (expired, forged) is left to better-auth, which answers it as it does today.
   */
  async function beforeVerifyEmail(actx: AuthMiddlewareContext) {
    const query = actx.query as { token?: unknown; callbackURL?: unknown } | undefined;
    if (typeof query?.token !== 'string') return;
    const payload = (await verifyJWT(query.token, actx.context.secret)) as Record<string, unknown> | null;
    if (!isAddressChangeToken(payload)) return;
    if (typeof query.callbackURL !== 'string') {
      // An API client without a page: it finishes with POST /api/auth/change-email/finish.
      throw new APIError('FORBIDDEN', {
        code: 'PROOF_REQUIRED',
        message: 'Finish the change with the account’s password: POST /api/auth/change-email/finish.',
      });
    }
    throw actx.redirect(changeLanding(query.callbackURL, query.token, config.publicUrl));
  }

  /**
   * A magic link proves the mailbox too: for an account whose address is not confirmed yet, better-auth
   * removes its password, linked sign-ins and sessions itself (revokeUnprovenAccountAccess); our repo does
   * the same and also revokes the API keys and the forwarding address made before (decision 132), so all
   * ways of proving the mailbox agree. Only for a link that is still valid.
   */
  async function beforeMagicLinkVerify(actx: AuthMiddlewareContext) {
    const token = (actx.query as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !token) return;
    const pending = await actx.context.internalAdapter.findVerificationValue(`magic-link:${token}`);
    if (!pending || pending.expiresAt <= new Date()) return;
    let email: unknown;
    try {
      email = (JSON.parse(pending.value) as { email?: unknown }).email;
    } catch {
      return;
    }
    if (typeof email !== 'string') return;
    const owner = await repo.findUserByEmail(email);
    if (!owner || owner.emailVerified) return;
    const removed = await repo.revokeUnprovenAccess(owner.id, new Date());
    log.info({ userId: owner.id, ...removed }, 'address proven by magic link: earlier sign-ins and keys removed');
  }

  /** After the change is stored: a failure to queue the mail is logged, never turned into a failed change. */
  async function sendPasswordChanged(userId: string) {
    try {
      const owner = await repo.findUserById(userId);
      if (!owner) return;
      await mailer.enqueue({
        to: owner.email,
        kind: 'password_changed',
        ...passwordChangedMail({
          firstName: owner.firstName,
          email: owner.email,
          changedAt: new Date(),
          signInUrl: `${config.publicUrl}/`,
          supportEmail,
        }),
      });
    } catch (err) {
      log.error({ userId, err: err instanceof Error ? err.message : String(err) }, 'password-changed mail not stored');
    }
  }

  async function beforeSignUp(raw: unknown) {
    const body = parseBody(signUpBodySchema, raw, 'Invalid sign-up');
    assertStrongPassword(body.password, body.email);
    // docs/product.md §8: an existing address answers 'Account Already Exists' (better-auth
    // would answer a generic success when verification is required; the spec wants the message).
    if (await repo.findUserByEmail(body.email)) {
      throw new APIError('CONFLICT', {
        code: 'ACCOUNT_EXISTS',
        message: 'An account with this email already exists. Please sign in instead.',
      });
    }
    const firstName = body.firstName ?? null;
    const lastName = body.lastName ?? null;
    const name = body.name || [firstName, lastName].filter(Boolean).join(' ');
    return {
      context: { body: { ...(raw as Record<string, unknown>), email: body.email, name, firstName, lastName } },
    };
  }

  /**
   * better-auth stores whatever update-user is sent (an object became "[object Object]", a 50,000-character
   * name was kept). better-auth gets the parsed body instead; when a name part changes and
   * the full name is not given, the full name follows, as on sign-up. Names are trimmed as on sign-up and
   * an empty one clears the field (null).
   */
  async function beforeUpdateUser(actx: AuthMiddlewareContext, current: Awaited<ReturnType<typeof getSessionFromCtx>>) {
    // `null`, an array or no body is refused by the schema (an object is expected), not passed on as `{}`.
    const raw: unknown = actx.body;
    const isObject = raw !== null && typeof raw === 'object' && !Array.isArray(raw);
    const body = parseBody(updateUserBodySchema, isObject ? raw : [raw], 'Invalid profile');
    const next: Record<string, string | null> = {};
    if (body.firstName !== undefined) next.firstName = body.firstName;
    if (body.lastName !== undefined) next.lastName = body.lastName;
    if (body.name !== undefined) next.name = body.name;
    else if (body.firstName !== undefined || body.lastName !== undefined) {
      const stored = current?.user as { firstName?: string | null; lastName?: string | null } | undefined;
      const first = body.firstName !== undefined ? body.firstName : (stored?.firstName ?? null);
      const last = body.lastName !== undefined ? body.lastName : (stored?.lastName ?? null);
      next.name = [first, last].filter(Boolean).join(' ');
    }
    // In place, not returned as `context.body`: better-auth merges a returned body over the sent one and
    // skips nulls in the merge, so a cleared name would keep the text that was sent.
    const sent = actx.body as Record<string, unknown>;
    for (const key of Object.keys(sent)) delete sent[key];
    Object.assign(sent, next);
  }
}

type AuthMiddlewareContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** A body parsed with a contracts schema, or a 422 VALIDATION_ERROR naming each field. */
function parseBody<S extends z.ZodType>(schema: S, raw: unknown, fallback: string): z.output<S> {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((i) => ({
    path: i.code === 'unrecognized_keys' ? i.keys.join(',') : i.path.join('.'),
    message: i.message,
  }));
  throw new APIError('UNPROCESSABLE_ENTITY', {
    code: 'VALIDATION_ERROR',
    message: fields[0]?.message ?? fallback,
    details: { fields },
  });
}

/** The password rules (password-policy.ts) on every path that sets a password: a 422 weak_password. */
function assertStrongPassword(password: string, email: string | null | undefined) {
  const reasons = weakPasswordReasons(password, { email });
  if (reasons.length) {
    throw new APIError('UNPROCESSABLE_ENTITY', {
      code: 'weak_password',
      message: weakPasswordMessage(reasons),
      details: { reasons },
    });
  }
}

export type Auth = ReturnType<typeof createAuth>;
