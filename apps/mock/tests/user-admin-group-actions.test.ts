// The group account actions of POST /api/group/accounts/ as the spec (parts 5, 6, 7, 8) and the contract say:
// disable/enable by status with a note of at most 500 characters, reassign primary rep (validate_info, 409
// newprimary_cannot_changed, useraccounts_reassigned), checkaddtoteam's one-domain rule, and the scope of a team
// admin (a user administrator of their own team only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupActionEnvelope } from '@assessment/sdk';
import type { UserRow } from '../src/store/repo.ts';
import { Client, signedIn, startServer, type TestServer } from './helpers.ts';

let t: TestServer;
let admin: Client;
beforeAll(async () => {
  t = await startServer();
  admin = await signedIn(t, 'admin@dell.example');
});
afterAll(async () => {
  await t.close();
});

type Answer = { status: number; body: GroupActionEnvelope & { ResourceKey: string | null } };
const act = (c: Client, json: Record<string, unknown>) =>
  c.json<Answer['body']>('POST', '/api/group/accounts/', { json }) as Promise<Answer>;

let seq = 0;
/** New accounts of a domain (in the team of that domain) with a status, for the test to change. */
function accounts(
  domain: string,
  status: string,
  count: number,
  role = 'ChannelPartnerTeamMember',
): UserRow[] {
  const repo = t.server.ctx.repo;
  const team = repo.teamByDomain(domain);
  return Array.from({ length: count }, () => {
    seq++;
    const { lastId } = repo.run(
      `INSERT INTO users (email, first_name, last_name, role, status, team_id, is_admin, language_culture, country_id,
      terms_accepted, partner_terms_accepted, password_hash, created_at) VALUES (?, 'Test', ?, ?, ?, ?, 0, 'en-US', 840, 1, 1, NULL, ?)`,
      `group.test${String(seq)}@${domain}`,
      `User ${String(seq)}`,
      role,
      status,
      team?.id ?? null,
      t.server.ctx.now(),
    );
    return repo.user(lastId)!;
  });
}
const user = (id: number) => t.server.ctx.repo.user(id)!;

describe('disable and enable', () => {
  it('disables with a note (useraccounts_disabled), then enables (useraccounts_enabled)', async () => {
    const [a, b] = accounts('contoso-partners.example', 'Active', 2) as [UserRow, UserRow];
    const off = await act(admin, { accountIds: [a.id, b.id], actionType: 'disable', disableNote: 'Left.' });
    expect(off.status).toBe(200);
    expect(off.body.Data).toEqual({
      Status: 'success',
      PartialErrorList: [],
      ResourceKey: 'useraccounts_disabled',
    });
    expect(user(a.id).status).toBe('AdminDisabled');
    expect(user(a.id).disable_note).toBe('Left.');
    const on = await act(admin, { accountIds: [a.id], actionType: 'enable' });
    expect(on.body.Data.ResourceKey).toBe('useraccounts_enabled');
    expect(user(a.id).status).toBe('Active');
    expect(user(b.id).status).toBe('AdminDisabled');
  });

  it('a selection with an already disabled account is a partial success naming it', async () => {
    const [a, b] = accounts('contoso-partners.example', 'Active', 2) as [UserRow, UserRow];
    await act(admin, { accountIds: [a.id], actionType: 'disable' });
    const r = await act(admin, { accountIds: [a.id, b.id], actionType: 'disable' });
    expect(r.body.Data.Status).toBe('partialsuccess');
    expect(r.body.Data.PartialErrorList).toEqual([
      { ObjectDisplayName: a.email, ErrorMessage: 'operationnotallowed' },
    ]);
    const e = await act(admin, {
      accountIds: [accounts('contoso-partners.example', 'Active', 1)[0]!.id],
      actionType: 'enable',
    });
    expect(e.body.Data.Status).toBe('failure');
  });

  it('refuses a note over 500 characters (400) and changes nothing; 500 is fine', async () => {
    const [a] = accounts('contoso-partners.example', 'Active', 1) as [UserRow];
    const r = await act(admin, { accountIds: [a.id], actionType: 'disable', disableNote: 'x'.repeat(501) });
    expect(r.status).toBe(400);
    expect(user(a.id).status).toBe('Active');
    const ok = await act(admin, { accountIds: [a.id], actionType: 'disable', disableNote: 'x'.repeat(500) });
    expect(ok.status).toBe(200);
    expect(user(a.id).status).toBe('AdminDisabled');
  });
});

describe('reassign primary rep', () => {
  it('needs primaryRepId (validate_info)', async () => {
    const [a] = accounts('adventure-works.example', 'Active', 1) as [UserRow];
    const r = await act(admin, { accountIds: [a.id], actionType: 'reassignprimaryrep' });
    expect(r.status).toBe(400);
    expect(r.body.ResourceKey).toBe('validate_info');
  });

  it('answers 409 newprimary_cannot_changed when the new primary rep cannot be one', async () => {
    const [a] = accounts('adventure-works.example', 'Active', 1) as [UserRow];
    const notInternal = t.server.ctx.repo.userByEmail('enduser@adventure-works.example')!;
    const r = await act(admin, {
      accountIds: [a.id],
      actionType: 'reassignprimaryrep',
      primaryRepId: notInternal.id,
    });
    expect(r.status).toBe(409);
    expect(r.body.ResourceKey).toBe('newprimary_cannot_changed');
    expect(user(a.id).primary_rep_id).toBe(a.primary_rep_id);
  });

  it('answers 200 useraccounts_reassigned and sets the rep', async () => {
    const [a] = accounts('adventure-works.example', 'Active', 1) as [UserRow];
    const rep = t.server.ctx.repo.userByEmail('staff@dell.example')!;
    const r = await act(admin, {
      accountIds: [a.id],
      actionType: 'reassignprimaryrep',
      primaryRepId: rep.id,
    });
    expect(r.status).toBe(200);
    expect(r.body.Data.ResourceKey).toBe('useraccounts_reassigned');
    expect(user(a.id).primary_rep_id).toBe(rep.id);
  });
});

describe('add to team', () => {
  it('checkaddtoteam refuses accounts on more than one domain (addToTeamEmailsDontMatch)', async () => {
    const [a] = accounts('adventure-works.example', 'Active', 1) as [UserRow];
    const [b] = accounts('contoso-partners.example', 'Active', 1) as [UserRow];
    const r = await act(admin, {
      AccountIds: [a.id, b.id],
      actionType: 'checkaddtoteam',
      Domain: 'adventure-works.example',
    });
    expect(r.status).toBe(400);
    expect(r.body.ResourceKey).toBe('addToTeamEmailsDontMatch');
    const other = await act(admin, {
      AccountIds: [a.id],
      actionType: 'checkaddtoteam',
      Domain: 'contoso-partners.example',
    });
    expect(other.body.ResourceKey).toBe('addToTeamEmailsDontMatch');
  });

  it('checkaddtoteam passes for one domain; addToTeam moves the accounts into TeamId', async () => {
    const two = accounts('adventure-works.example', 'Active', 2, 'EndUser');
    const ids = two.map((u) => u.id);
    const check = await act(admin, {
      AccountIds: ids,
      actionType: 'checkaddtoteam',
      Domain: 'adventure-works.example',
    });
    expect(check.status).toBe(200);
    expect(check.body.Data.Status).toBe('success');
    const team = t.server.ctx.repo.teamByDomain('adventure-works.example')!;
    const add = await act(admin, { AccountIds: ids, actionType: 'addToTeam', TeamId: team.id });
    expect(add.body.Data.Status).toBe('success');
    for (const id of ids) expect(user(id).team_id).toBe(team.id);
  });
});

describe('team admins are the user administrators of their own team (part 6, pinned)', () => {
  it('may disable and enable their own team members, not other teams', async () => {
    const partnerAdmin = await signedIn(t, 'partner.admin@contoso-partners.example');
    const [own] = accounts('contoso-partners.example', 'Active', 1) as [UserRow];
    const [other] = accounts('adventure-works.example', 'Active', 1) as [UserRow];
    const r = await act(partnerAdmin, { accountIds: [own.id, other.id], actionType: 'disable' });
    expect(r.body.Data.Status).toBe('partialsuccess');
    expect(r.body.Data.PartialErrorList).toEqual([
      { ObjectDisplayName: other.email, ErrorMessage: 'operationnotallowed' },
    ]);
    expect(user(own.id).status).toBe('AdminDisabled');
    expect(user(other.id).status).toBe('Active');
  });

  it('cannot change their own role through the group action', async () => {
    const partnerAdmin = await signedIn(t, 'partner.admin@contoso-partners.example');
    const me = t.server.ctx.repo.userByEmail('partner.admin@contoso-partners.example')!;
    const r = await act(partnerAdmin, { accountIds: [me.id], actionType: 'changerole' });
    expect(r.body.Data.Status).toBe('failure');
    expect(user(me.id).is_admin).toBe(1);
  });
});

describe('changerole to a chosen role (the roles of the account team kind)', () => {
  it('sets the chosen role; the current role or another kind’s role fails per account', async () => {
    const [a, b, c] = accounts('contoso-partners.example', 'Active', 3) as [UserRow, UserRow, UserRow];
    const up = await act(admin, {
      accountIds: [a.id],
      actionType: 'changerole',
      role: 'ChannelPartnerTeamAdmin',
    });
    expect(up.body.Data.Status).toBe('success');
    expect(user(a.id)).toMatchObject({ role: 'ChannelPartnerTeamAdmin', is_admin: 1 });

    const same = await act(admin, {
      accountIds: [b.id],
      actionType: 'changerole',
      role: 'ChannelPartnerTeamMember',
    });
    expect(same.body.Data.Status).toBe('failure');
    expect(same.body.Data.PartialErrorList).toEqual([
      { ObjectDisplayName: b.email, ErrorMessage: 'operationnotallowed' },
    ]);
    expect(user(b.id).role).toBe('ChannelPartnerTeamMember');

    const wrongKind = await act(admin, {
      accountIds: [c.id],
      actionType: 'changerole',
      role: 'OEMTeamAdmin',
    });
    expect(wrongKind.body.Data.Status).toBe('failure');
    expect(user(c.id)).toMatchObject({ role: 'ChannelPartnerTeamMember', is_admin: 0 });

    const down = await act(admin, {
      accountIds: [a.id],
      actionType: 'changerole',
      role: 'ChannelPartnerTeamMember',
    });
    expect(down.body.Data.Status).toBe('success');
    expect(user(a.id)).toMatchObject({ role: 'ChannelPartnerTeamMember', is_admin: 0 });
  });
});
