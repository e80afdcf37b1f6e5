// Messages and resource strings, modals (HTML), type-ahead (HTML and JSON), the account's preferences and terms,
// profile, reference data, dashboard, collectors, PSS requests and the support-ticket service.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteHandlers } from '@assessment/sdk/fastify';
import {
  ShareType,
  type ModalName,
  UploadType,
  type CollectorTemplate,
  type KeyCollector,
  type LanguageCulture,
  type Profile,
} from '@assessment/sdk';
import { ok } from '../http/envelope.ts';
import { messageIn, modalTextsIn, resourceStringIn } from '../message-cultures/index.ts';
import { isMessageKey } from '../messages.ts';
import { SESSION_COOKIE } from '../http/names.ts';
import { LANGUAGES } from '../store/seed.ts';
import { acceptTerms } from './auth.ts';
import { PROJECT_NAME_PATTERN } from './projects.ts';
import { IOKIT_EXTENSIONS } from './uploads.ts';
import {
  asCulture,
  esc,
  fail,
  iso,
  mayActFor,
  missing,
  projectSummaryDto,
  runDto,
  viewerOf,
  type Ctx,
} from './context.ts';
import type { CollectorRow, UserRow } from '../store/repo.ts';

export const AUTOCOMPLETE_LIMIT = 10;

/** The collector templates the collector download dialog offers. */
export const COLLECTOR_TEMPLATES: readonly CollectorTemplate[] = [
  { CollectorTemplateId: 4, Name: 'Windows collector (x64)', Platform: 'windows' },
  { CollectorTemplateId: 5, Name: 'Linux collector (x64)', Platform: 'linux' },
  { CollectorTemplateId: 7, Name: 'VMware vCenter collector', Platform: 'vmware' },
  { CollectorTemplateId: 9, Name: 'Storage array collector', Platform: 'storage' },
];

/** A built collector is ready for download this long after its insert (time-scaled in the journeys). */
export const COLLECTOR_BUILD_MS = 5000;

export function collectorTemplateId(c: Pick<CollectorRow, 'template_id'>): number {
  return Number((c.template_id ?? '1').replace(/\D/g, '') || 1);
}

export function isCollectorReady(ctx: Ctx, c: Pick<CollectorRow, 'created_at'>): boolean {
  return ctx.now() - c.created_at >= COLLECTOR_BUILD_MS * ctx.config.timeScale;
}

/** The package's file name: the template's platform and the collector id, e.g. collector-windows-9921.zip. */
export function collectorFileName(c: Pick<CollectorRow, 'id' | 'template_id'>): string {
  const template = COLLECTOR_TEMPLATES.find((t) => t.CollectorTemplateId === collectorTemplateId(c));
  return `collector-${template?.Platform ?? 'generic'}-${String(c.id)}.zip`;
}

/**
 * Where the package downloads from: /downloads/collectors/{id}/{FileName}; a capture-request collector carries its
 * token (the person downloading has no session).
 */
export function collectorDownloadUrl(c: Pick<CollectorRow, 'id' | 'template_id' | 'capture_token'>): string {
  const url = `/downloads/collectors/${String(c.id)}/${collectorFileName(c)}`;
  return c.capture_token === null ? url : `${url}?captureRequestToken=${encodeURIComponent(c.capture_token)}`;
}

/** A collector built by a signed-in account is downloaded by that account (or internal staff). */
export function mayDownloadCollector(ctx: Ctx, me: UserRow, c: Pick<CollectorRow, 'owner_id'>): boolean {
  return c.owner_id === me.id || ctx.repo.isInternal(me);
}

/**
 * RSA-key collectors are listed and enabled/disabled by their owner, by an admin of the owner's team (not of
 * another team, and not for an internal owner) and by internal staff — the rule of mayActFor.
 */
export function mayManageKeyCollector(ctx: Ctx, me: UserRow, c: Pick<CollectorRow, 'owner_id'>): boolean {
  if (c.owner_id === me.id) return true;
  if (c.owner_id === null) return ctx.repo.isInternal(me);
  const owner = ctx.repo.user(c.owner_id);
  return owner !== undefined && mayActFor(me, owner);
}

export interface Suggestion {
  id: string;
  label: string;
  description: string | null;
}

export function suggestions(
  ctx: Ctx,
  me: UserRow | null,
  type: string,
  name: string,
  opts: {
    theater?: string | undefined;
    teamMembers?: boolean | undefined;
    /** From the upload stepper: only projects the viewer may upload into (edit). */
    iokitUpload?: boolean | undefined;
  },
): Suggestion[] {
  const like = `%${name.trim()}%`;
  const repo = ctx.repo;
  const vis = me ? repo.visibilityOf(me) : null;
  switch (type) {
    case 'project': {
      if (!vis || !me) return [];
      // The upload stepper offers only projects the viewer may add files to (the queue call checks edit rights).
      const found = repo.searchProjects(
        vis,
        { search: name.trim() },
        {
          pageSize: opts.iokitUpload ? 200 : AUTOCOMPLETE_LIMIT,
          pageNumber: 1,
          sortBy: 'name',
          sortOrder: 0,
        },
      ).items;
      return found
        .filter((p) => {
          if (!opts.iokitUpload) return true;
          const row = repo.project(p.id);
          return row !== undefined && repo.canEditProject(me, row);
        })
        .slice(0, AUTOCOMPLETE_LIMIT)
        .map((p) => ({ id: String(p.id), label: p.name, description: p.owner_email }));
    }
    case 'collectorrun': {
      if (!vis) return [];
      return repo
        .searchRuns(
          vis,
          { search: name.trim(), archived: false },
          { pageSize: AUTOCOMPLETE_LIMIT, pageNumber: 1, sortBy: 'name', sortOrder: 0 },
        )
        .items.map((r) => ({ id: String(r.id), label: r.name, description: r.owner_email }));
    }
    case 'company':
    case 'channel': {
      const kinds =
        type === 'channel' ? ['ChannelPartner'] : ['EndUserCompany', 'OEM', 'ChannelPartner', 'Internal'];
      return repo
        .all<{ id: number; name: string; domain: string }>(
          `SELECT id, name, domain FROM teams WHERE name LIKE ? AND kind IN (${kinds.map(() => '?').join(', ')}) ${opts.theater ? 'AND theater = ?' : ''} ORDER BY name LIMIT ?`,
          like,
          ...kinds,
          ...(opts.theater ? [opts.theater] : []),
          AUTOCOMPLETE_LIMIT,
        )
        .map((t) => ({ id: String(t.id), label: t.name, description: t.domain }));
    }
    case 'account':
    case 'primaryRep': {
      const rep = type === 'primaryRep';
      const team = opts.teamMembers && me?.team_id != null ? me.team_id : null;
      return repo
        .all<UserRow>(
          `SELECT * FROM users WHERE (email LIKE ? OR (first_name || ' ' || last_name) LIKE ?) AND status = 'Active'
         ${rep ? "AND role IN ('DellAdminUser', 'DellUser')" : ''} ${team !== null ? 'AND team_id = ?' : ''} ORDER BY email LIMIT ?`,
          like,
          like,
          ...(team !== null ? [team] : []),
          AUTOCOMPLETE_LIMIT,
        )
        .map((u) => ({ id: String(u.id), label: `${u.first_name} ${u.last_name}`, description: u.email }));
    }
    default:
      return [];
  }
}

export function suggestionsHtml(items: readonly Suggestion[], culture: LanguageCulture = 'en-US'): string {
  if (items.length === 0)
    return `<ul class="autocomplete-results" role="listbox"><li class="no-results">${esc(modalTextsIn(culture).noSearchResults)}</li></ul>`;
  return `<ul class="autocomplete-results" role="listbox">${items
    .map(
      (s) =>
        `<li role="option" data-id="${esc(s.id)}" data-label="${esc(s.label)}"><span class="label">${esc(s.label)}</span>${s.description ? `<span class="description">${esc(s.description)}</span>` : ''}</li>`,
    )
    .join('')}</ul>`;
}

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

export function miscHandlers(
  ctx: Ctx,
): Pick<
  RouteHandlers,
  | 'getMessage'
  | 'getResourceString'
  | 'getModalHtml'
  | 'postModalHtml'
  | 'autocompleteProjectHtml'
  | 'autocompleteCompanyHtml'
  | 'autocompleteChannelHtml'
  | 'autocompleteAccountHtml'
  | 'autocompletePrimaryRepHtml'
  | 'autocompleteCollectorrunHtml'
  | 'autocomplete'
  | 'acceptTerms'
  | 'setAccountLanguage'
  | 'setAccountCountry'
  | 'setCulture'
  | 'getProfile'
  | 'saveProfile'
  | 'listCountries'
  | 'listLanguages'
  | 'getUploadSettings'
  | 'getDashboard'
  | 'listCollectorTemplates'
  | 'listKeyCollectors'
  | 'insertCollector'
  | 'insertCollectorFromDpackCapture'
  | 'isCollectorReady'
  | 'getCollector'
  | 'isCollectorReadyDpackCapture'
  | 'getCollectorDpackCapture'
  | 'setKeyCollectorEnabled'
  | 'sendPssRequest'
  | 'createSupportTicket'
> {
  const collectorDto = (c: CollectorRow) => {
    const ready = isCollectorReady(ctx, c);
    const file = collectorFileName(c);
    return {
      CollectorId: c.id,
      CollectorTemplateId: collectorTemplateId(c),
      IsReady: ready,
      FileName: ready ? file : null,
      DownloadUrl: ready ? collectorDownloadUrl(c) : null,
    };
  };
  const collectorFor = (request: FastifyRequest, id: number, token?: string): CollectorRow => {
    const c = ctx.repo.get<CollectorRow>('SELECT * FROM collectors WHERE id = ? AND key_id IS NULL', id);
    if (!c) throw missing(request, `Collector ${id}`);
    if (token !== undefined && c.capture_token !== token) throw missing(request, `Collector ${id}`);
    if (token === undefined && !mayDownloadCollector(ctx, viewerOf(request), c))
      throw missing(request, `Collector ${id}`);
    return c;
  };
  /** The culture of server texts: the account's language when signed in, else the session's (setculture cookie). */
  const textCulture = (request: FastifyRequest) =>
    asCulture(request.viewer?.language_culture ?? request.cookies.culture);

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

  /** The legacy HTML type-ahead list of one kind (one operation per kind: `/{type}/autocomplete`). */
  const suggestionList = (
    request: FastifyRequest<{
      Querystring: { name: string; theater?: string; isTeamMemberSearch?: boolean; isIokitUpload?: boolean };
    }>,
    reply: FastifyReply,
    type: string,
  ) => {
    const items = suggestions(ctx, request.viewer, type, request.query.name, {
      theater: request.query.theater,
      teamMembers: request.query.isTeamMemberSearch,
      iokitUpload: request.query.isIokitUpload,
    });
    return reply
      .type('text/html; charset=utf-8')
      .code(200)
      .send(suggestionsHtml(items, textCulture(request)));
  };

  return {
    getMessage: async (request, reply) => {
      const { key } = request.params;
      if (!isMessageKey(key)) throw missing(request, `Message ${key}`);
      return reply.code(200).send(messageIn(textCulture(request), key));
    },
    getResourceString: async (request, reply) => {
      const { key } = request.params;
      const culture = textCulture(request);
      const text = isMessageKey(key) ? messageIn(culture, key).message : resourceStringIn(culture, key);
      if (text === undefined) throw missing(request, `Resource string ${key}`);
      // A JSON string (not text/plain), as the contract says.
      return reply.type('application/json; charset=utf-8').code(200).send(JSON.stringify(text));
    },
    getModalHtml: async (request, reply) => modal(request, reply, request.params.name, request.query ?? {}),
    postModalHtml: async (request, reply) => modal(request, reply, request.params.name, request.body),
    autocompleteProjectHtml: async (request, reply) => suggestionList(request, reply, 'project'),
    autocompleteCompanyHtml: async (request, reply) => suggestionList(request, reply, 'company'),
    autocompleteChannelHtml: async (request, reply) => suggestionList(request, reply, 'channel'),
    autocompleteAccountHtml: async (request, reply) => suggestionList(request, reply, 'account'),
    autocompletePrimaryRepHtml: async (request, reply) => suggestionList(request, reply, 'primaryRep'),
    autocompleteCollectorrunHtml: async (request, reply) => suggestionList(request, reply, 'collectorrun'),
    autocomplete: async (request, reply) => {
      const items = suggestions(ctx, request.viewer, request.params.type, request.query.name, {
        theater: request.query.theater,
        teamMembers: request.query.isTeamMemberSearch,
        iokitUpload: request.query.isIokitUpload,
      });
      return reply.code(200).send({ type: request.params.type, items });
    },
    acceptTerms: async (request, reply) => {
      const r = acceptTerms(ctx, request, request.params.userid, request.params.accept);
      if (r.declined) {
        // Declining logs out.
        if (request.sessionToken) ctx.repo.deleteSession(request.sessionToken);
        void reply.clearCookie(SESSION_COOKIE, { path: '/' });
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
      void reply.setCookie('culture', request.query.culturecode, {
        path: '/',
        sameSite: 'lax',
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
    listCountries: async (_request, reply) =>
      reply
        .code(200)
        .send(ctx.repo.countries().map((c) => ({ CountryId: c.id, Name: c.name, Code: c.code }))),
    listLanguages: async (_request, reply) =>
      reply.code(200).send(LANGUAGES.map(([Culture, Name]) => ({ Culture: asCulture(Culture), Name }))),
    getUploadSettings: async (_request, reply) =>
      reply.code(200).send({
        MaxFileSizeMb: Math.round(ctx.config.maxIokitFileBytes / 1024 / 1024),
        MaxCombinedSizeMb: Math.round(ctx.config.maxCombinedUploadBytes / 1024 / 1024),
        ProjectNamePattern: PROJECT_NAME_PATTERN,
        AllowedExtensions: IOKIT_EXTENSIONS,
        UploadTypes: Object.values(UploadType),
      }),
    getDashboard: async (request, reply) => {
      const me = viewerOf(request);
      const vis = ctx.repo.visibilityOf(me);
      const projects = ctx.repo.searchProjects(
        vis,
        // The viewer's own recent projects, for internal staff too (who can see every project).
        { mineOnly: true, ownerId: me.id },
        { pageSize: 10, pageNumber: 1, sortBy: 'updatedat', sortOrder: 1 },
      ).items;
      const runs = ctx.repo.searchRuns(
        vis,
        { mineOnly: true, archived: false },
        { pageSize: 10, pageNumber: 1, sortBy: 'startedat', sortOrder: 1 },
      ).items;
      return reply.code(200).send({
        RecentProjects: projects.map((p) => projectSummaryDto(ctx, request, p)),
        RecentCollectorRuns: runs.map((r) => runDto(ctx, r)),
      });
    },
    listCollectorTemplates: async (_request, reply) => reply.code(200).send([...COLLECTOR_TEMPLATES]),
    listKeyCollectors: async (request, reply) => {
      const me = viewerOf(request);
      const rows = ctx.repo
        .all<CollectorRow>(
          'SELECT * FROM collectors WHERE key_id IS NOT NULL ORDER BY created_at DESC, id DESC',
        )
        .filter((c) => mayManageKeyCollector(ctx, me, c));
      return reply.code(200).send(
        rows.map((c): KeyCollector => ({
          KeyId: c.key_id ?? '',
          IsEnabled: c.enabled === 1,
          Name: `Remote collector ${c.id} (${c.template_id ?? 'tmpl'})`,
          CreatedDate: iso(c.created_at),
        })),
      );
    },
    insertCollector: async (request, reply) => {
      const me = viewerOf(request);
      if (!COLLECTOR_TEMPLATES.some((t) => t.CollectorTemplateId === request.query.collectortemplateid)) {
        throw fail(request, [400], 'choose_collector', 'Unknown collector template.');
      }
      const id = ctx.repo.run(
        'INSERT INTO collectors (template_id, owner_id, created_at) VALUES (?, ?, ?)',
        `tmpl-${request.query.collectortemplateid}`,
        me.id,
        ctx.now(),
      ).lastId;
      return reply.code(200).send(ok({ Id: id }));
    },
    insertCollectorFromDpackCapture: async (request, reply) => {
      const token = request.body.CaptureRequestToken;
      if (!/^[A-Za-z0-9-]{8,}$/.test(token)) throw missing(request, 'The capture request');
      const templateId = request.body.CollectorTemplateId ?? COLLECTOR_TEMPLATES[0]?.CollectorTemplateId;
      if (!COLLECTOR_TEMPLATES.some((t) => t.CollectorTemplateId === templateId)) {
        throw fail(request, [400], 'choose_collector', 'Unknown collector template.');
      }
      const id = ctx.repo.run(
        'INSERT INTO collectors (template_id, capture_token, owner_id, created_at) VALUES (?, ?, NULL, ?)',
        `tmpl-${String(templateId)}`,
        token,
        ctx.now(),
      ).lastId;
      return reply.code(200).send(ok({ Id: id }));
    },
    isCollectorReady: async (request, reply) => {
      const c = collectorFor(request, request.query.collectorId);
      return reply.code(200).send(ok({ CollectorId: c.id, IsReady: collectorDto(c).IsReady }));
    },
    getCollector: async (request, reply) =>
      reply.code(200).send(ok(collectorDto(collectorFor(request, request.query.collectorId)))),
    isCollectorReadyDpackCapture: async (request, reply) => {
      const c = collectorFor(request, request.query.collectorId, request.query.captureRequestToken);
      return reply.code(200).send(ok({ CollectorId: c.id, IsReady: collectorDto(c).IsReady }));
    },
    getCollectorDpackCapture: async (request, reply) =>
      reply
        .code(200)
        .send(
          ok(
            collectorDto(collectorFor(request, request.query.collectorId, request.query.captureRequestToken)),
          ),
        ),
    setKeyCollectorEnabled: async (request, reply) => {
      const me = viewerOf(request);
      const c = ctx.repo.get<CollectorRow>('SELECT * FROM collectors WHERE key_id = ?', request.params.keyId);
      // Another account's key (outside the viewer's team, or a team member's key seen by a non-admin) is not
      // listed for the viewer, so it is not found for them either.
      if (!c || !mayManageKeyCollector(ctx, me, c))
        throw missing(request, `Key collector ${request.params.keyId}`);
      ctx.repo.run('UPDATE collectors SET enabled = ? WHERE id = ?', request.query.isenabled ? 1 : 0, c.id);
      return reply.code(200).send(ok({ KeyId: request.params.keyId, IsEnabled: request.query.isenabled }));
    },
    sendPssRequest: async (request, reply) => {
      const me = viewerOf(request);
      const b = request.body;
      if (!b.AccountName.trim())
        throw fail(request, [400], 'emptyfield', 'Account name and theatre are required.');
      if (!b.RequesterPhoneNumber.trim())
        throw fail(request, [400], 'emptyfield', 'A phone number is required.');
      if (!b.CaseSubject.trim()) throw fail(request, [400], 'emptyfield', 'A case subject is required.');
      if (b.ProjectId !== undefined) {
        const p = ctx.repo.project(b.ProjectId);
        if (!p || !ctx.repo.canSeeProject(me, p)) throw fail(request, [400], 'choose_project');
      }
      ctx.repo.addRecord('pss-request', me.id, b, ctx.now());
      return reply.code(200).send(ok(null, 'ticket_submitted'));
    },
    createSupportTicket: async (request, reply) => {
      const b = request.body.request;
      if (!b.subject.trim() || !b.comment.body.trim()) {
        return reply
          .code(400)
          .send({ error: 'RecordInvalid', description: 'Subject and comment are required.' });
      }
      const id = ctx.repo.addRecord('support-ticket', request.viewer?.id ?? null, request.body, ctx.now());
      return reply
        .header('Location', `/api/v2/requests/${id}.json`)
        .code(201)
        .send({ request: { id, status: 'new', subject: b.subject } });
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

export const isoDate = iso;
