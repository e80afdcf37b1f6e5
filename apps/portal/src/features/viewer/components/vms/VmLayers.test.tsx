import type { ProjectSeriesSummary, ProjectVm, ProjectVms, ViewerNode } from '@assessment/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import { LazyVmLayers } from './LazyVmLayers';
import VmLayers from './VmLayers';

const GIB = 2 ** 30;
const TIB = 2 ** 40;

const FIGURES = { Unit: 'iops', Peak: 1, P95: 1, Average: 1 } as const;
/** The whole collection's summary: the period the viewer's range lies in. */
const EXTENT: ProjectSeriesSummary = {
  From: 1_000_000,
  To: 1_604_800,
  First: 1_000_000,
  Last: 1_604_800,
  EnabledNodes: 2,
  LatencyMinIops: 100,
  Metrics: [],
  TotalIops: FIGURES,
  TotalThroughput: { ...FIGURES, Unit: 'bytesPerSecond' },
  LatencyAllIntervals: { ...FIGURES, Unit: 'milliseconds' },
  Gaps: [],
  TopByIops: [],
  TopByCpu: [],
  Capacity: [],
  LowIopsPeriods: [],
};

function vm(over: Partial<ProjectVm> & Pick<ProjectVm, 'VmId' | 'Name'>): ProjectVm {
  return {
    ClusterId: 'domain-c7',
    Cluster: 'Cluster A',
    Host: 'esx01.example',
    PowerState: 'poweredOn',
    GuestOs: 'Ubuntu Linux (64-bit)',
    Vcpus: 4,
    MemoryBytes: 16 * GIB,
    ProvisionedBytes: 100 * GIB,
    UsedBytes: 40 * GIB,
    Samples: 100,
    CpuPeak: 50,
    CpuP95: 40,
    CpuMhzPeak: 4000,
    MemoryConsumedPeakBytes: 8 * GIB,
    MemoryActivePeakBytes: 2 * GIB,
    IopsPeak: 500,
    IopsP95: 300,
    ThroughputPeak: 20e6,
    LatencyP95: 1.5,
    ...over,
  };
}

const SQL = vm({
  VmId: 'vm-12',
  Name: 'sql01',
  GuestOs: 'Microsoft Windows Server 2022 (64-bit)',
  Vcpus: 8,
  MemoryBytes: 32 * GIB,
  ProvisionedBytes: 200 * GIB,
  UsedBytes: 100 * GIB,
  CpuPeak: 78.5,
  CpuP95: 61.25,
  IopsPeak: 2400.5,
  IopsP95: 1800,
  ThroughputPeak: 78_643_200,
  LatencyP95: 2.75,
});
const OLD = vm({
  VmId: 'vm-13',
  Name: 'old01',
  PowerState: 'poweredOff',
  UsedBytes: null,
  Samples: 0,
  CpuPeak: null,
  CpuP95: null,
  CpuMhzPeak: null,
  MemoryConsumedPeakBytes: null,
  MemoryActivePeakBytes: null,
  IopsPeak: null,
  IopsP95: null,
  ThroughputPeak: null,
  LatencyP95: null,
});
const WEB = vm({
  VmId: 'vm-20',
  Name: 'web01',
  ClusterId: 'domain-c8',
  Cluster: 'Cluster B',
  Host: 'esx05.example',
  PowerState: 'suspended',
  IopsPeak: 9000,
});

const CLUSTER_A = {
  ClusterId: 'domain-c7',
  Name: 'Cluster A',
  Datacenter: 'DC0',
  Hosts: 4,
  Vms: 40,
  VmsPoweredOn: 36,
  Cores: 256,
  MemoryBytes: 2048 * GIB,
  DatastoreCapacityBytes: 40 * TIB,
  DatastoreFreeBytes: 16 * TIB,
};
const CLUSTER_B = {
  ClusterId: 'domain-c8',
  Name: 'Cluster B',
  Datacenter: null,
  Hosts: 2,
  Vms: 1,
  VmsPoweredOn: 0,
  Cores: 64,
  MemoryBytes: 512 * GIB,
  DatastoreCapacityBytes: 500 * GIB,
  DatastoreFreeBytes: null,
};

/** A datastore of both clusters' hosts (no cluster of its own) and one of Cluster B's alone, free space unknown. */
const SHARED = {
  DatastoreId: 'datastore-61',
  Name: 'shared-ds',
  Type: 'VMFS',
  ClusterId: null,
  Cluster: null,
  CapacityBytes: 40 * TIB,
  FreeBytes: 16 * TIB,
  Hosts: ['esx01.example', 'esx05.example'],
};
const NFS_B = {
  DatastoreId: 'datastore-70',
  Name: 'nfs-b',
  Type: 'NFS',
  ClusterId: 'domain-c8',
  Cluster: 'Cluster B',
  CapacityBytes: 500 * GIB,
  FreeBytes: null,
  Hosts: ['esx05.example'],
};

const ALL: ProjectVms = {
  From: 1_000_000,
  To: 1_604_800,
  LatencyMinIops: 100,
  Vms: [SQL, OLD, WEB],
  Clusters: [CLUSTER_A, CLUSTER_B],
  Datastores: [NFS_B, SHARED],
};
const ONLY_B: ProjectVms = { ...ALL, Vms: [WEB], Clusters: [CLUSTER_B], Datastores: [NFS_B, SHARED] };

/** The demo API's answers; the VM call answers by its `cluster` (the fake API routes by path alone). */
function api(answer: ProjectVms = ALL) {
  const faked = fakeApi({
    'GET /api/projects/7/series/summary': EXTENT,
    'GET /api/projects/7/viewer/vms': answer,
  });
  const byPath = faked.fetchMock.getMockImplementation();
  faked.fetchMock.mockImplementation((input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === '/api/projects/7/viewer/vms' && url.searchParams.get('cluster') === 'domain-c8') {
      faked.calls.push(`GET ${url.pathname}${url.search}`);
      return Promise.resolve(Response.json(ONLY_B));
    }
    if (!byPath) throw new Error('no fake API');
    return byPath(input);
  });
  return faked;
}

/** The route's part: the cluster kept in the URL, written back by the filter. */
function WithUrl({ onClusterChange }: { onClusterChange: (cluster: string | undefined) => void }) {
  const [cluster, setCluster] = useState<string | undefined>(undefined);
  return (
    <VmLayers
      projectId={7}
      range={{}}
      cluster={cluster}
      onClusterChange={(next) => {
        onClusterChange(next);
        setCluster(next);
      }}
    />
  );
}

const vmTable = () => screen.getByRole('table', { name: 'Virtual machines' });
const vmRow = (name: string) => within(vmTable()).getByRole('row', { name: new RegExp(`^${name} `) });
const firstVm = () => within(vmTable()).getAllByRole('row')[1];

describe('VmLayers', () => {
  it('shows the clusters and every VM with its figures in words and units, apart from the totals (axe)', async () => {
    api();
    const { container } = renderWithProviders(
      <VmLayers projectId={7} range={{}} cluster={undefined} onClusterChange={vi.fn()} />,
    );
    const section = await screen.findByRole('region', { name: 'Clusters and virtual machines' });
    await waitFor(() => {
      expect(within(section).getByRole('table', { name: 'Clusters' })).toBeInTheDocument();
    });
    expect(section).toHaveTextContent(
      'Each virtual machine’s figures are its own. A VM’s I/O is already part of its host’s, so none of these figures is added to the project’s totals above: the totals count the hosts.',
    );
    // Clusters: hosts, VMs powered on of all, cores, memory in GiB, datastores in TiB or GiB with the unit named.
    const clusters = screen.getByRole('table', { name: 'Clusters' });
    const headers = within(clusters)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Cluster',
      'Datacenter',
      'Hosts',
      'VMs powered on / all',
      'Cores',
      'Memory (GiB)',
      'Datastore capacity',
      'Datastore free',
    ]);
    const a = within(clusters).getByRole('row', { name: /^Cluster A/ });
    expect(
      within(a)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Cluster A', 'DC0', '4', '36 of 40', '256', '2,048', '40 TiB', '16 TiB']);
    const b = within(clusters).getByRole('row', { name: /^Cluster B/ });
    expect(
      within(b)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Cluster B', 'unknown', '2', '0 of 1', '64', '512', '500 GiB', 'unknown']);

    // VMs: power states as words; figures with their units in the headers.
    expect(
      within(vmTable())
        .getAllByRole('columnheader')
        .map((h) => h.textContent.replace(/[▲▼↕]/g, '')),
    ).toEqual([
      'Name',
      'Cluster',
      'Host',
      'Power state',
      'Guest OS',
      'Virtual CPUs',
      'Memory (GiB)',
      'Provisioned (GiB)',
      'Used (GiB)',
      'CPU peak (%)',
      'CPU 95th percentile (%)',
      'Peak IOPS',
      'IOPS, 95th percentile',
      'Throughput peak (MB/s)',
      'Latency 95th percentile (ms)',
    ]);
    expect(
      within(vmRow('sql01'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'sql01',
      'Cluster A',
      'esx01.example',
      'Powered on',
      'Microsoft Windows Server 2022 (64-bit)',
      '8',
      '32',
      '200',
      '100',
      '78.5',
      '61.3',
      '2,401',
      '1,800',
      '78.6',
      '2.75',
    ]);
    expect(within(vmRow('web01')).getByText('Suspended')).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('lists each datastore once with its capacity and the hosts that mount it; a cluster keeps the ones its hosts mount', async () => {
    api();
    renderWithProviders(<WithUrl onClusterChange={vi.fn()} />);
    const stores = await screen.findByRole('table', { name: 'Datastores' });
    expect(
      screen.getByText('Each datastore counts once in the capacity, however many hosts mount it.'),
    ).toBeVisible();
    expect(
      within(stores)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Type', 'Cluster', 'Capacity', 'Free', 'Mounted by']);
    const rows = () =>
      within(screen.getByRole('table', { name: 'Datastores' }))
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        );
    expect(rows()).toEqual([
      ['nfs-b', 'NFS', 'Cluster B', '500 GiB', 'unknown', 'esx05.example'],
      ['shared-ds', 'VMFS', 'Several clusters', '40 TiB', '16 TiB', 'esx01.example, esx05.example'],
    ]);
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Cluster' }), 'Cluster B');
    await waitFor(() => {
      expect(screen.getByTestId('viewer-vms-count')).toHaveTextContent('1 virtual machine in Cluster B.');
    });
    expect(rows().map((r) => r[0])).toEqual(['nfs-b', 'shared-ds']);
  });

  it('null figures read "no data", unknown used space "unknown" (never 0), and powered-off VMs are marked', async () => {
    api();
    renderWithProviders(<VmLayers projectId={7} range={{}} cluster={undefined} onClusterChange={vi.fn()} />);
    await screen.findByRole('table', { name: 'Virtual machines' });
    const old = vmRow('old01');
    const cells = within(old)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(3, 4)).toEqual(['Powered off']);
    expect(cells.slice(8)).toEqual(['unknown', ...Array<string>(6).fill('no data')]);
    expect(cells).not.toContain('0');
    // Marked: the power state's badge and the name (a power sign before it, the words in the power column).
    expect(within(old).getByText('Powered off')).toHaveAttribute('data-state', 'poweredOff');
    expect(within(old).getByText('old01')).toHaveAttribute('data-off', 'true');
    expect(within(vmRow('sql01')).getByText('sql01')).not.toHaveAttribute('data-off');
    expect(screen.getByTestId('viewer-vms-count')).toHaveTextContent(/^3 virtual machines\. From /);
    expect(screen.getByTestId('viewer-vms-count')).toHaveTextContent(
      '1 is powered off: it has no samples, so its figures read “no data”.',
    );
  });

  it('sorts from the keyboard: the busiest VM first, VMs without data last', async () => {
    api();
    renderWithProviders(<VmLayers projectId={7} range={{}} cluster={undefined} onClusterChange={vi.fn()} />);
    await screen.findByRole('table', { name: 'Virtual machines' });
    const user = userEvent.setup();
    const sortIops = within(vmTable()).getByRole('button', { name: /^Peak IOPS/ });
    sortIops.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(within(vmTable()).getByRole('columnheader', { name: /^Peak IOPS/ })).toHaveAttribute(
        'aria-sort',
        'ascending',
      );
    });
    expect(firstVm()).toHaveTextContent(/^old01/);
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(within(vmTable()).getByRole('columnheader', { name: /^Peak IOPS/ })).toHaveAttribute(
        'aria-sort',
        'descending',
      );
    });
    const order = within(vmTable())
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]?.textContent);
    expect(order).toEqual(['web01', 'sql01', 'old01']);
  });

  it('filters by cluster from the keyboard: the URL gets the cluster, the API answers its VMs (axe)', async () => {
    const { calls } = api();
    const onClusterChange = vi.fn();
    const { container } = renderWithProviders(<WithUrl onClusterChange={onClusterChange} />);
    await screen.findByRole('table', { name: 'Virtual machines' });
    const select = screen.getByRole('combobox', { name: 'Cluster' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All clusters', 'Cluster A', 'Cluster B']);
    const user = userEvent.setup();
    select.focus();
    await user.selectOptions(select, 'Cluster B');
    expect(onClusterChange).toHaveBeenLastCalledWith('domain-c8');
    await waitFor(() => {
      expect(within(vmTable()).getAllByRole('row')).toHaveLength(2);
    });
    expect(firstVm()).toHaveTextContent(/^web01/);
    expect(calls).toContain('GET /api/projects/7/viewer/vms?cluster=domain-c8');
    expect(screen.getByTestId('viewer-vms-count')).toHaveTextContent('1 virtual machine in Cluster B.');
    // The summary keeps every cluster; the filter shows the chosen one.
    expect(within(screen.getByRole('table', { name: 'Clusters' })).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('combobox', { name: 'Cluster' })).toHaveValue('domain-c8');
    await expectNoAxeViolations(container);
    // Back to every cluster.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Cluster' }), 'All clusters');
    expect(onClusterChange).toHaveBeenLastCalledWith(undefined);
  });

  it('pages a long estate 25 VMs at a time, sorted over all of it (keyboard)', async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      vm({ VmId: `vm-${String(100 + i)}`, Name: `vm${String(i).padStart(3, '0')}`, IopsPeak: i }),
    );
    api({ ...ALL, Vms: many });
    renderWithProviders(<VmLayers projectId={7} range={{}} cluster={undefined} onClusterChange={vi.fn()} />);
    await screen.findByRole('table', { name: 'Virtual machines' });
    expect(within(vmTable()).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    const user = userEvent.setup();
    within(vmTable())
      .getByRole('button', { name: /^Peak IOPS/ })
      .focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(firstVm()).toHaveTextContent(/^vm059/);
    });
    screen.getByRole('button', { name: 'Next page' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    });
    expect(firstVm()).toHaveTextContent(/^vm034/);
  });

  it('asks for the viewer’s range inside the collection period', async () => {
    const { calls } = api();
    renderWithProviders(
      <VmLayers
        projectId={7}
        range={{ from: 1_100_000, to: 9_000_000 }}
        cluster={undefined}
        onClusterChange={vi.fn()}
      />,
    );
    await screen.findByRole('table', { name: 'Virtual machines' });
    expect(calls).toContain('GET /api/projects/7/viewer/vms?from=1100000&to=1604800');
  });

  it('shows nothing for a project without VMs or clusters', async () => {
    const { calls } = api({ ...ALL, Vms: [], Clusters: [] });
    const { container } = renderWithProviders(
      <VmLayers projectId={7} range={{}} cluster={undefined} onClusterChange={vi.fn()} />,
    );
    await waitFor(() => {
      expect(calls).toContain('GET /api/projects/7/viewer/vms');
    });
    await waitFor(() => {
      expect(container).toBeEmptyDOMElement();
    });
  });
});

describe('LazyVmLayers', () => {
  const host: ViewerNode = { NodeId: 'host-1', Name: 'esx01.example', Kind: 'host', Enabled: true };
  const server: ViewerNode = { NodeId: 'srv-1', Name: 'SQL01', Kind: 'server', Enabled: true };

  it('loads nothing for a project without hypervisor hosts', async () => {
    const { calls } = api();
    const { container } = renderWithProviders(
      <LazyVmLayers
        projectId={7}
        nodes={[server]}
        range={{}}
        cluster={undefined}
        onClusterChange={vi.fn()}
      />,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).toBeEmptyDOMElement();
    expect(calls.filter((c) => c.includes('/viewer/vms'))).toEqual([]);
  });

  it('loads the section for a project with hosts', async () => {
    api();
    renderWithProviders(
      <LazyVmLayers
        projectId={7}
        nodes={[host, server]}
        range={{}}
        cluster={undefined}
        onClusterChange={vi.fn()}
      />,
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Clusters and virtual machines' }),
    ).toBeVisible();
  });
});
