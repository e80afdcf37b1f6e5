// The authorization rules of #14 part 4 (findings 1-3), written once as a table
// (operation × persona × whose account → allowed or refused) and run cell by cell against the demo API.
// Every cell acts on a fresh target account, so cells never depend on each other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope, GroupActionEnvelope, IdEnvelope, UploadedFileResponse } from '@assessment/sdk';
import { roleForTeamKind, type TeamKind } from '../src/store/domain.ts';
import type { UserRow } from '../src/store/repo.ts';
import { Client, collectorFile, startServer, type TestServer, uploadModel } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  await t.close();
});

const PERSONAS = {
  internalAdmin: 'admin@dell.example',
  partnerAdmin: 'partner.admin@contoso-partners.example',
  oemAdmin: 'oem.admin@northwind-oem.example',
  partnerMember: 'partner.member@contoso-partners.example',
} as const;
type Persona = keyof typeof PERSONAS;

/** Whose account the action targets, seen from the actor. */
type Target = 'own' | 'otherCompany' | 'internal';

type Operation = 'addToTeam' | 'groupAddToOwnTeam' | 'groupAddToInternalTeam' | 'queueUploadFor';

const ALLOWED = true;
const REFUSED = false;

/** The table: every persona × target for every operation. */
const RULES: Record<Operation, Record<Persona, Record<Target, boolean>>> = {
  // POST /team/AddToTeam into the actor's own team (finding 1).
  addToTeam: {
    internalAdmin: { own: ALLOWED, otherCompany: ALLOWED, internal: ALLOWED },
    partnerAdmin: { own: ALLOWED, otherCompany: REFUSED, internal: REFUSED },
    oemAdmin: { own: ALLOWED, otherCompany: REFUSED, internal: REFUSED },
    partnerMember: { own: REFUSED, otherCompany: REFUSED, internal: REFUSED },
  },
  // Group action addToTeam with the actor's own team (finding 2).
  groupAddToOwnTeam: {
    internalAdmin: { own: ALLOWED, otherCompany: ALLOWED, internal: ALLOWED },
    partnerAdmin: { own: ALLOWED, otherCompany: REFUSED, internal: REFUSED },
    oemAdmin: { own: ALLOWED, otherCompany: REFUSED, internal: REFUSED },
    partnerMember: { own: REFUSED, otherCompany: REFUSED, internal: REFUSED },
  },
  // Group action addToTeam into the internal team: would make the account internal staff (finding 2).
  groupAddToInternalTeam: {
    internalAdmin: { own: ALLOWED, otherCompany: ALLOWED, internal: ALLOWED },
    partnerAdmin: { own: REFUSED, otherCompany: REFUSED, internal: REFUSED },
    oemAdmin: { own: REFUSED, otherCompany: REFUSED, internal: REFUSED },
    partnerMember: { own: REFUSED, otherCompany: REFUSED, internal: REFUSED },
  },
  // Queueing an upload in the target's name (finding 3).
  queueUploadFor: {
    internalAdmin: { own: ALLOWED, otherCompany: ALLOWED, internal: ALLOWED },
    partnerAdmin: { own: ALLOWED, otherCompany: REFUSED, internal: REFUSED },
    oemAdmin: { own: ALLOWED, otherCompany: REFUSED, internal: REFUSED },
    partnerMember: { own: REFUSED, otherCompany: REFUSED, internal: REFUSED },
  },
};

let serial = 0;
const user = (email: string): UserRow => {
  const u = t.server.ctx.repo.userByEmail(email);
  if (!u) throw new Error(`no seeded account ${email}`);
  return u;
};
const teamOf = (email: string): number => {
  const id = user(email).team_id;
  if (id === null) throw new Error(`${email} has no team`);
  return id;
};

/** A fresh active member of the team of `teamOfEmail`. */
function freshAccount(teamOfEmail: string): UserRow {
  const repo = t.server.ctx.repo;
  const team = repo.team(teamOf(teamOfEmail));
  if (!team) throw new Error('no team');
  serial += 1;
  const { lastId } = repo.run(
    `INSERT INTO users (email, first_name, last_name, role, status, team_id, is_admin, language_culture, country_id,
    terms_accepted, partner_terms_accepted, password_hash, created_at) VALUES (?, 'Authz', ?, ?, 'Active', ?, 0, 'en-US', ?, 1, 1, NULL, ?)`,
    `authz.${String(serial)}.${String(Date.now())}@${team.domain}`,
    `Target ${String(serial)}`,
    roleForTeamKind(team.kind as TeamKind, false),
    team.id,
    team.country_id,
    Date.now(),
  );
  const created = repo.user(lastId);
  if (!created) throw new Error('insert failed');
  return created;
}

function targetFor(persona: Persona, target: Target): UserRow {
  const actor = PERSONAS[persona];
  if (target === 'own') return freshAccount(actor);
  if (target === 'internal') return freshAccount(PERSONAS.internalAdmin);
  // Another company: the OEM company for everyone but the OEM admin, who targets the partner company.
  return freshAccount(persona === 'oemAdmin' ? PERSONAS.partnerAdmin : PERSONAS.oemAdmin);
}

const sessions = new Map<Persona, Client>();
async function as(persona: Persona): Promise<Client> {
  const existing = sessions.get(persona);
  if (existing) return existing;
  const c = new Client(t.url);
  await c.signIn(PERSONAS[persona]);
  sessions.set(persona, c);
  return c;
}

/** Runs the operation; answers whether the server carried it out (the response and the stored state agree). */
const ATTEMPTS: Record<Operation, (c: Client, actor: UserRow, target: UserRow) => Promise<boolean>> = {
  addToTeam: async (c, actor, target) => {
    const teamId = actor.team_id ?? -1;
    const r = await c.json<ApiEnvelope>(
      'POST',
      `/team/AddToTeam?userId=${String(target.id)}&teamId=${String(teamId)}&changeExistingMembersTeam=true`,
    );
    const moved = t.server.ctx.repo.user(target.id)?.team_id === teamId;
    if (target.team_id !== teamId) expect(moved).toBe(r.status === 200);
    return r.status === 200 && r.body.StatusCode === 200 && moved;
  },
  groupAddToOwnTeam: (c, actor, target) => groupAddToTeam(c, target, actor.team_id ?? -1),
  groupAddToInternalTeam: (c, _actor, target) => groupAddToTeam(c, target, teamOf(PERSONAS.internalAdmin)),
  queueUploadFor: async (c, _actor, target) => {
    const form = new FormData();
    form.append('file', new Blob([collectorFile(1024)]), 'authz.iokit');
    const file = await c.json<UploadedFileResponse>('POST', '/upload-service/iokit/file', { body: form });
    expect(file.status).toBe(200);
    const name = `Authz upload ${String(Date.now())} ${String(target.id)}`;
    const r = await c.json<IdEnvelope>('POST', '/upload-service/api/iokitqueue', {
      json: { ...uploadModel([file.body], { newProjectName: name }), ActionForUserId: target.id },
    });
    const created = t.server.ctx.repo.all<{ owner_id: number }>(
      'SELECT owner_id FROM projects WHERE name = ?',
      name,
    );
    expect(created.length).toBe(r.status === 200 ? 1 : 0);
    return r.status === 200 && created[0]?.owner_id === target.id;
  },
};

async function groupAddToTeam(c: Client, target: UserRow, teamId: number): Promise<boolean> {
  const r = await c.json<GroupActionEnvelope>('POST', '/api/group/accounts/', {
    json: { AccountIds: [target.id], actionType: 'addToTeam', TeamId: teamId },
  });
  const after = t.server.ctx.repo.user(target.id);
  const succeeded = r.status === 200 && r.body.Data.Status === 'success';
  // A refusal leaves the account where it was.
  if (!succeeded)
    expect({ team: after?.team_id, role: after?.role }).toEqual({ team: target.team_id, role: target.role });
  return succeeded && after?.team_id === teamId;
}

describe('authorization table (#14 findings 1-3)', () => {
  for (const [operation, byPersona] of Object.entries(RULES) as [
    Operation,
    Record<Persona, Record<Target, boolean>>,
  ][])
    for (const [persona, byTarget] of Object.entries(byPersona) as [Persona, Record<Target, boolean>][])
      for (const [target, allowed] of Object.entries(byTarget) as [Target, boolean][])
        it(`${operation}: ${persona} on ${target} account → ${allowed ? 'allowed' : 'refused'}`, async () => {
          const c = await as(persona);
          const actor = user(PERSONAS[persona]);
          const done = await ATTEMPTS[operation](c, actor, targetFor(persona, target));
          expect(done).toBe(allowed);
        });
});
