// The project search of part 2 (my-projects-only for every role, primary-rep email exact match) and the
// project rules the portal's project pages rely on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiEnvelope,
  AutocompleteResult,
  CollectorRunPage,
  Dashboard,
  IdEnvelope,
  ProjectPage,
} from '@assessment/sdk';
import { Client, startServer, type TestServer, signedIn } from './helpers.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startServer({ timeScale: 0.01 });
});
afterAll(async () => {
  await t.close();
});

const as = (email: string): Promise<Client> => signedIn(t, email);

async function createProject(c: Client, name: string): Promise<number> {
  const created = await c.json<IdEnvelope>('POST', `/api/projects/?name=${encodeURIComponent(name)}`);
  expect(created.body.ResourceKey).toBe('projectcreated');
  return created.body.Data.Id;
}

const ADMIN = 'admin@dell.example';
const PARTNER = 'partner.admin@contoso-partners.example';

describe('project search: my projects only', () => {
  it.each([ADMIN, PARTNER, 'enduser@adventure-works.example'])(
    'keeps only the viewer’s own projects for %s (internal staff included)',
    async (email) => {
      const c = await as(email);
      const own = await createProject(c, `Mine only ${email.replace('@', ' at ')}`);
      const mine = await c.json<ProjectPage>('GET', '/api/projects?myProjectsOnly=true&PageSize=200');
      expect(mine.status).toBe(200);
      expect(mine.body.Items.map((p) => p.Id)).toContain(own);
      expect(mine.body.Items.every((p) => p.OwnerEmail.toLowerCase() === email)).toBe(true);
      const all = await c.json<ProjectPage>('GET', '/api/projects?myProjectsOnly=false&PageSize=200');
      expect(all.body.TotalCount).toBeGreaterThanOrEqual(mine.body.TotalCount);
      if (email === ADMIN) {
        // Internal staff see every project; "mine" must really narrow that (it used to return all of them).
        expect(all.body.Items.some((p) => p.OwnerEmail.toLowerCase() !== ADMIN)).toBe(true);
        expect(mine.body.TotalCount).toBeLessThan(all.body.TotalCount);
      }
    },
  );
});

describe('dashboard recent projects', () => {
  it('are the viewer’s own, for internal staff too, and show a new project at once', async () => {
    const c = await as(ADMIN);
    const id = await createProject(c, `Dashboard recent ${Date.now()}`);
    const dashboard = await c.json<Dashboard>('GET', '/api/dashboard');
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.RecentProjects.map((p) => p.Id)).toContain(id);
    expect(dashboard.body.RecentProjects.every((p) => p.OwnerEmail.toLowerCase() === ADMIN)).toBe(true);
  });
});

describe('project search: primary-rep email', () => {
  it('matches the primary rep’s email exactly (any case), never a part of it', async () => {
    const c = await as(ADMIN);
    const reps = await c.json<AutocompleteResult>('GET', '/api/lookup/primaryRep?name=dell.example');
    const emails = reps.body.items.map((item) => item.description).filter((e): e is string => !!e);
    expect(emails.length).toBeGreaterThan(0);
    let found: { email: string; total: number } | undefined;
    for (const email of emails) {
      const page = await c.json<ProjectPage>(
        'GET',
        `/api/projects?primaryRepEmail=${encodeURIComponent(email)}&PageSize=200`,
      );
      if (page.body.TotalCount > 0) {
        found = { email, total: page.body.TotalCount };
        break;
      }
    }
    expect(found).toBeDefined();
    const { email, total } = found!;
    const upper = await c.json<ProjectPage>(
      'GET',
      `/api/projects?primaryRepEmail=${encodeURIComponent(email.toUpperCase())}&PageSize=200`,
    );
    expect(upper.body.TotalCount).toBe(total);
    const part = await c.json<ProjectPage>(
      'GET',
      `/api/projects?primaryRepEmail=${encodeURIComponent(email.slice(1))}&PageSize=200`,
    );
    expect(part.body.TotalCount).toBe(0);
    const longer = await c.json<ProjectPage>(
      'GET',
      `/api/projects?primaryRepEmail=${encodeURIComponent(`x${email}`)}&PageSize=200`,
    );
    expect(longer.body.TotalCount).toBe(0);
  });
});

describe('project owner reassign (internal staff only)', () => {
  it('refuses a partner with operationnotallowed and leaves the owner unchanged', async () => {
    const partner = await as(PARTNER);
    const id = await createProject(partner, `Reassign refused ${Date.now()}`);
    const admin = await as(ADMIN);
    const viewer = await admin.json<{ user: { id: number } }>('GET', '/api/viewer');
    const refused = await partner.json<ApiEnvelope>(
      'POST',
      `/api/projectverifyowner/dellreassignownership/${id}/${viewer.body.user.id}`,
    );
    expect(refused.status).not.toBe(200);
    expect(refused.body.StatusCode).not.toBe(200);
    expect(refused.body.ResourceKey ?? refused.body.ErrorState?.ErrorCode).toBe('operationnotallowed');
    const after = await partner.json<{ OwnerEmail: string }>('GET', `/api/projects/${id}`);
    expect(after.body.OwnerEmail).toBe(PARTNER);
  });
});

describe('project actions the portal relies on', () => {
  it('publish without an enabled node answers nodes_required_to_publish; the last run is removed only with the project', async () => {
    const c = await as(PARTNER);
    const empty = await createProject(c, `Nothing to publish ${Date.now()}`);
    const publish = await c.json<ApiEnvelope>('POST', `/api/projects/${empty}/publish?publish=true`);
    expect(publish.status).toBe(400);
    expect(publish.body.ResourceKey ?? publish.body.ErrorState?.ErrorCode).toBe('nodes_required_to_publish');

    const runs = await c.json<CollectorRunPage>(
      'GET',
      '/api/collectorruns?myCollectorRunsOnly=true&PageSize=200',
    );
    const free = runs.body.Items.find((run) => run.ProjectId === null && run.ArchiveState !== 'Archived');
    expect(free).toBeDefined();
    const created = await c.json<IdEnvelope>(
      'POST',
      `/api/projects?name=${encodeURIComponent(`Last run ${Date.now()}`)}&CollectorRunIdToAddToProject=${free!.Id}`,
    );
    const id = created.body.Data.Id;
    const refused = await c.json<ApiEnvelope>('POST', `/api/projects/removecollectorrun/${id}/${free!.Id}`);
    expect(refused.status).not.toBe(200);
    expect(refused.body.ResourceKey ?? refused.body.ErrorState?.ErrorCode).toBe('project_removecollectorrun');
    const removed = await c.json<ApiEnvelope>(
      'DELETE',
      `/api/projects/removecollectorunanddeleteproject/${id}/${free!.Id}`,
    );
    expect(removed.body.StatusCode).toBe(200);
    expect((await c.json('GET', `/api/projects/${id}`)).status).toBe(404);
  });

  it('an empty rename answers emptyfield and keeps the name', async () => {
    const c = await as(PARTNER);
    const name = `Keep my name ${Date.now()}`;
    const id = await createProject(c, name);
    const renamed = await c.json<ApiEnvelope>(
      'POST',
      `/project/update/${id}?name=${encodeURIComponent('   ')}`,
    );
    expect(renamed.status).toBe(400);
    expect(renamed.body.ResourceKey ?? renamed.body.ErrorState?.ErrorCode).toBe('emptyfield');
    expect((await c.json<{ Name: string }>('GET', `/api/projects/${id}`)).body.Name).toBe(name);
  });
});

describe('project names follow the project-name pattern (spec part 5)', () => {
  const bad = ['<script>alert(1)</script>', 'Semi;colon', 'x'.repeat(101)];
  it.each(bad)('create, rename and group create refuse %j with validate_info', async (name) => {
    const c = await as(PARTNER);
    const created = await c.json<ApiEnvelope>('POST', `/api/projects/?name=${encodeURIComponent(name)}`);
    expect(created.status).toBe(400);
    expect(created.body.ErrorState?.ErrorCode ?? created.body.ResourceKey).toBe('validate_info');
    const id = await createProject(c, `Pattern ${Date.now()}`);
    const renamed = await c.json<ApiEnvelope>(
      'POST',
      `/project/update/${id}?name=${encodeURIComponent(name)}`,
    );
    expect(renamed.status).toBe(400);
    const runs = await c.json<CollectorRunPage>('GET', '/api/collectorruns?myCollectorRunsOnly=true');
    const group = await c.json<ApiEnvelope>('POST', '/api/group/collectorruns', {
      json: {
        collectorRunIds: [runs.body.Items[0]?.Id],
        actionType: 'create_proj',
        isNewProject: true,
        projectName: name,
      },
    });
    expect(group.status).toBe(400);
  });

  it("accepts letters, digits, spaces and _ . , ( ) ' & - up to 100 characters", async () => {
    const c = await as(PARTNER);
    const name = `Dept. (A&B) O'Neil, east_1 - ${'x'.repeat(40)}`.slice(0, 100);
    const id = await createProject(c, name);
    const renamed = await c.json<ApiEnvelope>(
      'POST',
      `/project/update/${id}?name=${encodeURIComponent(name)}`,
    );
    expect(renamed.status).toBe(200);
  });
});
