// The collector run search of part 2 (my-collector-runs-only for every role, the advanced filters: exact owner
// email, status, archived, end-date range; server-side sort and paging) and the run actions the search page uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiEnvelope,
  CollectorRun,
  CollectorRunPage,
  Dashboard,
  GroupActionEnvelope,
  Project,
  ProjectSummaryEnvelope,
} from '@assessment/sdk';
import { signedIn, startServer, type Client, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ timeScale: 0.01 });
});
afterAll(async () => {
  await t.close();
});

const as = (email: string): Promise<Client> => signedIn(t, email);
const ADMIN = 'admin@dell.example';
const PARTNER = 'partner.admin@contoso-partners.example';
const END_USER = 'enduser@adventure-works.example';

async function search(c: Client, query: string): Promise<CollectorRunPage> {
  const r = await c.json<CollectorRunPage>('GET', `/api/collectorruns?PageSize=200&${query}`);
  expect(r.status).toBe(200);
  return r.body;
}
const endOf = (run: CollectorRun): number => Date.parse(run.EndTime ?? '');

describe('collector run search: my collector runs only', () => {
  it.each([ADMIN, PARTNER, END_USER])('keeps only the viewer’s own runs for %s', async (email) => {
    const c = await as(email);
    const mine = await search(c, 'myCollectorRunsOnly=true&includeArchived=true');
    const all = await search(c, 'myCollectorRunsOnly=false&includeArchived=true');
    expect(mine.Items.every((run) => run.OwnerEmail.toLowerCase() === email)).toBe(true);
    expect(all.TotalCount).toBeGreaterThanOrEqual(mine.TotalCount);
    if (email === ADMIN) {
      // Internal staff see every owner's runs; "mine" must narrow that (it used to return all of them).
      expect(all.Items.some((run) => run.OwnerEmail.toLowerCase() !== ADMIN)).toBe(true);
      expect(mine.TotalCount).toBeLessThan(all.TotalCount);
    }
  });
});

describe('collector run search: advanced filters', () => {
  it('matches the owner email exactly (case-insensitive), never as a substring', async () => {
    const c = await as(ADMIN);
    const exact = await search(c, `ownerEmail=${encodeURIComponent(PARTNER.toUpperCase())}`);
    expect(exact.TotalCount).toBeGreaterThan(0);
    expect(exact.Items.every((run) => run.OwnerEmail.toLowerCase() === PARTNER)).toBe(true);
    const part = await search(c, `ownerEmail=${encodeURIComponent(PARTNER.slice(0, 10))}`);
    expect(part.TotalCount).toBe(0);
  });

  it('filters by status, and sorts by status and progress on the server', async () => {
    const c = await as(ADMIN);
    for (const status of ['Running', 'Completed', 'Stopped'] as const) {
      const page = await search(c, `status=${status}`);
      expect(page.Items.every((run) => run.Status === status)).toBe(true);
    }
    const byStatus = await search(c, 'SortByField=Status&SortOrder=0');
    const statuses = byStatus.Items.map((run) => run.Status);
    expect(statuses).toEqual([...statuses].sort());
    const byProgress = await search(c, 'SortByField=Progress&SortOrder=1');
    const progress = byProgress.Items.map((run) => run.Progress);
    expect(progress).toEqual([...progress].sort((a, b) => b - a));
  });

  it('leaves archived runs out unless asked, and marks them', async () => {
    const c = await as(ADMIN);
    const without = await search(c, 'includeArchived=false');
    expect(without.Items.some((run) => run.ArchiveState === 'Archived')).toBe(false);
    const withArchived = await search(c, 'includeArchived=true');
    expect(withArchived.TotalCount).toBeGreaterThan(without.TotalCount);
    expect(withArchived.Items.some((run) => run.ArchiveState === 'Archived')).toBe(true);
  });

  it('filters the end-date range before paging (whole days, the last one included)', async () => {
    const c = await as(ADMIN);
    const all = await search(c, 'includeArchived=true');
    const ends = all.Items.map(endOf).sort((a, b) => a - b);
    const from = new Date(ends[Math.floor(ends.length / 4)] ?? 0).toISOString().slice(0, 10);
    const to = new Date(ends[Math.floor((ends.length * 3) / 4)] ?? 0).toISOString().slice(0, 10);
    const ranged = await search(c, `includeArchived=true&endedAfter=${from}&endedBefore=${to}`);
    const lo = Date.parse(from);
    const hi = Date.parse(to) + 86_400_000;
    const expected = all.Items.filter((run) => endOf(run) >= lo && endOf(run) < hi).length;
    expect(ranged.TotalCount).toBe(expected);
    expect(ranged.Items.every((run) => endOf(run) >= lo && endOf(run) < hi)).toBe(true);
    // Paged: the total still counts the whole range, not one page of the unfiltered list.
    const paged = await c.json<CollectorRunPage>(
      'GET',
      `/api/collectorruns?includeArchived=true&endedAfter=${from}&endedBefore=${to}&PageSize=5`,
    );
    expect(paged.body.TotalCount).toBe(expected);
    expect(paged.body.Items).toHaveLength(Math.min(5, expected));
  });
});

describe('collector run actions', () => {
  it('stop answers collectorRunStopped, then 409 for a run already stopped', async () => {
    const c = await as(END_USER);
    const running = (await search(c, 'myCollectorRunsOnly=true&status=Running')).Items[0];
    expect(running).toBeDefined();
    const id = running?.Id ?? 0;
    const stop = await c.json<ApiEnvelope>('POST', `/api/collectorrunstoprequest/${id}`);
    expect(stop.status).toBe(200);
    expect(stop.body.ResourceKey).toBe('collectorRunStopped');
    const again = await c.json<ApiEnvelope>('POST', `/api/collectorrunstoprequest/${id}`);
    expect(again.status).toBe(409);
    const after = await search(c, 'myCollectorRunsOnly=true&includeArchived=true');
    expect(after.Items.find((run) => run.Id === id)?.Status).toBe('Stopped');
  });

  it('group archive reports each run that could not be archived by name', async () => {
    const c = await as(PARTNER);
    const mine = await search(c, 'myCollectorRunsOnly=true');
    const stopped = mine.Items.find((run) => run.Status !== 'Running');
    const running = mine.Items.find((run) => run.Status === 'Running');
    expect(stopped && running).toBeTruthy();
    const r = await c.json<GroupActionEnvelope>('POST', '/api/group/collectorruns', {
      json: { collectorRunIds: [stopped?.Id, running?.Id], actionType: 'archive' },
    });
    expect(r.status).toBe(200);
    expect(r.body.Data.Status).toBe('partialsuccess');
    expect(r.body.Data.ResourceKey).toBe('groupCollectorRunArchiveError');
    expect(r.body.Data.PartialErrorList.map((e) => e.ObjectDisplayName)).toEqual([running?.Name]);
  });
});

describe('the project of a run (GET /api/projectbycollectorrun/{id})', () => {
  it('answers the project the caller can see, and 404 for a run of no project or of a project hidden from them', async () => {
    const c = await as(END_USER);
    const mine = await search(c, 'myCollectorRunsOnly=true&includeArchived=true');
    const answers = await Promise.all(
      mine.Items.map(async (run) => ({
        run,
        answer: await c.json<ProjectSummaryEnvelope>('GET', `/api/projectbycollectorrun/${String(run.Id)}`),
      })),
    );
    const visible = answers.find(({ run, answer }) => run.ProjectId !== null && answer.status === 200);
    expect(visible).toBeDefined();
    expect(visible?.answer.body.Data.Id).toBe(visible?.run.ProjectId);
    // The demo world puts some of the persona's runs in other people's projects: the run is theirs, the project is not.
    const hidden = answers.find(({ run, answer }) => run.ProjectId !== null && answer.status !== 200);
    expect(hidden?.answer.status).toBe(404);
    const hiddenProject = await c.json('GET', `/api/projects/${String(hidden?.run.ProjectId)}`);
    expect(hiddenProject.status).toBe(404);
    const free = answers.find(({ run }) => run.ProjectId === null);
    expect(free).toBeDefined();
    expect(free?.answer.status).toBe(404);
    // Another person's run is not the caller's to see at all.
    const admin = await as(ADMIN);
    const others = await search(admin, 'myCollectorRunsOnly=true');
    const other = others.Items.find((run) => run.ProjectId !== null);
    expect(other).toBeDefined();
    expect((await c.json('GET', `/api/projectbycollectorrun/${String(other?.Id)}`)).status).toBe(404);
  });

  it("names the run's project (ProjectName) exactly when the caller may open it, in every answer that carries runs", async () => {
    const c = await as(END_USER);
    const mine = await search(c, 'myCollectorRunsOnly=true&includeArchived=true');
    for (const run of mine.Items) {
      const lookup = await c.json<ProjectSummaryEnvelope>(
        'GET',
        `/api/projectbycollectorrun/${String(run.Id)}`,
      );
      if (lookup.status === 200) expect(run.ProjectName).toBe(lookup.body.Data.Name);
      else expect(run.ProjectName).toBeNull();
    }
    expect(mine.Items.some((run) => run.ProjectId !== null && run.ProjectName === null)).toBe(true);
    expect(mine.Items.some((run) => run.ProjectName !== null)).toBe(true);
    // The dashboard's recent runs and a project's own runs follow the same rule.
    const dashboard = await c.json<Dashboard>('GET', '/api/dashboard');
    for (const run of dashboard.body.RecentCollectorRuns) {
      const same = mine.Items.find((item) => item.Id === run.Id);
      expect(run.ProjectName).toBe(same?.ProjectName);
    }
    const own = mine.Items.find((run) => run.ProjectName !== null);
    const project = await c.json<Project>('GET', `/api/projects/${String(own?.ProjectId)}`);
    expect(project.body.CollectorRuns.every((run) => run.ProjectName === project.body.Name)).toBe(true);
    // Staff who may see every project see every name.
    const admin = await as(ADMIN);
    const all = await search(admin, 'PageSize=200');
    expect(all.Items.every((run) => (run.ProjectId === null) === (run.ProjectName === null))).toBe(true);
  });
});
