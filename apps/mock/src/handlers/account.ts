// The account's own settings: terms (EULA, partner terms), language, country, culture and profile.
import type { FastifyRequest } from 'fastify';
import type { RouteHandlers } from '@assessment/sdk/fastify';
import type { Profile } from '@assessment/sdk';
import { ok } from '../http/envelope.ts';
import { SESSION_COOKIE } from '../http/names.ts';
import type { UserRow } from '../store/repo.ts';
import { sessionCookieOptions } from './auth.ts';
import { asCulture, fail, missing, pendingTerms, viewerOf, type Ctx } from './context.ts';

/** PUT /api/account/{userid}/TCAccepted/{accept}: accepting the EULA may still leave the partner terms (Message PartnerTCNeeded). */
export function acceptTerms(ctx: Ctx, request: FastifyRequest, userId: number, accept: boolean) {
  const me = viewerOf(request);
  if (me.id !== userId)
    throw fail(
      request,
      [403, 400],
      'operationnotallowed',
      'Terms can only be accepted by the account itself.',
    );
  if (!accept) {
    return { declined: true as const, message: null };
  }
  const pending = pendingTerms(me);
  if (pending === 'EULANeeded') ctx.repo.updateUser(me.id, { terms_accepted: 1 });
  else if (pending === 'PartnerTCNeeded') ctx.repo.updateUser(me.id, { partner_terms_accepted: 1 });
  const after = ctx.repo.user(me.id) ?? me;
  return { declined: false as const, message: pendingTerms(after) };
}

export function accountHandlers(
  ctx: Ctx,
): Pick<
  RouteHandlers,
  'acceptTerms' | 'setAccountLanguage' | 'setAccountCountry' | 'setCulture' | 'getProfile' | 'saveProfile'
> {
  return {
    acceptTerms: async (request, reply) => {
      const r = acceptTerms(ctx, request, request.params.userid, request.params.accept);
      if (r.declined) {
        // Declining logs out.
        if (request.sessionToken) ctx.repo.deleteSession(request.sessionToken);
        void reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(reply));
        return reply.code(200).send(ok(null));
      }
      return reply.code(200).send(ok(null, null, r.message));
    },
    setAccountLanguage: async (request, reply) => {
      const me = viewerOf(request);
      ctx.repo.updateUser(me.id, { language_culture: request.params.culture });
      return reply.code(200).send(ok(null));
    },
    setAccountCountry: async (request, reply) => {
      const me = viewerOf(request);
      if (!ctx.repo.country(request.params.id)) throw missing(request, `Country ${request.params.id}`);
      ctx.repo.updateUser(me.id, { country_id: request.params.id });
      return reply.code(200).send(ok(null));
    },
    setCulture: async (request, reply) => {
      // Anonymous visitors switch the culture cookie only; a signed-in account also stores it.
      const me = request.viewer;
      // Read by the portal's scripts (not httpOnly); over HTTPS, as the session cookie, never sent over plain HTTP.
      void reply.setCookie('culture', request.query.culturecode, {
        path: '/',
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: 365 * 86400,
      });
      if (me && request.query.dbUpdateRequired === true)
        ctx.repo.updateUser(me.id, { language_culture: request.query.culturecode });
      return reply.code(200).send(ok(null));
    },
    getProfile: async (request, reply) => {
      const me = viewerOf(request);
      return reply.code(200).send(profileDto(me));
    },
    saveProfile: async (request, reply) => {
      const me = viewerOf(request);
      const b = request.body;
      if (!ctx.repo.country(b.CountryId)) throw fail(request, [400], 'validate_info', 'Choose a country.');
      if (!b.FirstName.trim() || !b.LastName.trim()) throw fail(request, [400], 'emptyfield');
      ctx.repo.updateUser(me.id, {
        first_name: b.FirstName.trim(),
        last_name: b.LastName.trim(),
        phone: b.PhoneNumber ?? '',
        country_id: b.CountryId,
        language_culture: b.LanguageCulture,
      });
      return reply.code(200).send(ok(profileDto(ctx.repo.user(me.id) ?? me), 'projectupdated'));
    },
  };

  function profileDto(u: UserRow): Profile {
    return {
      FirstName: u.first_name,
      LastName: u.last_name,
      Email: u.email,
      PhoneNumber: u.phone || null,
      CountryId: u.country_id,
      LanguageCulture: asCulture(u.language_culture),
    };
  }
}
