// Type-ahead: suggestions of projects, collector runs, companies, channels, accounts and primary reps (HTML, JSON).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteHandlers } from '@assessment/sdk/fastify';
import type { LanguageCulture } from '@assessment/sdk';
import { modalTextsIn } from '../message-cultures/index.ts';
import type { UserRow } from '../store/repo.ts';
import { esc, textCulture, type Ctx } from './context.ts';

export const AUTOCOMPLETE_LIMIT = 10;

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
      // People are named only to whom the lookup rule lets see them (issue #32 b): internal staff search every
      // account; anyone else only the accounts of their own company (primary reps are internal staff: none).
      if (me === null) return [];
      const everyone = repo.isInternal(me);
      const rep = type === 'primaryRep';
      if (rep && !everyone) return [];
      // Someone who types another company's account's whole address (a partner sharing with its customer) gets
      // that one account, by its address only: knowing the address is the proof, and nothing is listed from part
      // of one, so no one can enumerate another company's people.
      const typed = name.trim().toLowerCase();
      const exact =
        !everyone && !rep && !opts.teamMembers && typed.includes('@')
          ? repo
              .all<UserRow>("SELECT * FROM users WHERE lower(email) = ? AND status = 'Active'", typed)
              .filter((u) => !repo.mayLookUpAccount(me, u))
              .map((u) => ({ id: String(u.id), label: u.email, description: u.email }))
          : [];
      if (!everyone && me.team_id === null) return exact;
      const team = (opts.teamMembers || !everyone) && me.team_id != null ? me.team_id : null;
      const seen = repo
        .all<UserRow>(
          `SELECT * FROM users WHERE (email LIKE ? OR (first_name || ' ' || last_name) LIKE ?) AND status = 'Active'
         ${rep ? "AND role IN ('DellAdminUser', 'DellUser')" : ''} ${team !== null ? 'AND team_id = ?' : ''} ORDER BY email LIMIT ?`,
          like,
          like,
          ...(team !== null ? [team] : []),
          AUTOCOMPLETE_LIMIT,
        )
        .filter((u) => repo.mayLookUpAccount(me, u))
        .map((u) => ({ id: String(u.id), label: `${u.first_name} ${u.last_name}`, description: u.email }));
      return [...seen, ...exact];
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

export function autocompleteHandlers(
  ctx: Ctx,
): Pick<
  RouteHandlers,
  | 'autocompleteProjectHtml'
  | 'autocompleteCompanyHtml'
  | 'autocompleteChannelHtml'
  | 'autocompleteAccountHtml'
  | 'autocompletePrimaryRepHtml'
  | 'autocompleteCollectorrunHtml'
  | 'autocomplete'
> {
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
  };
}
