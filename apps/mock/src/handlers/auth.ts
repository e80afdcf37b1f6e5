// Sign-in, sign-out and the viewer (the signed-in account, its team, culture and pending terms).
import type { FastifyReply } from 'fastify';
import type { RouteHandlers } from '@assessment/sdk/fastify';
import { ok } from '../http/envelope.ts';
import { SESSION_COOKIE } from '../http/names.ts';
import { SignInThrottle } from '../http/throttle.ts';
import { verifyPassword } from '../store/kdf.ts';
import { PENDING } from '../mail/confirmations.ts';
import { asCulture, viewerDto, fail, throttled, type Ctx } from './context.ts';

/**
 * The session cookie's attributes, for setting it and for clearing it alike: never readable by scripts, not sent by
 * other sites' subrequests, and over HTTPS never sent over plain HTTP.
 */
export function sessionCookieOptions(reply: FastifyReply): {
  path: string;
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
} {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: reply.request.protocol === 'https' };
}

export function setSessionCookie(ctx: Ctx, reply: FastifyReply, token: string): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    ...sessionCookieOptions(reply),
    maxAge: ctx.config.sessionTtlSeconds,
  });
}

export function authHandlers(ctx: Ctx): Pick<RouteHandlers, 'signIn' | 'signOut' | 'getViewer'> {
  const throttle = new SignInThrottle();
  return {
    signIn: async (request, reply) => {
      const { email, password } = request.body;
      const waitMs = throttle.waitMs(email, request.ip, ctx.now());
      if (waitMs > 0) {
        throw throttled(request, reply, waitMs, 'signin_throttled', 'Too many failed sign-in attempts.');
      }
      const user = ctx.repo.userByEmail(email);
      // Always run the KDF so a wrong email and a wrong password take the same time.
      const valid = await verifyPassword(password, user?.password_hash ?? 'scrypt$16384$8$1$00$00');
      if (!user || !valid) {
        throttle.recordFailure(email, request.ip, ctx.now());
        throw fail(request, [401, 400], 'validate_info', 'The email address or password is incorrect.');
      }
      throttle.recordSuccess(email);
      // The right password of an account whose address is not proven yet (issue #32): its own refusal, no session.
      if (user.status === PENDING)
        throw fail(
          request,
          [403, 401, 400],
          'account_email_not_confirmed',
          'Confirm your email address first: follow the link mailed to it.',
        );
      if (user.status === 'Inactive')
        throw fail(request, [401, 400], 'register_account_inactive', 'This account is inactive.');
      if (user.status !== 'Active')
        throw fail(request, [401, 400], 'operationnotallowed', 'This account has been disabled.');
      if (request.sessionToken) ctx.repo.deleteSession(request.sessionToken);
      const token = ctx.repo.createSession(user.id, ctx.config.sessionTtlSeconds, ctx.now());
      setSessionCookie(ctx, reply, token);
      return reply.code(200).send(ok(viewerDto(ctx, user)));
    },
    signOut: async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) ctx.repo.deleteSession(token);
      void reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(reply));
      return reply.code(200).send(ok(null));
    },
    getViewer: async (request, reply) => {
      const culture = asCulture(request.cookies.culture);
      return reply.code(200).send(viewerDto(ctx, request.viewer, culture));
    },
  };
}
