// The team calls of parts 4, 5 and 7 against the contract: OPM toggle (team admins only), verify (team and wizard
// variants), change role, add employee (serialized form) with the team-check keys, every answered status declared.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope, IdEnvelope, TeamCheckResult, TeamDetails } from '@assessment/sdk';
import { signedIn, startServer, type Client, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  await t.close();
});

const OEM_ADMIN = 'oem.admin@northwind-oem.example';
const OEM_MEMBER = 'oem.member@northwind-oem.example';
const PARTNER_ADMIN = 'partner.admin@contoso-partners.example';
const as = (email: string): Promise<Client> => signedIn(t, email);
const teamOf = (email: string): number => t.server.ctx.repo.userByEmail(email)!.team_id!;
const opm = (teamId: number): boolean => t.server.ctx.repo.team(teamId)!.is_opm_enabled === 1;

/** The statuses the contract declares for an operation (openapi/dist). */
const contract = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../../../openapi/dist/openapi.json'), 'utf8'),
) as { paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>> };
function declared(operationId: string): string[] {
  for (const item of Object.values(contract.paths))
    for (const op of Object.values(item))
      if (op.operationId === operationId) return Object.keys(op.responses);
  throw new Error(`no ${operationId}`);
}

let serial = 0;
async function addEmployee(c: Client, teamId: number, email: string, makeAdmin = false) {
  return c.json<IdEnvelope>('POST', '/Team/AddEmployee', {
    form: {
      Email: email,
      FirstName: 'New',
      LastName: `Person${String(serial++)}`,
      TeamId: String(teamId),
      MakeAdmin: String(makeAdmin),
    },
  });
}

describe('OPM team option (part 4)', () => {
  it('a team admin toggles it on and off (StatusCode 200, stored)', async () => {
    const c = await as(OEM_ADMIN);
    const team = teamOf(OEM_ADMIN);
    for (const value of [true, false, true]) {
      const r = await c.json<ApiEnvelope>('POST', `/api/team/edit/${String(value)}/${String(team)}`);
      expect(r.status).toBe(200);
      expect(r.body.StatusCode).toBe(200);
      expect(opm(team)).toBe(value);
      const page = await c.json<TeamDetails>('GET', `/api/teams/${String(team)}`);
      expect(page.body.Team.IsOpmEnabled).toBe(value);
      expect(page.body.CanEdit).toBe(true);
    }
  });

  it('a team member is refused (403 operationnotallowed, declared) and the option stays as it was', async () => {
    const c = await as(OEM_MEMBER);
    const team = teamOf(OEM_MEMBER);
    const before = opm(team);
    const r = await c.json<ApiEnvelope>('POST', `/api/team/edit/${String(!before)}/${String(team)}`);
    expect(r.status).toBe(403);
    expect(r.body.ResourceKey).toBe('operationnotallowed');
    expect(declared('setTeamOpmEnabled')).toContain('403');
    expect(opm(team)).toBe(before);
    const page = await c.json<TeamDetails>('GET', `/api/teams/${String(team)}`);
    expect(page.body.CanEdit).toBe(false);
  });

  it("another team's admin gets 404 and changes nothing", async () => {
    const c = await as(PARTNER_ADMIN);
    const team = teamOf(OEM_ADMIN);
    const before = opm(team);
    const r = await c.json<ApiEnvelope>('POST', `/api/team/edit/${String(!before)}/${String(team)}`);
    expect(r.status).toBe(404);
    expect(declared('setTeamOpmEnabled')).toContain('404');
    expect(opm(team)).toBe(before);
  });
});

describe('team employees (parts 5 and 7)', () => {
  it('add (serialized form) → not verified; verify (team and wizard variants) → verified; promote/demote', async () => {
    const c = await as(OEM_ADMIN);
    const team = teamOf(OEM_ADMIN);
    const domain = t.server.ctx.repo.team(team)!.domain;
    const ids: number[] = [];
    for (const path of ['/Team/VerifyEmployees', '/Wizard/VerifyEmployees']) {
      const added = await addEmployee(c, team, `teams.test.${String(serial)}@${domain}`);
      expect(added.status).toBe(200);
      const id = added.body.Data.Id;
      ids.push(id);
      const before = await c.json<TeamDetails>('GET', `/api/teams/${String(team)}`);
      expect(before.body.Members.find((m) => m.UserId === id)?.Verified).toBe(false);
      const r = await c.json<ApiEnvelope>('POST', path, {
        form: { TeamId: String(team), UserIds: [String(id)] },
      });
      expect(r.status, path).toBe(200);
      const after = await c.json<TeamDetails>('GET', `/api/teams/${String(team)}`);
      expect(after.body.Members.find((m) => m.UserId === id)?.Verified, path).toBe(true);
    }
    const promote = await c.json<ApiEnvelope>(
      'POST',
      `/Team/ChangeRole?userId=${String(ids[0])}&button=promote`,
    );
    expect(promote.body.ResourceKey).toBe('useraccounts_user_promoted');
    expect(t.server.ctx.repo.user(ids[0]!)?.role).toBe('OEMTeamAdmin');
    // Promoting an admin again changes nothing: refused, never answered as a change.
    const again = await c.json<ApiEnvelope>(
      'POST',
      `/Team/ChangeRole?userId=${String(ids[0])}&button=promote`,
    );
    expect(again.status).toBe(400);
    expect(again.body.ResourceKey).toBe('operationnotallowed');
    await c.json('POST', `/Team/ChangeRole?userId=${String(ids[0])}&button=demote`);
    expect(t.server.ctx.repo.user(ids[0]!)?.role).toBe('OEMTeamMember');
  });

  it('an internal admin ({provider}AdminUser) can be demoted; a demote that changes nothing is refused', async () => {
    const admin = await as('admin@dell.example');
    const staff = t.server.ctx.repo.userByEmail('staff@dell.example')!;
    const change = (button: string) =>
      admin.json<ApiEnvelope>('POST', `/Team/ChangeRole?userId=${String(staff.id)}&button=${button}`);
    expect((await change('promote')).status).toBe(200);
    expect(t.server.ctx.repo.user(staff.id)).toMatchObject({ role: 'DellAdminUser', is_admin: 1 });
    expect((await change('demote')).status).toBe(200);
    expect(t.server.ctx.repo.user(staff.id)).toMatchObject({ role: 'DellUser', is_admin: 0 });
    const again = await change('demote');
    expect(again.status).toBe(400);
    expect(again.body.ResourceKey).toBe('operationnotallowed');
  });

  it('verify refuses an account outside the team (400 validate_info) and verifies none of the batch', async () => {
    const c = await as(OEM_ADMIN);
    const team = teamOf(OEM_ADMIN);
    const domain = t.server.ctx.repo.team(team)!.domain;
    const added = await addEmployee(c, team, `teams.batch.${String(serial)}@${domain}`);
    const outsider = t.server.ctx.repo.userByEmail(PARTNER_ADMIN)!.id;
    for (const path of ['/Team/VerifyEmployees', '/Wizard/VerifyEmployees']) {
      const r = await c.json<ApiEnvelope>('POST', path, {
        form: { TeamId: String(team), UserIds: [String(added.body.Data.Id), String(outsider)] },
      });
      // Not found in the team (404, as every team call answers for an account outside it); nothing verified.
      expect(r.status).toBe(404);
      expect(r.body.ErrorState?.ErrorCode ?? r.body.ResourceKey).toBe('validate_info');
      expect(t.server.ctx.repo.user(added.body.Data.Id)?.status).toBe('Inactive');
    }
  });

  it('members are refused every team mutation with 403 (declared for each)', async () => {
    const c = await as(OEM_MEMBER);
    const team = teamOf(OEM_MEMBER);
    const domain = t.server.ctx.repo.team(team)!.domain;
    const me = t.server.ctx.repo.userByEmail(OEM_MEMBER)!.id;
    const calls: [string, () => Promise<{ status: number }>][] = [
      [
        'verifyTeamEmployees',
        () =>
          c.json('POST', '/Team/VerifyEmployees', { form: { TeamId: String(team), UserIds: [String(me)] } }),
      ],
      [
        'verifyWizardEmployees',
        () =>
          c.json('POST', '/Wizard/VerifyEmployees', {
            form: { TeamId: String(team), UserIds: [String(me)] },
          }),
      ],
      ['changeTeamRole', () => c.json('POST', `/Team/ChangeRole?userId=${String(me)}&button=promote`)],
      [
        'addToTeam',
        () =>
          c.json(
            'POST',
            `/team/AddToTeam?userId=${String(me)}&teamId=${String(team)}&changeExistingMembersTeam=false`,
          ),
      ],
      ['addTeamEmployee', () => addEmployee(c, team, `teams.member.${String(serial)}@${domain}`)],
      [
        'removeFromTeam',
        () => c.json('POST', `/team/RemoveFromTeam?userId=${String(me)}&teamId=${String(team)}`),
      ],
    ];
    for (const [operation, call] of calls) {
      expect((await call()).status, operation).toBe(403);
      expect(declared(operation), operation).toContain('403');
    }
    expect(t.server.ctx.repo.user(me)?.role).toBe('OEMTeamMember');
  });

  it('team check keys (part 5): the check answers CurrentRole; adding an existing account gives the key of its role', async () => {
    const c = await as(OEM_ADMIN);
    const team = teamOf(OEM_ADMIN);
    const check = await c.json<TeamCheckResult>(
      'GET',
      `/api/team/check?email=${encodeURIComponent(OEM_MEMBER)}`,
    );
    expect(check.body.CurrentRole).toBe('OEMTeamMember');
    expect(check.body.UserExists).toBe(true);
    expect(check.body.UserId).toBe(t.server.ctx.repo.userByEmail(OEM_MEMBER)!.id);
    // Another company's account exists, but who it is (id, role, team) is not told (issue #32 b).
    const other = await c.json<TeamCheckResult>(
      'GET',
      `/api/team/check?email=${encodeURIComponent(PARTNER_ADMIN)}`,
    );
    expect(other.body).toMatchObject({ UserExists: true, UserId: null, CurrentRole: null, TeamId: null });
    const none = await c.json<TeamCheckResult>(
      'GET',
      '/api/team/check?email=nobody.at.all%40northwind-oem.example',
    );
    expect(none.body).toMatchObject({ UserExists: false, UserId: null, CurrentRole: null });
    const admin = await addEmployee(c, team, PARTNER_ADMIN);
    expect(admin.status).toBe(409);
    expect(admin.body.ErrorState?.ErrorCode ?? admin.body.ResourceKey).toBe('user_already_team_admin');
    const member = await addEmployee(c, team, 'partner.member@contoso-partners.example');
    expect(member.body.ErrorState?.ErrorCode ?? member.body.ResourceKey).toBe(
      'user_already_assigned_to_team',
    );
    const own = await addEmployee(c, team, OEM_MEMBER);
    expect(own.body.ErrorState?.ErrorCode ?? own.body.ResourceKey).toBe('user_already_assigned_to_team');
    const offDomain = await addEmployee(c, team, `nobody.${String(serial)}@elsewhere.example`);
    expect(offDomain.status).toBe(400);
    expect(offDomain.body.ErrorState?.ErrorCode ?? offDomain.body.ResourceKey).toBe(
      'addToTeamEmailsDontMatch',
    );
    expect(declared('addTeamEmployee')).toContain('400');
  });
});

describe('remove an employee (proposed: the remove button of the employee table)', () => {
  it('a team admin removes an employee: no team, end user, no admin role; the team no longer lists them', async () => {
    const c = await as(OEM_ADMIN);
    const team = teamOf(OEM_ADMIN);
    const domain = t.server.ctx.repo.team(team)!.domain;
    const added = await addEmployee(c, team, `teams.remove.${String(serial)}@${domain}`, true);
    const id = added.body.Data.Id;
    const r = await c.json<ApiEnvelope>(
      'POST',
      `/team/RemoveFromTeam?userId=${String(id)}&teamId=${String(team)}`,
    );
    expect(r.status).toBe(200);
    expect(r.body.StatusCode).toBe(200);
    const u = t.server.ctx.repo.user(id)!;
    expect([u.team_id, u.role, u.is_admin]).toEqual([null, 'EndUser', 0]);
    const after = await c.json<TeamDetails>('GET', `/api/teams/${String(team)}`);
    expect(after.body.Members.some((m) => m.UserId === id)).toBe(false);
    // Not in the team (any more): 404, declared.
    const again = await c.json('POST', `/team/RemoveFromTeam?userId=${String(id)}&teamId=${String(team)}`);
    expect(again.status).toBe(404);
    expect(declared('removeFromTeam')).toContain('404');
  });

  it('removing oneself is refused (400 operationnotallowed); another team is out of reach', async () => {
    const c = await as(OEM_ADMIN);
    const team = teamOf(OEM_ADMIN);
    const me = t.server.ctx.repo.userByEmail(OEM_ADMIN)!.id;
    const self = await c.json<ApiEnvelope>(
      'POST',
      `/team/RemoveFromTeam?userId=${String(me)}&teamId=${String(team)}`,
    );
    expect(self.status).toBe(400);
    expect(self.body.ResourceKey ?? self.body.ErrorState?.ErrorCode).toBe('operationnotallowed');
    expect(t.server.ctx.repo.user(me)?.team_id).toBe(team);
    const other = t.server.ctx.repo.userByEmail(PARTNER_ADMIN)!;
    const foreign = await c.json(
      'POST',
      `/team/RemoveFromTeam?userId=${String(other.id)}&teamId=${String(other.team_id)}`,
    );
    expect([403, 404]).toContain(foreign.status);
    expect(t.server.ctx.repo.user(other.id)?.team_id).toBe(other.team_id);
  });
});
