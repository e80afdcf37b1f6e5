// A vSphere project in the viewer (issue #41): the demo end user's seeded estate (collector format version 3) shows
// its clusters and VMs apart from the totals; the cluster filter narrows the VM table and the total charts and figures
// (to its hosts) and stays in the URL; the figures on screen are the API's; axe on every step; nothing scrolls
// sideways at 360 px.
import type { Page } from '@playwright/test';
import type { ProjectPage, ProjectSeriesSummary, ProjectVm, ProjectVms, Sizing } from '@assessment/sdk';
import { ACCOUNTS, expect, expectNoA11yViolations, signIn, test } from './fixtures';

/** The viewer's top-servers-by-IOPS table (its name). */
const TOP_IOPS = 'Top servers by IOPS';

/** The demo API's seeded vSphere project (apps/mock/src/series/seed.ts). */
const VSPHERE_PROJECT = 'Adventure Works vSphere estate';

async function vsphereProjectId(page: Page): Promise<number> {
  const list = (await (
    await page.request.get('/api/projects?myProjectsOnly=true&PageSize=100')
  ).json()) as ProjectPage;
  const project = list.Items.find((p) => p.Name === VSPHERE_PROJECT);
  if (!project) throw new Error(`no seeded project "${VSPHERE_PROJECT}"`);
  return project.Id;
}

async function vmsOf(page: Page, projectId: number, cluster?: string): Promise<ProjectVms> {
  const query = cluster === undefined ? '' : `?cluster=${encodeURIComponent(cluster)}`;
  const answer = await page.request.get(`/api/projects/${String(projectId)}/viewer/vms${query}`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as ProjectVms;
}

const en = (value: number, digits: number) =>
  new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(value);
const gib = (bytes: number) => en(bytes / 2 ** 30, 1);
const figure = (value: number | null, scale: number, digits: number) =>
  value === null ? 'no data' : en(value / scale, digits);

/** A VM's row as the table shows it: every cell's text, from the API's answer (the en-US culture). */
function expectedRow(vm: ProjectVm): string[] {
  const power = { poweredOn: 'Powered on', poweredOff: 'Powered off', suspended: 'Suspended' }[vm.PowerState];
  return [
    vm.Name,
    vm.Cluster ?? 'Not in a cluster',
    vm.Host ?? 'unknown',
    power,
    vm.GuestOs,
    en(vm.Vcpus, 0),
    gib(vm.MemoryBytes),
    gib(vm.ProvisionedBytes),
    vm.UsedBytes === null ? 'unknown' : gib(vm.UsedBytes),
    figure(vm.CpuPeak, 1, 1),
    figure(vm.CpuP95, 1, 1),
    figure(vm.IopsPeak, 1, 0),
    figure(vm.IopsP95, 1, 0),
    figure(vm.ThroughputPeak, 1e6, 1),
    figure(vm.LatencyP95, 1, 2),
  ];
}

const cellsOf = async (page: Page, name: string) =>
  page
    .getByRole('table', { name: 'Virtual machines' })
    .getByRole('row', { name: new RegExp(`^${name} `) })
    .getByRole('cell')
    .allInnerTexts();

test('a vSphere project: clusters, the cluster filter and each VM’s own figures, apart from the totals', async ({
  page,
}) => {
  test.setTimeout(150_000); // four axe runs over the whole viewer page, on shared cores
  await signIn(page, ACCOUNTS.endUser);
  const id = await vsphereProjectId(page);
  const all = await vmsOf(page, id);
  expect(all.Clusters.length).toBeGreaterThanOrEqual(2);
  expect(all.Vms.some((vm) => vm.PowerState === 'poweredOff')).toBe(true);

  await page.goto(`/dpackviewer/${String(id)}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Performance' })).toBeVisible();
  // The section loads once the page's own figures are in (or when scrolled near).
  const section = page.getByRole('region', { name: 'Clusters and virtual machines' });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(section).toContainText(
    'none of these figures is added to the project’s totals above: the totals count the hosts.',
  );

  // The clusters: one row each, as the API counts them.
  const clusters = section.getByRole('table', { name: 'Clusters' });
  await expect(clusters.getByRole('row')).toHaveCount(all.Clusters.length + 1);
  for (const c of all.Clusters) {
    const cells = await clusters
      .getByRole('row', { name: new RegExp(`^${c.Name}`) })
      .getByRole('cell')
      .allInnerTexts();
    expect(cells.slice(0, 6)).toEqual([
      c.Name,
      c.Datacenter ?? 'unknown',
      en(c.Hosts, 0),
      `${en(c.VmsPoweredOn, 0)} of ${en(c.Vms, 0)}`,
      en(c.Cores, 0),
      gib(c.MemoryBytes),
    ]);
    expect(cells[6]).toMatch(/^[\d.,]+ (GiB|TiB)$/);
  }

  // Every VM of every cluster (a page of 25), each row the API's figures; a powered-off VM reads "no data".
  const table = section.getByRole('table', { name: 'Virtual machines' });
  await expect(section.getByTestId('viewer-vms-count')).toContainText(
    `${String(all.Vms.length)} virtual machines.`,
  );
  const on = all.Vms.find((vm) => vm.PowerState === 'poweredOn' && vm.IopsPeak !== null);
  if (!on) throw new Error('no powered-on VM with figures');
  expect(await cellsOf(page, on.Name)).toEqual(expectedRow(on));
  await expectNoA11yViolations(page, 'vSphere viewer, every cluster');

  // One cluster: the table holds its VMs only (as the API answers for it), the URL keeps it.
  const chosen = all.Clusters[1]!;
  await section.getByLabel('Cluster', { exact: true }).selectOption({ label: chosen.Name });
  await expect(page).toHaveURL(new RegExp(`cluster=${chosen.ClusterId}`));
  // The charts and headline figures above are the cluster's hosts' total now, as the API answers for it.
  const ofCluster = (await (
    await page.request.get(`/api/projects/${String(id)}/series/summary?top=5&cluster=${chosen.ClusterId}`)
  ).json()) as ProjectSeriesSummary;
  await expect(page.getByTestId('viewer-scope')).toContainText(
    `Total over ${String(ofCluster.EnabledNodes)} enabled hosts of cluster ${chosen.Name}`,
  );
  await expect(
    page
      .getByRole('table', { name: TOP_IOPS })
      .getByRole('row')
      .filter({ hasNot: page.getByRole('columnheader') }),
  ).toHaveText(ofCluster.TopByIops.map((h) => new RegExp(`^${h.Name}`)));
  const one = await vmsOf(page, id, chosen.ClusterId);
  await expect(section.getByTestId('viewer-vms-count')).toContainText(
    `${String(one.Vms.length)} virtual machines in ${chosen.Name}.`,
  );
  await expect(table.getByRole('row')).toHaveCount(Math.min(one.Vms.length, 25) + 1);
  const off =
    one.Vms.find((vm) => vm.PowerState === 'poweredOff') ??
    all.Vms.find((vm) => vm.PowerState === 'poweredOff')!;
  if (off.ClusterId !== chosen.ClusterId)
    await section.getByLabel('Cluster', { exact: true }).selectOption({ value: off.ClusterId ?? '' });
  const offCells = await cellsOf(page, off.Name);
  expect(offCells).toEqual(expectedRow(off));
  expect(offCells.slice(9)).toEqual(Array<string>(6).fill('no data'));
  await expectNoA11yViolations(page, 'vSphere viewer, one cluster');

  // A reload keeps the filter; at 360 px nothing scrolls sideways (the tables scroll in their own frames).
  await page.reload();
  await expect(section.getByLabel('Cluster', { exact: true })).toHaveValue(off.ClusterId ?? '');
  await page.setViewportSize({ width: 360, height: 800 });
  await section.scrollIntoViewIfNeeded();
  await expect(table).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page, 'vSphere viewer at 360 px');
});

test('a vSphere project at 390 px: each VM’s right-sizing in the sizing panel, measured or by its allocation, as the API answers', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ACCOUNTS.endUser);
  const id = await vsphereProjectId(page);
  const answer = await page.request.get(`/api/projects/${String(id)}/sizing`);
  expect(answer.ok()).toBe(true);
  const sizing = (await answer.json()) as Sizing;
  const vms = sizing.Vms ?? [];
  const measured = vms.find((vm) => vm.SizedBy === 'samples')!;
  const byAllocation = vms.find((vm) => vm.SizedBy === 'allocation')!;
  await page.goto(`/dpackviewer/${String(id)}`);
  const heading = page.getByRole('heading', { name: `Per-VM right-sizing (${String(vms.length)} VMs)` });
  await heading.scrollIntoViewIfNeeded();
  // The cluster sums stand under the heading; each VM's row behind the disclosure, opened from the keyboard.
  for (const c of sizing.Clusters ?? [])
    await expect(
      page.getByText(
        new RegExp(`^${c.Name ?? ''}: ${String(c.Vms)} VMs \\(${String(c.VmsByAllocation)} by allocation\\)`),
      ),
    ).toBeVisible();
  await page.getByText(`Each VM’s sizing (${String(vms.length)} VMs)`).focus();
  await page.keyboard.press('Enter');
  const table = page.getByRole('table', { name: `Per-VM right-sizing (${String(vms.length)} VMs)` });
  await expect(table).toBeVisible();
  const one = (value: number | null) =>
    value === null
      ? 'not measured'
      : new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
  await expect(table.getByRole('row', { name: new RegExp(`^${measured.Name} `) })).toContainText(
    `Measured${one(measured.Cores)}${one(measured.MemoryGiB)}`,
  );
  // A VM without samples is sized by its vCPUs and memory; its I/O is not measured, never 0.
  await expect(table.getByRole('row', { name: new RegExp(`^${byAllocation.Name} `) })).toContainText(
    `Allocation${one(byAllocation.Cores)}${one(byAllocation.MemoryGiB)}not measurednot measured`,
  );
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page, 'per-VM sizing at 390 px');
});
