// The user administration group actions are for user administrators only: a hidden button is not a control, so the
// demo API refuses every action to everyone else and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupAccountActionType, type GroupActionEnvelope } from '@assessment/sdk';
import { Client, startServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  await t.close();
});

// Accounts without any admin flag. (Team admins are the user administrators of their own team: that scope is
// pinned in user-admin-group-actions.test.ts and described in the contract.)
const NON_ADMINS = [
  'partner.member@contoso-partners.example',
  'oem.member@northwind-oem.example',
  'enduser@adventure-works.example',
];

describe.each(NON_ADMINS)('%s', (email) => {
  it.each(Object.values(GroupAccountActionType))('is refused the group action %s', async (actionType) => {
    const target = t.server.ctx.repo.userByEmail('partner.member@contoso-partners.example')!;
    const c = new Client(t.url);
    await c.signIn(email);
    const res = await c.json<GroupActionEnvelope>('POST', '/api/group/accounts/', {
      json: { accountIds: [target.id], actionType, disableNote: 'x', role: 'EndUser', teamId: 1 },
    });
    // Refused as a whole (operationnotallowed) or per account (a failure listing operationnotallowed).
    // An envelope error carries Data null, which the success type does not say.
    const data = res.body.Data as GroupActionEnvelope['Data'] | null;
    const refusedPerAccount =
      data?.Status === 'failure' &&
      data.PartialErrorList.every((e) => e.ErrorMessage === 'operationnotallowed');
    expect(
      res.body.ResourceKey === 'operationnotallowed' || refusedPerAccount,
      JSON.stringify(res.body),
    ).toBe(true);
    const after = t.server.ctx.repo.userByEmail('partner.member@contoso-partners.example')!;
    expect({ status: after.status, role: after.role, team: after.team_id }).toEqual({
      status: target.status,
      role: target.role,
      team: target.team_id,
    });
  });
});
