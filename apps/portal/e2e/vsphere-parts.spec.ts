// A long vSphere collection in parts (issue #41; docs/collector-format.md "A collection in parts"): the collector
// writes a long collection as several files under the upload limit. A person uploads the parts in one go and the
// viewer shows every host and VM once, with the figures of the collection as one file. The oracle is that one file:
// the same estate and samples uploaded whole into a project of its own and read through the same viewer.
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, expectNoA11yViolations, queueCollectorFile, signIn, test } from './fixtures';

const GIB = 1024 ** 3;
const STEP = 20_000;
/** A multiple of the 20 s interval, in milliseconds. */
const T0 = Date.parse('2026-11-16T08:00:00Z');
/** Samples per entity in the whole collection; the first part holds the first SPLIT of them, the second the rest. */
const SAMPLES = 12;
const SPLIT = 5;

const HOSTS = [
  { id: 'host-71', name: 'esx-parts-1' },
  { id: 'host-72', name: 'esx-parts-2' },
] as const;
const VMS = [
  { id: 'vm-81', name: 'db-parts', on: 'host-71', power: 'poweredOn', vcpus: 8 },
  { id: 'vm-82', name: 'web-parts', on: 'host-72', power: 'poweredOn', vcpus: 4 },
  { id: 'vm-83', name: 'old-parts', on: 'host-71', power: 'poweredOff', vcpus: 2 },
] as const;

const disk = (provisionedGib: number) => ({
  id: 'datastore-91',
  name: 'parts-ds',
  capacityBytes: provisionedGib * GIB,
  layer: 'disk',
  kind: 'local',
  datastoreId: 'datastore-91',
});

/** A v3 header for the samples [from, to) of the estate; `part` names the collection's part when it is split. */
function header(from: number, to: number, part?: number) {
  return {
    type: 'header',
    format: 'iokit',
    formatVersion: 3,
    collector: { name: 'iokit-vsphere', version: '0.2.0' },
    source: { kind: 'vcenter', name: 'vc-parts.example', version: 'VMware vCenter Server 8.0.2' },
    ...(part === undefined ? {} : { collection: { id: 'e2e-parts-collection', part } }),
    start: new Date(T0 + from * STEP).toISOString(),
    end: new Date(T0 + to * STEP).toISOString(),
    intervalSeconds: 20,
    datacenters: [{ id: 'datacenter-9', name: 'DC-parts' }],
    clusters: [{ id: 'domain-c9', name: 'Parts cluster', datacenterId: 'datacenter-9' }],
    datastores: [
      {
        id: 'datastore-91',
        name: 'parts-ds',
        type: 'VMFS',
        capacityBytes: 4 * 1024 * GIB,
        freeBytes: 1024 * GIB,
        hosts: HOSTS.map((h) => h.id),
      },
    ],
    hosts: [
      ...HOSTS.map((h) => ({
        id: h.id,
        entity: 'host',
        name: h.name,
        os: 'VMware ESXi 8.0.2 build-22380479',
        cpu: {
          model: 'Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz',
          cores: 64,
          sockets: 2,
          physicalCores: 32,
          mhz: 2000,
        },
        memoryBytes: 512 * GIB,
        timeZone: 'UTC',
        machine: 'physical',
        datacenterId: 'datacenter-9',
        clusterId: 'domain-c9',
        disks: [disk(4096)],
        fileSystems: [],
        nics: [{ id: 'vmnic0', name: 'vmnic0' }],
      })),
      ...VMS.map((vm) => ({
        id: vm.id,
        entity: 'vm',
        name: vm.name,
        os: 'Microsoft Windows Server 2022 (64-bit)',
        cpu: { model: '', cores: vm.vcpus },
        memoryBytes: 32 * GIB,
        timeZone: 'UTC',
        machine: 'virtual',
        datacenterId: 'datacenter-9',
        clusterId: 'domain-c9',
        runsOn: vm.on,
        powerState: vm.power,
        disks: [{ ...disk(200), usedBytes: 80 * GIB }],
        fileSystems: [],
        nics: [{ id: '4000', name: 'Network adapter 1' }],
      })),
    ],
  };
}

/** A VM's I/O in interval k: a different level per VM and interval, over 100 IOPS so its latency counts. */
const vmIops = (vm: number, k: number) => 150 + ((k * 53 + vm * 97) % 400);

/** Interval k of entity id (a host carries its powered-on VMs' I/O and its own 10 IOPS, as vCenter reports it). */
function sample(id: string, k: number) {
  const on = VMS.filter((vm) => vm.power === 'poweredOn');
  const mine = id.startsWith('vm-') ? on.filter((vm) => vm.id === id) : on.filter((vm) => vm.on === id);
  const iops = mine.reduce((sum, vm) => sum + vmIops(VMS.indexOf(vm), k), id.startsWith('vm-') ? 0 : 10);
  const read = Math.round(iops * 0.6);
  const write = iops - read;
  return {
    type: 'sample',
    tMs: T0 + (k + 1) * STEP,
    intervalMs: STEP,
    host: id,
    cpuPct: 20 + ((k * 7) % 50),
    cpuMhz: 1000 + k * 100,
    memUsedBytes: (8 + (k % 4)) * GIB,
    memActiveBytes: (4 + (k % 3)) * GIB,
    disks: {
      'datastore-91': {
        readIops: read,
        writeIops: write,
        readBps: read * 16_384,
        writeBps: write * 8192,
        readLatencyMs: 0.5 + (k % 5) / 10,
        writeLatencyMs: 1 + (k % 3) / 10,
        queueDepth: null,
      },
    },
    net: { [id.startsWith('vm-') ? '4000' : 'vmnic0']: { rxBps: 1e5 + k * 1000, txBps: 5e4 + k * 500 } },
  };
}

/** The collector file of samples [from, to): every host and powered-on VM sampled each interval. */
function collectorFile(from: number, to: number, part?: number): Buffer {
  const sampled = [
    ...HOSTS.map((h) => h.id),
    ...VMS.filter((vm) => vm.power === 'poweredOn').map((vm) => vm.id),
  ];
  const samples = [];
  for (let k = from; k < to; k += 1) for (const id of sampled) samples.push(sample(id, k));
  const records = [header(from, to, part), ...samples, { type: 'end', samples: samples.length }];
  return gzipSync(records.map((record) => JSON.stringify(record)).join('\n') + '\n');
}

/** What the viewer of a project shows of the estate: every figure a person compares, as text. */
async function viewerTexts(page: Page, projectId: number) {
  await page.goto(`/dpackviewer/${String(projectId)}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Performance' })).toBeVisible();
  // The headline shows "—" until the project's summary is in; every figure of this estate is known.
  const values = page.getByTestId('viewer-headline').locator('dd.viewer-headline__value');
  await expect.poll(async () => (await values.allInnerTexts()).every((text) => /\d/.test(text))).toBe(true);
  const headline = await values.allInnerTexts();
  const section = page.getByRole('region', { name: 'Clusters and virtual machines' });
  await section.scrollIntoViewIfNeeded();
  const vmTable = section.getByRole('table', { name: 'Virtual machines' });
  await expect(vmTable.getByRole('row')).not.toHaveCount(0);
  const rowTexts = async (table: ReturnType<Page['getByRole']>) =>
    Promise.all((await table.getByRole('row').all()).map((row) => row.getByRole('cell').allInnerTexts()));
  const nodes = page.getByRole('table', { name: 'Nodes' });
  await nodes.scrollIntoViewIfNeeded();
  return {
    headline,
    vmCount: await section.getByTestId('viewer-vms-count').innerText(),
    clusters: await rowTexts(section.getByRole('table', { name: 'Clusters' })),
    vms: await rowTexts(vmTable),
    nodesTotal: await page.getByTestId('viewer-nodes-total').innerText(),
    nodes: await rowTexts(nodes),
  };
}

test('a vSphere collection in two parts, uploaded in one go: each host and VM once, the figures of the whole file', async ({
  page,
}) => {
  test.slow(); // two uploads stored in the background and two whole viewer pages, on shared cores
  await signIn(page, ACCOUNTS.endUser);
  const stamp = Date.now();
  const wholeId = await queueCollectorFile(page, `vSphere whole ${String(stamp)}`, collectorFile(0, SAMPLES));

  // The person's way: the upload page, a new project, both parts at once.
  const projectName = `vSphere parts ${String(stamp)}`;
  await page.goto('/collectorruns/Upload-Iokit');
  await page.getByRole('radio', { name: 'Server' }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('textbox', { name: 'New project name' }).fill(projectName);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  const parts = [
    { name: 'vc-parts-part01.iokit', buffer: collectorFile(0, SPLIT, 1) },
    { name: 'vc-parts-part02.iokit', buffer: collectorFile(SPLIT, SAMPLES, 2) },
  ];
  await page
    .locator('.ui-file-drop-zone input[type="file"]')
    .setInputFiles(parts.map((p) => ({ ...p, mimeType: 'application/octet-stream' })));
  const queue = page.getByRole('list', { name: 'Files to upload' });
  for (const part of parts)
    await expect(queue.getByRole('listitem').filter({ hasText: part.name })).toHaveAttribute(
      'data-status',
      'done',
    );
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const done = page.getByRole('dialog', { name: 'Upload complete' });
  await expect(done.getByRole('button', { name: 'Open the project viewer' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dpackviewer\/\d+$/);
  const partsId = Number(/\/dpackviewer\/(\d+)$/.exec(page.url())![1]);

  // Both runs are stored in the background; the project is whole once none is Queued or Processing.
  await expect
    .poll(async () => {
      const project = await page.request.get(`/api/projects/${String(partsId)}`);
      const runs = ((await project.json()) as { CollectorRuns: { Status: string }[] }).CollectorRuns;
      return runs.length === 2 && runs.every((run) => run.Status !== 'Queued' && run.Status !== 'Processing');
    })
    .toBe(true);

  const whole = await viewerTexts(page, wholeId);
  const split = await viewerTexts(page, partsId);
  await expectNoA11yViolations(page, 'vSphere viewer of a collection in parts');
  // Each VM once (three rows and the header), each host and the datastore once, the cluster counted once.
  expect(split.vmCount).toContain('3 virtual machines.');
  expect(split.vms.slice(1).map((cells) => cells[0])).toEqual(
    expect.arrayContaining(VMS.map((vm) => vm.name)),
  );
  expect(split.vms).toHaveLength(VMS.length + 1);
  expect(
    split.nodes
      .slice(1)
      .map((cells) => cells[0])
      .sort(),
  ).toEqual([...HOSTS.map((h) => h.name), 'parts-ds'].sort());
  expect(split.clusters[1]?.slice(0, 4)).toEqual(['Parts cluster', 'DC-parts', '2', '2 of 3']);
  // A VM's IOPS peak over both parts, computed plainly from the samples written (column 12 of the VM table).
  const dbPeak = Math.max(...Array.from({ length: SAMPLES }, (_, k) => vmIops(0, k)));
  const dbRow = split.vms.find((cells) => cells[0] === VMS[0].name);
  expect(dbRow?.[11]).toBe(new Intl.NumberFormat('en-US').format(dbPeak));
  // Every figure as the whole file gives it.

  expect(split).toEqual(whole);
});
