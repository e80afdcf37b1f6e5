// User administration (user administrators only): the user search, as JSON and as the legacy HTML fragment.
import type { RouteHandlers } from '@assessment/sdk/fastify';
import type { Paging, UserRow } from '../store/repo.ts';
import { esc, internal, pageAnswer, paging, requireUserAdmin, userDto, type Ctx } from './context.ts';

export function userHandlers(ctx: Ctx): Pick<RouteHandlers, 'listUsers' | 'getSearchedUserListHtml'> {
  // Both forms search alike: MyUsers is the caller's own users; anyone but internal staff sees their own team only.
  const search = (
    me: UserRow,
    text: string | undefined,
    primaryRepEmail: string | undefined,
    scope: string | undefined,
    pg: Paging,
  ) =>
    ctx.repo.searchUsers(
      {
        search: text,
        primaryRepEmail,
        primaryRepId: scope === 'MyUsers' ? me.id : undefined,
        teamId: internal(me) ? undefined : (me.team_id ?? -1),
      },
      pg,
    );
  return {
    listUsers: async (request, reply) => {
      const me = requireUserAdmin(request);
      const q = request.query ?? {};
      const page = search(me, q.search, q.PrimaryRepEmail, q.UserScope, paging(q));
      return reply.code(200).send(pageAnswer(page, (u) => userDto(ctx, u)));
    },
    getSearchedUserListHtml: async (request, reply) => {
      const me = requireUserAdmin(request);
      // An empty form is a search with every default (the contract's body is optional).
      const b = request.body ?? {};
      const page = search(
        me,
        b.SearchText,
        b.PrimaryRepEmail,
        b.UserScope,
        paging({
          PageSize: b.pageSize,
          PageNumber: b.pageNumber,
          SortByField: b.sortByField,
          SortOrder: b.sortOrder,
        }),
      );
      const rows = page.items.map((u) => {
        const d = userDto(ctx, u);
        const action = u.status === 'Disabled' || u.status === 'AdminDisabled' ? 'enable' : 'disable';
        return (
          `<tr data-user-id="${d.UserId}" data-status="${esc(d.Status)}" data-action="${action}"><td><input type="checkbox" name="accountIds" value="${d.UserId}"></td>` +
          `<td>${esc(d.Email)}</td><td>${esc(d.FirstName)} ${esc(d.LastName)}</td><td>${esc(d.Role)}</td><td>${esc(d.Status)}</td>` +
          `<td>${esc(d.CompanyName ?? '')}</td><td>${esc(d.PrimaryRepEmail ?? '')}</td></tr>`
        );
      });
      return reply
        .type('text/html; charset=utf-8')
        .code(200)
        .send(
          `<table class="user-list" data-total="${page.total}" data-page="${page.pageNumber}" data-page-size="${page.pageSize}"><tbody>${rows.join('')}</tbody></table>`,
        );
    },
  };
}
