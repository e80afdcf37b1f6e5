// Modals: the legacy HTML fragments of the portal's dialogs (GET and POST /modal/{name}).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteHandlers } from '@assessment/sdk/fastify';
import { ShareType, type LanguageCulture, type ModalName } from '@assessment/sdk';
import { modalTextsIn } from '../message-cultures/index.ts';
import { LANGUAGES } from '../store/seed.ts';
import type { UserRow } from '../store/repo.ts';
import { esc, fail, textCulture, type Ctx } from './context.ts';

function modalHtml(
  ctx: Ctx,
  me: UserRow | null,
  name: string,
  query: Record<string, unknown>,
  culture: LanguageCulture,
): string {
  const words = modalTextsIn(culture);
  const text = (v: unknown): string =>
    typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
  const q = (k: string): string => esc(text(query[k]));
  const title = (t: string): string => `<h2 class="modal-title">${esc(t)}</h2>`;
  const wrap = (body: string): string =>
    `<div class="modal-content" data-modal="${esc(name)}" data-size="${q('modalsize') || 'medium'}">${body}</div>`;
  switch (name) {
    case 'shareproject':
      return wrap(
        `${title(words.shareTitle)}<form id="share-options" data-project-id="${q('projectId')}">` +
          Object.values(ShareType)
            .map((t) => `<label><input type="radio" name="ShareType" value="${t}"> ${esc(t)}</label>`)
            .join('') +
          `<label><input type="checkbox" name="Anonymize" disabled> ${esc(words.anonymize)}</label></form>`,
      );
    case 'publishproject':
      return wrap(`${title(words.publishTitle)}<p>${esc(words.publishText)}</p>`);
    case 'EULANeeded':
      return wrap(`${title(words.eulaTitle)}<div class="terms"><p>${esc(words.eulaText)}</p></div>`);
    case 'PartnerTCNeeded':
      return wrap(`${title(words.partnerTitle)}<div class="terms"><p>${esc(words.partnerText)}</p></div>`);
    case 'Language':
      return wrap(
        `${title(words.language)}<ul class="languages">${LANGUAGES.map(([c, n]) => `<li data-culture="${esc(c)}">${esc(n)}</li>`).join('')}</ul>`,
      );
    case 'Country':
      return wrap(
        `${title(words.country)}<ul class="countries">${ctx.repo
          .countries()
          .map((c) => `<li data-country-id="${c.id}">${esc(c.name)}</li>`)
          .join('')}</ul>`,
      );
    case 'DisableUser':
      return wrap(
        `${title(words.disableTitle)}<textarea name="disableNote" maxlength="500" data-counter></textarea>`,
      );
    case 'ErrorSuccessModal':
      return wrap(`${title(text(query.title) || words.message)}<p>${q('message')}</p>`);
    default:
      return wrap(
        `${title(name.replace(/([a-z])([A-Z])/g, '$1 $2'))}<p>${me ? esc(words.signedInAs.replace('{email}', me.email)) : ''}</p>`,
      );
  }
}

/** Modals that need a signed-in viewer (the others are shown to the public too). */
const PUBLIC_MODALS = new Set<string>([
  'Language',
  'Country',
  'ErrorSuccessModal',
  'CollectorInfo',
  'DownloadLink',
] satisfies ModalName[]);

export function modalHandlers(ctx: Ctx): Pick<RouteHandlers, 'getModalHtml' | 'postModalHtml'> {
  const modal = (
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    query: Record<string, unknown>,
  ) => {
    if (!request.viewer && !PUBLIC_MODALS.has(name)) throw fail(request, [403], 'operationnotallowed');
    if (name.startsWith('ProjectReassign') && !(request.viewer && ctx.repo.isInternal(request.viewer)))
      throw fail(request, [403], 'operationnotallowed');
    return reply
      .type('text/html; charset=utf-8')
      .code(200)
      .send(modalHtml(ctx, request.viewer, name, query, textCulture(request)));
  };

  return {
    getModalHtml: async (request, reply) => modal(request, reply, request.params.name, request.query ?? {}),
    postModalHtml: async (request, reply) => modal(request, reply, request.params.name, request.body),
  };
}
