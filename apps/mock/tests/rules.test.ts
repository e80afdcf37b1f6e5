// Sessions, terms, permissions of part 6, upload and logo limits, validation, and serving the portal.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  ApiEnvelope,
  AutocompleteResult,
  ContactCheckResult,
  GroupActionEnvelope,
  IdEnvelope,
  ProjectViewerData,
  PromoLogoStatusEnvelope,
  PromoSite,
  SignInResponse,
  UploadSettings,
  UploadedFileResponse,
  UserPage,
  Viewer,
} from '@assessment/sdk';
import { Role } from '@assessment/sdk';
import { MB } from '../src/config.ts';
import { REGISTRATION_LOOKUP_EMAILS } from '../src/store/seed.ts';
import {
  collectorFile,
  Client,
  freshDataDir,
  shareByLink,
  startServer,
  waitFor,
  type TestServer,
  signedIn,
} from './helpers.ts';

let t: TestServer;
const portalDir = path.join(freshDataDir(), 'portal-dist');

beforeAll(async () => {
  mkdirSync(path.join(portalDir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(portalDir, 'index.html'),
    '<!doctype html><title>Portal</title><div id="root"></div>',
  );
  writeFileSync(path.join(portalDir, 'assets', 'app-1234.js'), 'console.log("portal")');
  t = await startServer({
    timeScale: 0.2,
    sessionTtlSeconds: 1,
    portalDist: portalDir,
    maxIokitFileBytes: 64 * 1024,
    maxCombinedUploadBytes: 100 * 1024,
  });
});
afterAll(async () => {
  await t.close();
});

const as = (email: string): Promise<Client> => signedIn(t, email);

describe('sessions', () => {
  it('sets an httpOnly SameSite=Lax assessment_session cookie on sign-in and clears it on sign-out', async () => {
    const res = await fetch(`${t.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'enduser@adventure-works.example', password: 'Demo-Portal-2026' }),
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('assessment_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    const c = new Client(t.url);
    c.cookie = cookie.split(';')[0]!;
    const out = await c.request('POST', '/api/auth/signout');
    expect(out.headers.getSetCookie().some((s) => s.startsWith('assessment_session=;'))).toBe(true);
  });

  it('signs in over a stale cookie without a logged-out signal', async () => {
    const c = new Client(t.url);
    c.cookie = 'assessment_session=stale-token';
    const r = await c.json<SignInResponse>('POST', '/api/auth/signin', {
      json: { email: 'enduser@adventure-works.example', password: 'Demo-Portal-2026' },
    });
    expect(r.status).toBe(200);
    expect(r.res.headers.get('x-logged-out')).toBeNull();
    expect(c.cookie).not.toBe('assessment_session=stale-token');
    expect((await c.request('GET', '/api/projects')).status).toBe(200);
  });

  it('refuses a wrong password and an unknown account the same way', async () => {
    for (const email of ['enduser@adventure-works.example', 'nobody@adventure-works.example']) {
      const r = await new Client(t.url).json<ApiEnvelope>('POST', '/api/auth/signin', {
        json: { email, password: 'not the password' },
      });
      expect(r.status).toBe(401);
      expect(r.body.ResourceKey).toBe('validate_info');
    }
  });

  it('answers X-Logged-Out: 1 when a session is missing or has expired (lifetime from config)', async () => {
    const anon = await new Client(t.url).request('GET', '/api/projects');
    expect(anon.status).toBe(401);
    expect(anon.headers.get('x-logged-out')).toBe('1');
    const c = await as('enduser@adventure-works.example');
    expect((await c.request('GET', '/api/projects')).status).toBe(200);
    // 1.2 s later by the server's clock (the server runs in this process; only Date is faked, no waiting).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1200 });
    try {
      const expired = await c.request('GET', '/api/projects');
      expect(expired.status).toBe(401);
      expect(expired.headers.get('x-logged-out')).toBe('1');
      // A public call still answers, as a public viewer, with the header set.
      const viewer = await c.json<Viewer>('GET', '/api/viewer');
      expect(viewer.body.isPublic).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets anonymous viewers see published projects only', async () => {
    const repo = t.server.ctx.repo;
    const owner = repo.userByEmail('enduser@adventure-works.example')!;
    const published = repo.createProject('Published for everyone', owner.id, [
      repo.createRun('Public run', owner.id, 'server'),
    ]);
    repo.updateProject(published, { is_public: 1 });
    const hidden = repo.createProject('Not published', owner.id, []);
    const anon = new Client(t.url);
    const seen = await anon.json<ProjectViewerData>('GET', `/api/projects/${published}/viewer`);
    expect(seen.status).toBe(200);
    expect(seen.body.Project.Name).toBe('Published for everyone');
    expect((await anon.json('GET', `/api/projects/${published}`)).status).toBe(200);
    const refused = await anon.request('GET', `/api/projects/${hidden}/viewer`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-logged-out')).toBe('1');
    expect((await anon.request('DELETE', `/api/projects/${published}`)).status).toBe(401);
  });

  it('keeps public calls open to anonymous viewers', async () => {
    const v = await new Client(t.url).json<Viewer>('GET', '/api/viewer');
    expect(v.body).toMatchObject({ isPublic: true, user: null });
    expect((await new Client(t.url).request('GET', '/api/countries')).status).toBe(200);
  });
});

describe('terms', () => {
  it('reports pending EULA, then partner terms (Message PartnerTCNeeded), then nothing', async () => {
    const repo = t.server.ctx.repo;
    const u = repo.userByEmail('new.partner@fabrikam.example')!;
    repo.updateUser(u.id, { terms_accepted: 0, partner_terms_accepted: 0 });
    const c = await as('new.partner@fabrikam.example');
    expect((await c.json<Viewer>('GET', '/api/viewer')).body.pendingTerms).toBe('EULANeeded');
    const first = await c.json<ApiEnvelope>('PUT', `/api/account/${u.id}/TCAccepted/true`);
    expect(first.body.Message).toBe('PartnerTCNeeded');
    expect((await c.json<Viewer>('GET', '/api/viewer')).body.pendingTerms).toBe('PartnerTCNeeded');
    const second = await c.json<ApiEnvelope>('PUT', `/api/account/${u.id}/TCAccepted/true`);
    expect(second.body.Message).toBeNull();
    expect((await c.json<Viewer>('GET', '/api/viewer')).body.pendingTerms).toBeNull();
  });

  it('an end user only needs the EULA; declining logs out', async () => {
    const c = await as('new.enduser@adventure-works.example');
    const id = t.server.ctx.repo.userByEmail('new.enduser@adventure-works.example')!.id;
    const declined = await c.json<ApiEnvelope>('PUT', `/api/account/${id}/TCAccepted/false`);
    expect(declined.status).toBe(200);
    expect((await c.request('GET', '/api/projects')).status).toBe(401);
    const again = await as('new.enduser@adventure-works.example');
    expect(
      (await again.json<ApiEnvelope>('PUT', `/api/account/${id}/TCAccepted/true`)).body.Message,
    ).toBeNull();
  });

  it('cannot accept terms for someone else', async () => {
    const c = await as('enduser@adventure-works.example');
    expect((await c.json<ApiEnvelope>('PUT', '/api/account/1/TCAccepted/true')).body.ResourceKey).toBe(
      'operationnotallowed',
    );
  });
});

describe('permissions of part 6', () => {
  it('user administration only for administrators', async () => {
    const member = await as('partner.member@contoso-partners.example');
    const r = await member.json<ApiEnvelope>('GET', '/api/users');
    // The contract's refusal: 403 operationnotallowed (not a 400, which says the request itself was bad).
    expect(r.status).toBe(403);
    expect(r.body.ResourceKey).toBe('operationnotallowed');
    const g = await member.json<ApiEnvelope>('POST', '/api/group/accounts/', {
      json: { accountIds: [1], actionType: 'disable' },
    });
    expect(g.body.ResourceKey).toBe('operationnotallowed');
    const endUser = await as('enduser@adventure-works.example');
    expect((await endUser.json<ApiEnvelope>('GET', '/api/users')).status).toBe(403);
    const admin = await as('partner.admin@contoso-partners.example');
    const list = await admin.json<UserPage>('GET', '/api/users?PageSize=200');
    expect(list.status).toBe(200);
    // A team admin administers only the own team.
    expect(new Set(list.body.Items.map((u) => u.TeamId))).toEqual(
      new Set([t.server.ctx.repo.userByEmail('partner.admin@contoso-partners.example')!.team_id]),
    );
  });

  it('enable/disable follow the status; disabling ends the sessions of the account', async () => {
    const admin = await as('admin@dell.example');
    const target = t.server.ctx.repo.userByEmail('oem.member@northwind-oem.example')!;
    const victim = await as('oem.member@northwind-oem.example');
    const off = await admin.json<GroupActionEnvelope>('POST', '/api/group/accounts/', {
      json: { accountIds: [target.id], actionType: 'disable', disableNote: 'Test' },
    });
    expect(off.body.Data).toMatchObject({ Status: 'success', ResourceKey: 'useraccounts_disabled' });
    expect((await victim.request('GET', '/api/projects')).status).toBe(401);
    const twice = await admin.json<GroupActionEnvelope>('POST', '/api/group/accounts/', {
      json: { accountIds: [target.id], actionType: 'disable' },
    });
    expect(twice.body.Data.Status).toBe('failure');
    const on = await admin.json<GroupActionEnvelope>('POST', '/api/group/accounts/', {
      json: { AccountIds: [target.id], actionType: 'enable' },
    });
    expect(on.body.Data).toMatchObject({ Status: 'success', ResourceKey: 'useraccounts_enabled' });
  });

  it('a disable note is at most 500 characters', async () => {
    const admin = await as('admin@dell.example');
    const target = t.server.ctx.repo.userByEmail('oem.member@northwind-oem.example')!;
    const disable = (note: string) =>
      admin.json<GroupActionEnvelope>('POST', '/api/group/accounts/', {
        json: { accountIds: [target.id], actionType: 'disable', disableNote: note },
      });
    const long = await disable('n'.repeat(501));
    expect(long.status).toBe(400);
    expect(long.body.ResourceKey).toBe('validate_info');
    expect(t.server.ctx.repo.userByEmail('oem.member@northwind-oem.example')?.status).toBe(target.status);
    const max = await disable('n'.repeat(500));
    expect(max.status).toBe(200);
    expect(max.body.Data.Status).toBe('success');
    expect(t.server.ctx.repo.userByEmail('oem.member@northwind-oem.example')?.disable_note).toHaveLength(500);
    await admin.json('POST', '/api/group/accounts/', {
      json: { accountIds: [target.id], actionType: 'enable' },
    });
  });

  it('reassigning a primary rep to a non-internal account answers 409 newprimary_cannot_changed', async () => {
    const admin = await as('admin@dell.example');
    const r = await admin.json<ApiEnvelope>('POST', '/api/group/accounts/', {
      json: { accountIds: [5], actionType: 'reassignprimaryrep', primaryRepId: 7 },
    });
    expect(r.status).toBe(409);
    expect(r.body.ResourceKey).toBe('newprimary_cannot_changed');
  });

  it('group add-to-team needs one email domain (addToTeamEmailsDontMatch)', async () => {
    const admin = await as('admin@dell.example');
    const a = t.server.ctx.repo.userByEmail('enduser@adventure-works.example')!.id;
    const b = t.server.ctx.repo.userByEmail('partner.member@contoso-partners.example')!.id;
    const r = await admin.json<ApiEnvelope>('POST', '/api/group/accounts/', {
      json: { AccountIds: [a, b], actionType: 'checkaddtoteam' },
    });
    expect(r.body.ResourceKey).toBe('addToTeamEmailsDontMatch');
  });

  it('a modal the viewer may not load answers 403 operationnotallowed (part 8)', async () => {
    const anon = new Client(t.url);
    expect((await anon.request('GET', '/modal/Language')).status).toBe(200);
    const hidden = await anon.json<ApiEnvelope>('GET', '/modal/shareproject');
    expect(hidden.status).toBe(403);
    expect(hidden.body.ResourceKey).toBe('operationnotallowed');
    const partner = await as('partner.admin@contoso-partners.example');
    expect((await partner.request('GET', '/modal/shareproject')).status).toBe(200);
    const reassign = await partner.json<ApiEnvelope>('GET', '/modal/ProjectReassignDell');
    expect(reassign.status).toBe(403);
    expect(reassign.body.ResourceKey).toBe('operationnotallowed');
    const staff = await as('admin@dell.example');
    expect((await staff.request('GET', '/modal/ProjectReassignDell')).status).toBe(200);
  });

  it('a modal reads its declared query parameters (modalsize, projectId, title, message)', async () => {
    const partner = await as('partner.admin@contoso-partners.example');
    const share = await (
      await partner.request('GET', '/modal/shareproject?projectId=7&modalsize=large')
    ).text();
    expect(share).toContain('data-size="large"');
    expect(share).toContain('data-project-id="7"');
    const note = await partner.request('GET', '/modal/ErrorSuccessModal?title=Shared&message=Two%20accounts');
    expect(note.status).toBe(200);
    const html = await note.text();
    expect(html).toContain('Shared');
    expect(html).toContain('Two accounts');
    // The old free-form object serialized by other generators is refused, not silently read.
    expect((await partner.request('GET', '/modal/shareproject?modalsize=huge')).status).toBe(400);
  });

  it('part 8 keys of the run, project and team actions (collectorRestored, collectorArchiveError, collectorRestoredError, retry_initiated, useraccounts_user_promoted)', async () => {
    const repo = t.server.ctx.repo;
    const admin = await as('oem.admin@northwind-oem.example');
    const me = repo.userByEmail('oem.admin@northwind-oem.example')!;
    const run = repo.createRun('Part 8 keys run', me.id, 'server', Date.now() - 60_000, true);
    const notArchived = await admin.json<ApiEnvelope>('DELETE', `/api/collectorruns/restore/${run}`);
    expect(notArchived.body.ResourceKey).toBe('collectorRestoredError');
    expect((await admin.json<ApiEnvelope>('DELETE', `/api/collectorruns/${run}`)).status).toBe(200);
    const twice = await admin.json<ApiEnvelope>('DELETE', `/api/collectorruns/${run}`);
    expect(twice.body.ResourceKey).toBe('collectorArchiveError');
    const restored = await admin.json<ApiEnvelope>('DELETE', `/api/collectorruns/restore/${run}`);
    expect(restored.status).toBe(200);
    expect(restored.body.ResourceKey).toBe('collectorRestored');
    const project = repo.createProject('Part 8 keys project', me.id, []);
    // Only a project whose processing failed can be retried (409 operationnotallowed otherwise).
    const notFailed = await admin.json<ApiEnvelope>('POST', `/api/project/${project}/retry`);
    expect(notFailed.status).toBe(409);
    expect(notFailed.body.ResourceKey).toBe('operationnotallowed');
    repo.updateProject(project, { failed: 1 });
    const view = await admin.json<{ ProcessingFailed: boolean }>('GET', `/api/projects/${project}`);
    expect(view.body.ProcessingFailed).toBe(true);
    const retry = await admin.json<ApiEnvelope>('POST', `/api/project/${project}/retry`);
    expect(retry.body.ResourceKey).toBe('retry_initiated');
    const after = await admin.json<{ ProcessingFailed: boolean }>('GET', `/api/projects/${project}`);
    expect(after.body.ProcessingFailed).toBe(false);
    const member = repo.userByEmail('oem.member@northwind-oem.example')!;
    const promoted = await admin.json<ApiEnvelope>(
      'POST',
      `/Team/ChangeRole?userId=${member.id}&button=promote`,
    );
    expect(promoted.body.ResourceKey).toBe('useraccounts_user_promoted');
    expect(repo.user(member.id)?.role).toBe('OEMTeamAdmin');
    await admin.json('POST', `/Team/ChangeRole?userId=${member.id}&button=demote`);
    expect(repo.user(member.id)?.role).toBe('OEMTeamMember');
  });

  it('a PSS request answers ticket_submitted, choose_project for a project the sender cannot see, emptyfield for a blank subject', async () => {
    const c = await as('partner.admin@contoso-partners.example');
    const form = {
      AccountName: 'Adventure Works',
      Theatre: 'EMEA',
      RequesterPhoneNumber: '+1 555 0101',
      CaseSubject: 'Sizing help',
      HasSpecialInstructions: 'false',
    };
    const sent = await c.json<ApiEnvelope>('POST', '/PSSRequest/SendPSSRequest', { form });
    expect(sent.status).toBe(200);
    expect(sent.body.ResourceKey).toBe('ticket_submitted');
    const hidden = await c.json<ApiEnvelope>('POST', '/PSSRequest/SendPSSRequest', {
      form: { ...form, ProjectId: '999999' },
    });
    expect(hidden.body.ResourceKey).toBe('choose_project');
    const blank = await c.json<ApiEnvelope>('POST', '/PSSRequest/SendPSSRequest', {
      form: { ...form, CaseSubject: '   ' },
    });
    expect(blank.body.ResourceKey).toBe('emptyfield');
  });

  it('registration lookups of part 5: register_email_already_exists, register_account_inactive, register_blacklisted', async () => {
    // An inactive account on a domain registration may join (an OEM's domain refuses every address alike).
    const inactive = t.server.ctx.repo.userByEmail(
      REGISTRATION_LOOKUP_EMAILS.register_account_inactive.email,
    );
    if (inactive?.status !== 'Inactive') throw new Error('the seed has no inactive account');
    const register = (Email: string) =>
      new Client(t.url).json<ApiEnvelope>('POST', '/api/register', {
        json: {
          RegistrationType: 'user-register',
          Email,
          FirstName: 'Fresh',
          LastName: 'User',
          CompanyName: 'Some Company',
          CountryId: 840,
          PhoneNumber: null,
          PreferredLanguage: 'en-US',
          Password: 'Quiet-Lantern-Harbor-83',
        },
      });
    // The stage-one lookup says it (the spec's flags); register answers an address with an account as it answers
    // a new one, and the mail to the address says it has one (issue #39: no enumeration through register).
    const lookup = (email: string) =>
      new Client(t.url).json<ContactCheckResult>(
        'GET',
        `/api/contact/check?email=${encodeURIComponent(email)}`,
      );
    expect((await lookup('enduser@adventure-works.example')).body.EmailAlreadyExists).toBe(true);
    expect((await lookup(inactive.email)).body.AccountIsInactive).toBe(true);
    for (const email of ['enduser@adventure-works.example', inactive.email]) {
      const r = await register(email);
      expect(r.status, email).toBe(200);
      expect(r.body.ResourceKey, email).toBeNull();
    }
    expect((await register('someone@disposable-mail.example')).body.ResourceKey).toBe('register_blacklisted');
  });

  it('team check of part 5: user_already_team_admin for team admins, user_already_assigned_to_team for members', async () => {
    const admin = await as('admin@dell.example');
    const expected: Record<Role, string | null> = {
      OEMTeamAdmin: 'user_already_team_admin',
      ChannelPartnerTeamAdmin: 'user_already_team_admin',
      ChannelPartnerTeamMember: 'user_already_assigned_to_team',
      OEMTeamMember: 'user_already_assigned_to_team',
      DellAdminUser: 'user_already_assigned_to_team',
      DellUser: 'user_already_assigned_to_team',
      EndUser: null,
    };
    expect(Object.keys(expected).sort()).toEqual(Object.values(Role).sort());
    for (const [role, key] of Object.entries(expected)) {
      const u = t.server.ctx.repo.get<{ id: number }>(
        'SELECT id FROM users WHERE role = ? AND team_id IS NOT NULL ORDER BY id LIMIT 1',
        role,
      );
      if (!u) throw new Error(`the seed has no ${role} in a team`);
      const r = await admin.json<GroupActionEnvelope>('POST', '/api/group/accounts/', {
        json: { AccountIds: [u.id], actionType: 'checkaddtoteam' },
      });
      expect(r.status, role).toBe(200);
      expect(
        r.body.Data.PartialErrorList.map((e) => e.ErrorMessage),
        role,
      ).toEqual(key === null ? [] : [key]);
    }
  });

  it('owner reassign only for internal staff, and only to internal accounts', async () => {
    const repo = t.server.ctx.repo;
    const owner = repo.userByEmail('oem.admin@northwind-oem.example')!;
    const project = repo.createProject('Reassign me', owner.id, []);
    const staff = repo.userByEmail('staff@dell.example')!;
    const oem = await as('oem.admin@northwind-oem.example');
    expect(
      (
        await oem.json<ApiEnvelope>(
          'POST',
          `/api/projectverifyowner/dellreassignownership/${project}/${staff.id}`,
        )
      ).body.ResourceKey,
    ).toBe('operationnotallowed');
    const admin = await as('admin@dell.example');
    const toPartner = await admin.json<ApiEnvelope>(
      'POST',
      `/api/projectverifyowner/dellreassignownership/${project}/${owner.id}`,
    );
    expect(toPartner.status).toBe(409);
    expect(
      (
        await admin.json<ApiEnvelope>(
          'POST',
          `/api/projectverifyowner/dellreassignownership/${project}/${staff.id}`,
        )
      ).status,
    ).toBe(200);
    expect(repo.project(project)?.owner_id).toBe(staff.id);
  });

  it('sharing: collection in progress → anonymized only; demo project outside the owner company → refused', async () => {
    const repo = t.server.ctx.repo;
    const owner = repo.userByEmail('partner.admin@contoso-partners.example')!;
    const running = repo.createRun('Still collecting', owner.id, 'server', Date.now(), false);
    const live = repo.createProject('Live collection', owner.id, [running]);
    const demo = repo.createProject('Demo project', owner.id, [], Date.now(), { isDemo: true });
    const c = await as('partner.admin@contoso-partners.example');
    const share = (id: number) =>
      shareByLink(c, id, ['enduser@adventure-works.example', 'partner.member@contoso-partners.example']);
    const l = await share(live);
    expect(l.body.Data.AnonymousEmailAddresses.sort()).toEqual([
      'enduser@adventure-works.example',
      'partner.member@contoso-partners.example',
    ]);
    const d = await share(demo);
    expect(d.body.Data.SuccessEmailAddresses).toEqual(['partner.member@contoso-partners.example']);
    expect(d.body.Data.PartialErrorsList).toEqual([
      { ObjectDisplayName: 'enduser@adventure-works.example', ErrorMessage: 'operationnotallowed' },
    ]);
    // Anonymize is only for make-copies.
    const bad = await c.json<ApiEnvelope>('POST', '/api/projects/share', {
      json: {
        projectId: live,
        ShareType: 'link',
        Name: null,
        Anonymize: true,
        EmailAddresses: ['enduser@adventure-works.example'],
        ConciergeSelected: false,
      },
    });
    expect(bad.status).toBe(400);
  });

  it('others cannot see or change a project that is not theirs', async () => {
    const repo = t.server.ctx.repo;
    const owner = repo.userByEmail('oem.admin@northwind-oem.example')!;
    const p = repo.createProject('Private to the OEM', owner.id, []);
    const stranger = await as('enduser@adventure-works.example');
    expect((await stranger.request('GET', `/api/projects/${p}`)).status).toBe(404);
    expect((await stranger.request('DELETE', `/api/projects/${p}`)).status).toBe(404);
  });
});

describe('uploads (limits from settings: 64 KB per file, 100 KB combined in this test)', () => {
  async function upload(
    c: Client,
    name: string,
    bytes: number,
  ): Promise<{ status: number; body: ApiEnvelope & Partial<UploadedFileResponse> }> {
    const form = new FormData();
    form.append(
      'file',
      new Blob([
        bytes > 0 && name.toLowerCase().endsWith('.iokit') ? collectorFile(bytes) : Buffer.alloc(bytes, 3),
      ]),
      name,
    );
    // An UploadedFileResponse when accepted, the error envelope when refused.
    return c.json('POST', '/upload-service/iokit/file', { body: form });
  }

  it('gives the spec error keys for wrong types, sizes, combined size and no file', async () => {
    const c = await as('staff@dell.example');
    expect((await upload(c, 'notes.txt', 100)).body.ResourceKey).toBe('only_iokit_allowed');
    expect((await upload(c, 'big.iokit', 65 * 1024)).body.ResourceKey).toBe(
      'only_iokit_lessthen_hundred_mb_allowed',
    );
    expect((await upload(c, 'big.txt', 65 * 1024)).body.ResourceKey).toBe(
      'only_iokit_and_lessthen_hundred_mb_allowed',
    );
    const a = await upload(c, 'one.iokit', 60 * 1024);
    expect(a.status).toBe(200);
    const b = await upload(c, 'two.iokit', 60 * 1024);
    expect(b.body.ResourceKey).toBe('siokit_upload_combined_file_size_exceeded_limit');
    const empty = await c.json<ApiEnvelope>('POST', '/upload-service/iokit/file', { body: new FormData() });
    expect(empty.status).toBe(400);
    expect(empty.body.ResourceKey).toBe('nofiles');
    const zero = await upload(c, 'zero.iokit', 0);
    expect(zero.status).toBe(400);
    expect(zero.body.ResourceKey).toBe('iokit_generic_error');
    // Deleting the uploaded file frees the combined budget.
    expect((await c.request('DELETE', `/upload-service/api/iokit/${a.body.FileId ?? ''}`)).status).toBe(200);
    const two = await upload(c, 'two.iokit', 60 * 1024);
    expect(two.status).toBe(200);
    // siokit is the other extension taken (any case).
    expect((await c.request('DELETE', `/upload-service/api/iokit/${two.body.FileId ?? ''}`)).status).toBe(
      200,
    );
    const siokit = await upload(c, 'array.SIOKIT', 1024);
    expect(siokit.status).toBe(200);
    expect(siokit.body.FileName).toBe('array.SIOKIT');
  });

  it('publishes the limits in the upload settings (100 MB per file by default)', async () => {
    const c = await as('staff@dell.example');
    const s = await c.json<UploadSettings>('GET', '/api/settings/upload');
    expect(s.body.AllowedExtensions).toEqual(['iokit', 'siokit']);
    const defaults = (await import('../src/config.ts')).loadConfig({}, []);
    expect(defaults.maxIokitFileBytes).toBe(100 * MB);
  });
});

describe('promo logos', () => {
  it('status goes Processing → Ready after an upload; an image that is not one fails; wrong types and sizes are refused', async () => {
    const c = await as('admin@dell.example');
    const send = (name: string, data: Buffer, logoFor = 'header') => {
      const form = new FormData();
      form.append('promoSiteId', '2');
      form.append('logoFor', logoFor);
      form.append('file', new Blob([new Uint8Array(data)]), name);
      return c.json<ApiEnvelope>('POST', '/promologo/upload', { body: form });
    };
    expect(
      (await send('logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).status,
    ).toBe(200);
    const first = await c.json<PromoLogoStatusEnvelope>('GET', '/promologo/status/?promoSiteId=2');
    expect(first.body.Data.Status).toBe('Processing');
    const ready = await waitFor(async () => {
      const s = (await c.json<PromoLogoStatusEnvelope>('GET', '/promologo/status/?promoSiteId=2')).body.Data;
      return s.Status === 'Ready' ? s : undefined;
    });
    // The Logo URL serves the image.
    const image = await c.request('GET', ready.Logo ?? '');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await send('logo.png', Buffer.from('not a png at all'))).status).toBe(200);
    expect(
      (await c.json<PromoLogoStatusEnvelope>('GET', '/promologo/status/?promoSiteId=2')).body.Data.Status,
    ).toBe('Failed');
    for (const name of ['logo.bmp', 'logo.svg', 'logo.webp', 'logo']) {
      const refused = await send(name, Buffer.from('BM'));
      expect(refused.status, name).toBe(400);
    }
    // jpg, jpeg, png and gif (any case) up to exactly 1024 KB are taken.
    for (const name of ['logo.jpg', 'logo.JPEG', 'logo.gif'])
      expect((await send(name, Buffer.from([0xff, 0xd8, 0xff, 0]))).status, name).toBe(200);
    const atLimit = Buffer.alloc(1024 * 1024);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(atLimit);
    expect((await send('max.png', atLimit)).status).toBe(200);
    expect((await send('huge.png', Buffer.alloc(1024 * 1024 + 1))).status).toBe(413);
  });

  it('only team admins of the site team change it: a team member is refused (operationnotallowed), another team does not find it (404)', async () => {
    const admin = await as('partner.admin@contoso-partners.example');
    const sites = await admin.json<PromoSite[]>('GET', '/api/promosites');
    const site = sites.body[0];
    if (!site) throw new Error('the partner team has promo sites in the seed');
    const member = await as('partner.member@contoso-partners.example');
    // The member sees the team's sites…
    expect(
      (await member.json<PromoSite[]>('GET', '/api/promosites')).body.map((s) => s.PromoSiteId),
    ).toContain(site.PromoSiteId);
    // …but may not change them.
    const id = String(site.PromoSiteId);
    for (const path of [`/api/promo/toggle/true/${id}/header`, `/api/promo/deletelogo/${id}/header`]) {
      const refused = await member.json<ApiEnvelope>('POST', path);
      expect(refused.status, path).toBe(403);
      expect(refused.body.ResourceKey, path).toBe('operationnotallowed');
    }
    const form = new FormData();
    form.append('promoSiteId', id);
    form.append('logoFor', 'header');
    form.append(
      'file',
      new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])]),
      'logo.png',
    );
    const upload = await member.json<ApiEnvelope>('POST', '/promologo/upload', { body: form });
    expect(upload.status).toBe(403);
    expect(upload.body.ResourceKey).toBe('operationnotallowed');
    // Another team's admin does not find the site.
    const other = await as('oem.admin@northwind-oem.example');
    expect((await other.json<ApiEnvelope>('POST', `/api/promo/toggle/true/${id}/header`)).status).toBe(404);
    // The team admin may.
    expect(
      (await admin.json<ApiEnvelope>('POST', `/api/promo/toggle/false/${id}/header`)).body.StatusCode,
    ).toBe(200);
  });
});

describe('validation', () => {
  it('answers a bad request with the 400 envelope and validate_info, never a crash', async () => {
    const c = await as('admin@dell.example');
    const cases: [string, string, Parameters<Client['json']>[2]][] = [
      ['GET', '/api/projects?PageSize=abc', undefined],
      ['GET', '/api/projects?SortOrder=7', undefined],
      ['GET', '/api/projects/not-a-number', undefined],
      ['POST', '/api/projects/share', { json: { projectId: 'x' } }],
      [
        'POST',
        '/api/projects/share',
        { body: '{"broken json', headers: { 'Content-Type': 'application/json' } },
      ],
      ['POST', '/api/opticalprime/1/reports', { json: { region: 'MARS' } }],
      ['PUT', '/api/account/language/xx-XX', undefined],
      // (An empty run list is CRsRequired, part 5: see below.)
      ['POST', '/api/group/collectorruns', { json: { collectorRunIds: ['x'], actionType: 'archive' } }],
    ];
    for (const [method, url, init] of cases) {
      const r = await c.json<ApiEnvelope>(method, url, init);
      expect(r.status, `${method} ${url}`).toBe(400);
      expect(r.body.StatusCode, `${method} ${url}`).toBe(400);
      expect(r.body.ResourceKey, `${method} ${url}`).toBe('validate_info');
      expect(r.body.Message, `${method} ${url}`).toBeTruthy();
    }
  });

  it('takes a body-less POST sent with a JSON content type', async () => {
    const c = await as('admin@dell.example');
    const r = await c.json<IdEnvelope>('POST', '/api/projects?name=No%20body', {
      body: '',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(r.status).toBe(200);
    expect(r.body.Data.Id).toBeGreaterThan(0);
    const poisoned = await c.json<ApiEnvelope>('POST', '/api/projects/share', {
      body: '{"__proto__": {"x": 1}}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(poisoned.status).toBe(400);
  });

  it('part 5 keys where the contract refuses the request: empty required text emptyfield, no runs CRsRequired', async () => {
    const c = await as('admin@dell.example');
    const rename = await c.json<ApiEnvelope>('POST', '/project/update/5?name=');
    expect(rename.status).toBe(400);
    expect(rename.body.ResourceKey).toBe('emptyfield');
    const noRuns = await c.json<ApiEnvelope>('POST', '/api/group/collectorruns', {
      json: { collectorRunIds: [], actionType: 'archive' },
    });
    expect(noRuns.status).toBe(400);
    expect(noRuns.body.ResourceKey).toBe('CRsRequired');
    expect(noRuns.body.ErrorState?.ErrorCode).toBe('CRsRequired');
  });

  it('empty names give emptyfield; project names keep to the 100-character maxlength', async () => {
    const c = await as('admin@dell.example');
    const r = await c.json<ApiEnvelope>('POST', '/api/projects?name=%20%20');
    expect(r.body.ErrorState?.ErrorCode).toBe('emptyfield');
    const long = await c.json<ApiEnvelope>('POST', `/api/projects?name=${'n'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.ResourceKey).toBe('validate_info');
    const longest = await c.json<IdEnvelope>('POST', `/api/projects?name=${'n'.repeat(100)}`);
    expect(longest.status).toBe(200);
    expect(t.server.ctx.repo.project(longest.body.Data.Id)?.name).toHaveLength(100);
  });

  it('answers type-ahead for all six types, as the legacy HTML list and as JSON', async () => {
    const c = await as('admin@dell.example');
    const cases: [string, string][] = [
      ['project', 'SAN'],
      ['company', 'a'],
      ['channel', 'Fabrikam'],
      ['account', 'partner'],
      ['primaryRep', 'dell'],
      ['collectorrun', 'Berlin'],
    ];
    for (const [type, name] of cases) {
      const json = await c.json<AutocompleteResult>(
        'GET',
        `/api/lookup/${type}?name=${encodeURIComponent(name)}`,
      );
      expect(json.body.type, type).toBe(type);
      expect(json.body.items.length, type).toBeGreaterThan(0);
      expect(json.body.items.length, type).toBeLessThanOrEqual(10);
      const html = await (
        await c.request('GET', `/${type}/autocomplete/?name=${encodeURIComponent(name)}`)
      ).text();
      expect(html, type).toContain(`data-id="${json.body.items[0]!.id}"`);
    }
    // Channel search is limited to channel partners; the theater filter narrows companies.
    const channel = await c.json<AutocompleteResult>('GET', '/api/lookup/channel?name=Adventure');
    expect(channel.body.items).toEqual([]);
    const reps = await c.json<AutocompleteResult>('GET', '/api/lookup/primaryRep?name=a');
    expect(reps.body.items.every((i) => i.description?.endsWith('@dell.example'))).toBe(true);
  });

  it('escapes everything in the legacy HTML type-ahead list', async () => {
    const repo = t.server.ctx.repo;
    const me = repo.userByEmail('admin@dell.example')!;
    repo.createProject('<img src=x onerror=alert(1)> "quoted" & more', me.id, []);
    const c = await as('admin@dell.example');
    const html = await (await c.request('GET', '/project/autocomplete/?name=onerror')).text();
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;img src&#61;x onerror&#61;alert(1)&#62; &#34;quoted&#34; &#38; more');
    const none = await (await c.request('GET', '/company/autocomplete/?name=zzzz-nothing')).text();
    expect(none).toContain('No search results');
  });
});

describe('serving the portal from the same origin', () => {
  it('falls back to index.html for portal routes and serves assets, while API routes win', async () => {
    for (const route of [
      '/',
      '/projects',
      '/project/details/5',
      '/collectorruns/search',
      '/dpackviewer/12',
      '/auth/login?ReturnUrl=%2Fprojects',
    ]) {
      const res = await fetch(t.url + route);
      expect(res.status, route).toBe(200);
      expect(await res.text(), route).toContain('<div id="root">');
    }
    const asset = await fetch(`${t.url}/assets/app-1234.js`);
    expect(await asset.text()).toBe('console.log("portal")');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const api = await fetch(`${t.url}/api/nothing-here`);
    expect(api.status).toBe(404);
    expect(((await api.json()) as ApiEnvelope).StatusCode).toBe(404);
    // POST /project/update/5 is the rename call, not the portal.
    const c = await as('admin@dell.example');
    const rename = await c.json<ApiEnvelope>('POST', '/project/update/5?name=Renamed%20by%20route%20test');
    expect(rename.status).toBe(200);
    expect(t.server.ctx.repo.project(5)?.name).toBe('Renamed by route test');
  });
});
