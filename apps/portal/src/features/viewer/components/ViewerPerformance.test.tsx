import type { ProjectSeries, ProjectSeriesSummary, ViewerNode } from '@assessment/sdk';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import { formatDate } from '@/lib/i18n/i18n';
import { ViewerPerformance, type ViewerPerformanceProps } from './ViewerPerformance';

// uPlot needs a canvas (a real browser: the journey and the chart bench cover it); here the chart is a stand-in.
// The stand-in keeps the latest drag callback, so a test can "drag across" a chart.
const drag: { select?: ((min: number, max: number) => void) | undefined } = {};
vi.mock('./Chart', () => ({
  default: ({
    lines,
    onSelectRange,
  }: {
    lines: { label: string }[];
    onSelectRange?: (min: number, max: number) => void;
  }) => {
    drag.select = onSelectRange;
    return (
      <div data-testid="chart" aria-hidden="true">
        {lines.map((l) => l.label).join(',')}
      </div>
    );
  },
}));

const NODES: ViewerNode[] = [
  { NodeId: 'srv-1', Name: 'SQL01', Kind: 'server', Enabled: true },
  { NodeId: 'srv-2', Name: 'WEB01', Kind: 'server', Enabled: true },
  { NodeId: 'csv-1', Name: 'CSV-01', Kind: 'storage', Enabled: true },
];

const METRICS = [
  ['readIops', 'iops'],
  ['writeIops', 'iops'],
  ['readThroughput', 'bytesPerSecond'],
  ['writeThroughput', 'bytesPerSecond'],
  ['latency', 'milliseconds'],
  ['cpu', 'percent'],
  ['memory', 'bytes'],
  ['networkRx', 'bytesPerSecond'],
  ['networkTx', 'bytesPerSecond'],
  ['queueDepth', 'count'],
  ['cpuPeakServer', 'percent'],
] as const;

const SUMMARY: ProjectSeriesSummary = {
  From: 1_000_000,
  To: 1_604_800,
  First: 1_000_000,
  Last: 1_604_800,
  EnabledNodes: 2,
  LatencyMinIops: 100,
  Metrics: METRICS.map(([Metric, Unit], i) => ({
    Metric,
    Unit,
    Peak: 5230.5 + i,
    P95: 4100,
    Average: 1820.25,
  })),
  TotalIops: { Unit: 'iops', Peak: 9800.5, P95: 7000, Average: 3000 },
  TotalThroughput: { Unit: 'bytesPerSecond', Peak: 250e6, P95: 120e6, Average: 50e6 },
  LatencyAllIntervals: { Unit: 'milliseconds', Peak: 30, P95: 12, Average: 4 },
  ReadLatency: { Unit: 'milliseconds', Peak: 3.25, P95: 2.5, Average: 1.75 },
  WriteLatency: { Unit: 'milliseconds', Peak: 6.5, P95: 5, Average: 3.5 },
  Gaps: [],
  TopByIops: [
    { NodeId: 'srv-1', Name: 'SQL01', Peak: 3900, Average: 1200.5 },
    { NodeId: 'srv-2', Name: 'WEB01', Peak: 1300, Average: 620 },
  ],
  TopByCpu: [{ NodeId: 'srv-2', Name: 'WEB01', Peak: 88.5, Average: 31.25 }],
  Capacity: [
    { NodeId: 'srv-1', Name: 'SQL01', Kind: 'server', CapacityBytes: 1e12, UsedBytes: 4e11, FreeBytes: 6e11 },
    {
      NodeId: 'csv-1',
      Name: 'CSV-01',
      Kind: 'clusterDisk',
      CapacityBytes: 4e12,
      UsedBytes: 1e12,
      FreeBytes: 3e12,
    },
  ],
  LowIopsPeriods: [
    { From: 1_000_000, To: 1_003_600 },
    { From: 1_100_000, To: 1_103_600 },
  ],
};

const SERIES: ProjectSeries = {
  From: 1_000_000,
  To: 1_604_800,
  First: 1_000_000,
  Last: 1_604_800,
  BucketSeconds: 3600,
  Node: null,
  Times: [1_000_000, 1_003_600],
  Series: METRICS.map(([Metric, Unit]) => ({ Metric, Unit, Max: [10, 20], Avg: [5, 10], P95: [9, 19] })),
  LowIops: [true, false],
  ReadLatency: { Unit: 'milliseconds', Max: [1, 2], Avg: [1, 2], P95: [1, 2] },
  WriteLatency: { Unit: 'milliseconds', Max: [3, 4], Avg: [3, 4], P95: [3, 4] },
  TotalIops: { Unit: 'iops', Max: [25, 38], Avg: [10, 20], P95: [24, 37] },
};

function setup(props: Partial<ViewerPerformanceProps> = {}) {
  const api = fakeApi({
    'GET /api/projects/7/series/summary': SUMMARY,
    'GET /api/projects/7/series': SERIES,
  });
  const view = renderWithProviders(<ViewerPerformance projectId={7} nodes={NODES} {...props} />);
  return { ...api, ...view };
}

/** Waits until the figures and series are in (the section is laid out at once, busy until then). */
async function loaded(): Promise<HTMLElement> {
  const section = await screen.findByRole('region', { name: 'Performance' });
  await waitFor(() => {
    expect(section).toHaveAttribute('aria-busy', 'false');
  });
  return section;
}

const WHOLE_TEXT = `${formatDate(1_000_000_000)} to ${formatDate(1_604_800_000)}`;

describe('ViewerPerformance', () => {
  it('shows one chart per figure with its peak / 95th percentile / average table, top servers and capacity', async () => {
    const { container } = setup();
    await loaded();
    expect(screen.getByRole('heading', { level: 2, name: 'Performance' })).toBeVisible();
    expect(screen.getAllByRole('figure')).toHaveLength(10);
    // The figures table names the range its figures are of (the summary's From/To); the IOPS chart's title is its
    // unit already ("IOPS", not "IOPS (IOPS)"), the others name theirs once.
    expect(screen.getByRole('heading', { level: 3, name: 'IOPS' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: 'Throughput (MB/s)' })).toBeVisible();
    expect(screen.queryByText(/IOPS \(IOPS\)/)).toBeNull();
    // The two derived charts, after the throughput, with figures computed from the buckets' averages (5 read and
    // 5 write IOPS in each bucket: half of the I/Os are reads).
    expect(screen.getByRole('heading', { level: 3, name: 'Average I/O size (KiB)' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: 'Read ratio (%)' })).toBeVisible();
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles.indexOf('Average I/O size (KiB)')).toBe(titles.indexOf('Throughput (MB/s)') + 1);
    const ratio = screen.getByRole('table', {
      name: /^Peak, 95th percentile and average: Read ratio \(%\),/,
    });
    expect(
      within(within(ratio).getByRole('row', { name: /^Read ratio/ })).getAllByRole('cell')[1],
    ).toHaveTextContent('50');
    const iops = screen.getByRole('table', {
      name: `Peak, 95th percentile and average: IOPS, ${WHOLE_TEXT}`,
    });
    const read = within(iops).getByRole('row', { name: /Read IOPS/ });
    expect(
      within(read)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Read IOPS', '5,231', '4,100', '1,820']);
    // Bytes per second in MB/s, memory in GiB (2^30 bytes).
    const memory = screen.getByRole('table', {
      name: `Peak, 95th percentile and average: Memory (GiB), ${WHOLE_TEXT}`,
    });
    expect(within(memory).getAllByRole('cell')[1]).toHaveTextContent('0');
    // Two sentences: what is totalled, then the period.
    expect(screen.getByTestId('viewer-scope')).toHaveTextContent(
      /Total over 2 enabled servers\. From .+ to .+\.$/,
    );
    expect(screen.getByTestId('viewer-low-iops')).toHaveTextContent(
      'Latency is flagged in 2 periods with under 100 IOPS',
    );
    // The latency chart (after IOPS, the total IOPS, throughput and the two derived charts) draws read and write
    // latency beside the combined line, and flagged buckets as their own (dashed) line; the queue depth follows it;
    // the CPU chart draws the busiest server beside the total.
    await waitFor(() => {
      expect(screen.getAllByTestId('chart')[5]).toHaveTextContent(
        'Latency,Read latency,Write latency,Latency with too little I/O (flagged)',
      );
    });
    expect(titles.indexOf('Queue depth (I/Os in flight)')).toBe(titles.indexOf('Latency (ms)') + 1);
    await waitFor(() => {
      expect(screen.getAllByTestId('chart')[7]).toHaveTextContent('CPU usage,Busiest server');
    });
    const latency = screen.getByRole('table', {
      name: `Peak, 95th percentile and average: Latency (ms), ${WHOLE_TEXT}`,
    });
    expect(
      within(latency)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['Latency5,234.54,1001,820.25', 'Read latency3.252.51.75', 'Write latency6.553.5']);
    const queue = screen.getByRole('table', {
      name: `Peak, 95th percentile and average: Queue depth (I/Os in flight), ${WHOLE_TEXT}`,
    });
    expect(
      within(within(queue).getByRole('row', { name: /^Queue depth/ })).getAllByRole('cell')[1],
    ).toHaveTextContent('5,239.5');
    const top = screen.getByRole('table', { name: 'Top servers by IOPS' });
    expect(
      within(top)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['SQL013,9001,201', 'WEB011,300620']);
    const capacity = screen.getByRole('table', { name: 'Capacity' });
    expect(within(capacity).getByRole('row', { name: /CSV-01/ })).toHaveTextContent('Shared cluster disk');
    await expectNoAxeViolations(container);
    // A page-sized render with axe: more than the default 5 s on the shared CI cores.
  }, 20_000);

  it('asks the server for a range and for one server (drill-down) from the selectors', async () => {
    const { calls } = setup();
    await loaded();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Time range'), 'Last 24 hours');
    await waitFor(() => {
      expect(calls).toContain(`GET /api/projects/7/series?points=500&from=${1_604_800 - 86_400}&to=1604800`);
    });
    const scope = screen.getByLabelText('Servers');
    // Storage nodes have no series of their own: only servers are offered.
    expect(
      within(scope)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All enabled servers (total)', 'SQL01', 'WEB01']);
    await user.selectOptions(scope, 'WEB01');
    await waitFor(() => {
      expect(
        calls.some((c) => c.startsWith('GET /api/projects/7/series/summary') && c.includes('node=srv-2')),
      ).toBe(true);
    });
    expect(screen.getByTestId('viewer-scope')).toHaveTextContent('Server WEB01');
  });

  it("a vSphere project's cluster from the route: the charts and figures are asked for its hosts' total and say so", async () => {
    const hosts: ViewerNode[] = [
      { NodeId: 'srv-1', Name: 'esx01', Kind: 'host', Enabled: true },
      { NodeId: 'srv-2', Name: 'esx02', Kind: 'host', Enabled: true },
    ];
    const cluster = {
      ClusterId: 'domain-c7',
      Name: 'Cluster A',
      Datacenter: 'DC0',
      Hosts: 2,
      Vms: 4,
      VmsPoweredOn: 3,
      Cores: 128,
      MemoryBytes: 2 ** 40,
      DatastoreCapacityBytes: 2 ** 43,
      DatastoreFreeBytes: 2 ** 42,
    };
    const { calls } = fakeApi({
      'GET /api/projects/7/series/summary': SUMMARY,
      'GET /api/projects/7/series': SERIES,
      'GET /api/projects/7/viewer/vms': {
        From: 1_000_000,
        To: 1_604_800,
        LatencyMinIops: 100,
        Vms: [],
        Clusters: [cluster],
        Datastores: [],
      },
    });
    renderWithProviders(<ViewerPerformance projectId={7} nodes={hosts} cluster="domain-c7" />);
    await loaded();
    expect(calls).toContain('GET /api/projects/7/series?points=500&cluster=domain-c7');
    expect(calls).toContain('GET /api/projects/7/series/summary?top=5&cluster=domain-c7');
    expect(screen.getByTestId('viewer-scope')).toHaveTextContent(
      'Total over 2 enabled hosts of cluster Cluster A (its VMs count in their hosts).',
    );
  });

  it('a cluster the project does not have (an old link) is left out: the total of every enabled server', async () => {
    const { calls } = setup({ cluster: 'domain-c7' });
    await loaded();
    // No hypervisor host among the nodes: no cluster to look up, nothing asked with it.
    expect(calls.filter((c) => c.includes('cluster=') || c.includes('/viewer/vms'))).toEqual([]);
    expect(screen.getByTestId('viewer-scope')).toHaveTextContent('Total over 2 enabled servers.');
  });

  it('a range from the route (inside the collection) is what the server is asked for; the select says custom', async () => {
    const onRangeChange = vi.fn();
    const { calls } = setup({ range: { from: 900_000, to: 1_200_000 }, onRangeChange });
    await loaded();
    // Clamped to the period's first sample.
    expect(calls).toContain('GET /api/projects/7/series?points=500&from=1000000&to=1200000');
    expect(calls).toContain('GET /api/projects/7/series/summary?top=5&from=1000000&to=1200000');
    expect(screen.getByLabelText('Time range')).toHaveDisplayValue('Custom range');
    expect(onRangeChange).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Whole period' }));
    expect(onRangeChange).toHaveBeenLastCalledWith({});
  });

  it('a preset, a drag across a chart and "Whole period" all set the one range', async () => {
    const onRangeChange = vi.fn();
    setup({ range: {}, onRangeChange });
    await loaded();
    const user = userEvent.setup();
    const whole = screen.getByRole('button', { name: 'Whole period' });
    expect(whole).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Time range'), 'Last 6 hours');
    expect(onRangeChange).toHaveBeenLastCalledWith({ from: 1_604_800 - 6 * 3600, to: 1_604_800 });
    // A drag across a chart (uPlot's selection, in seconds): whole seconds inside the period.
    act(() => {
      drag.select?.(1_100_000.4, 1_200_000.2);
    });
    expect(onRangeChange).toHaveBeenLastCalledWith({ from: 1_100_000, to: 1_200_001 });
    act(() => {
      drag.select?.(1_100_000, 1_100_030); // narrower than a minute: a click, not a zoom
    });
    expect(onRangeChange).toHaveBeenCalledTimes(2);
  });

  it('says so when nothing was collected', async () => {
    fakeApi({
      'GET /api/projects/7/series/summary': { ...SUMMARY, First: null, Last: null },
      'GET /api/projects/7/series': { ...SERIES, First: null, Last: null, Times: [] },
    });
    renderWithProviders(<ViewerPerformance projectId={7} nodes={NODES} />);
    expect(
      await screen.findByText('No performance data has been collected for this project yet.'),
    ).toBeVisible();
  });

  it('lays out the headline, every chart box, table and notice before the data arrives (nothing moves later)', () => {
    const { fetchMock } = fakeApi({});
    fetchMock.mockImplementation(() => new Promise<Response>(() => undefined));
    renderWithProviders(<ViewerPerformance projectId={7} nodes={NODES} />);
    const section = screen.getByRole('region', { name: 'Performance' });
    expect(section).toHaveAttribute('aria-busy', 'true');
    // Eight headline figures, dashes for now.
    const headline = screen.getByTestId('viewer-headline');
    expect(headline.querySelectorAll('.viewer-headline__item')).toHaveLength(8);
    expect(within(headline).getByText('Peak — IOPS')).toBeInTheDocument();
    // Ten charts (the API's series, the total IOPS the sizing uses, two derived), each with its box and table.
    expect(screen.getAllByRole('figure')).toHaveLength(10);
    expect(section.querySelectorAll('.viewer-chart__box')).toHaveLength(10);
    const iops = screen.getByRole('table', { name: /^Peak, 95th percentile and average: IOPS,/ });
    expect(within(iops).getAllByRole('row')).toHaveLength(3);
    expect(within(iops).getAllByRole('cell')[1]).toHaveTextContent('—');
    // The notices keep their place; the top lists hold a row per enabled server (two here).
    expect(screen.getByTestId('viewer-gaps')).toHaveTextContent('Checking the collected data…');
    expect(screen.getByTestId('viewer-low-iops')).toHaveTextContent('Checking the collected data…');
    expect(
      within(screen.getByRole('table', { name: 'Top servers by IOPS' })).getAllByRole('row'),
    ).toHaveLength(3);
    // The controls are laid out but inert until the collection period is known.
    expect(section.querySelector('.viewer-controls')).toHaveAttribute('inert');
  });

  it('a server whose used space the collector did not say: unknown in the table and the headline, never 0 used', async () => {
    fakeApi({
      'GET /api/projects/7/series/summary': {
        ...SUMMARY,
        Capacity: SUMMARY.Capacity.map((c) =>
          c.Kind === 'server' ? { ...c, UsedBytes: null, FreeBytes: null } : c,
        ),
      },
      'GET /api/projects/7/series': SERIES,
    });
    renderWithProviders(<ViewerPerformance projectId={7} nodes={NODES} />);
    await loaded();
    const row = within(screen.getByRole('table', { name: 'Capacity' })).getByRole('row', { name: /SQL01/ });
    expect(within(row).getAllByText('Unknown')).toHaveLength(2);
    const capacity = screen.getByTestId('viewer-headline').querySelector('[data-headline="capacity"]');
    // 5e12 bytes in all = 4,656.6 GiB; no share of it is claimed used.
    expect(capacity).toHaveTextContent('4,656.6 GiB in total');
    expect(capacity).toHaveTextContent('Used space not known for 1 server or disk');
    expect(capacity).not.toHaveTextContent('used of');
  });

  it('headline figures: totals of read and write, CPU, memory, network, capacity, servers, period, each explained', async () => {
    const { container } = setup();
    await loaded();
    const headline = screen.getByTestId('viewer-headline');
    const item = (id: string) => {
      const found = headline.querySelector(`[data-headline="${id}"]`);
      if (!(found instanceof HTMLElement)) throw new Error(`no ${id}`);
      return found;
    };
    // The server's aligned totals (read + write per interval), not a sum of the read and write peaks.
    expect(item('iops')).toHaveTextContent('Total IOPS');
    expect(item('iops')).toHaveTextContent('Peak 9,801 IOPS');
    expect(item('iops')).toHaveTextContent('95th percentile 7,000 IOPS');
    expect(item('throughput')).toHaveTextContent('Peak 250 MB/s');
    expect(item('throughput')).toHaveTextContent('95th percentile 120 MB/s');
    // Network: received 5,237.5 + sent 5,238.5 bytes per second.
    expect(item('network')).toHaveTextContent('Peak 0 MB/s');
    expect(item('cpu')).toHaveTextContent('Peak 5,235.5 %');
    // Beside the total: the busiest server's peak (per interval the highest single server's CPU), explained.
    expect(item('cpu')).toHaveTextContent('Busiest server: peak 5,240.5 %');
    expect(item('cpu')).toHaveTextContent(/not the average over the servers/);
    // Memory 5,236.5 bytes is 0 GiB; capacity 0.4 + 1 TB used of 1 + 4 TB: 1.4e12 / 2^30 = 1,303.85 GiB of
    // 5e12 / 2^30 = 4,656.61 GiB.
    expect(item('memory')).toHaveTextContent('Peak 0 GiB');
    expect(item('capacity')).toHaveTextContent('1,303.9 of 4,656.6 GiB');
    expect(item('capacity')).toHaveTextContent('28% used');
    expect(item('servers')).toHaveTextContent('2 servers');
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'short' });
    expect(item('period')).toHaveTextContent(`${day.format(1_000_000_000)} to ${day.format(1_604_800_000)}`);
    expect(item('period')).toHaveTextContent('7 days');
    // "What is this?" opens a short description.
    const about = within(item('iops')).getByText('What is this?');
    await userEvent.setup().click(about);
    expect(within(item('iops')).getByText(/added up interval by interval/)).toBeVisible();
    await expectNoAxeViolations(container);
  }, 20_000);

  it('says how much is missing where a series has gaps, and that nothing is when it has none', async () => {
    const t0 = 1_000_000;
    fakeApi({
      'GET /api/projects/7/series/summary': {
        ...SUMMARY,
        LowIopsPeriods: [],
        Gaps: [
          { NodeId: 'srv-1', Name: 'SQL01', Count: 3, Seconds: 5400 },
          { NodeId: 'srv-2', Name: 'WEB01', Count: 1, Seconds: 600 },
        ],
      },
      'GET /api/projects/7/series': {
        ...SERIES,
        Times: [t0, t0 + 3600, t0 + 7200, t0 + 10_800],
        BucketSeconds: 3600,
        Series: METRICS.map(([Metric, Unit]) => ({
          Metric,
          Unit,
          Max: [10, null, null, 20],
          Avg: [5, null, null, 10],
          P95: [9, null, null, 19],
        })),
        LowIops: [false, false, false, false],
      },
    });
    renderWithProviders(<ViewerPerformance projectId={7} nodes={NODES} />);
    await loaded();
    expect(screen.getByTestId('viewer-gaps')).toHaveTextContent(
      '1 interval without samples: 2 hours missing (50% of the range). The lines break there. ' +
        '2 servers have missing intervals in the collection: 1 hour 40 minutes in all.',
    );
    expect(screen.getByTestId('viewer-low-iops')).toHaveTextContent(
      'Latency is meaningful throughout: every period had at least 100 IOPS.',
    );
  });

  it('says a gap under a minute in seconds, not "0 minutes"', async () => {
    fakeApi({
      'GET /api/projects/7/series/summary': {
        ...SUMMARY,
        Gaps: [{ NodeId: 'srv-1', Name: 'SQL01', Count: 1, Seconds: 10 }],
      },
      'GET /api/projects/7/series': SERIES,
    });
    renderWithProviders(<ViewerPerformance projectId={7} nodes={NODES} />);
    await loaded();
    expect(screen.getByTestId('viewer-gaps')).toHaveTextContent(/: 10 seconds in all\.$/);
    expect(screen.getByTestId('viewer-gaps')).not.toHaveTextContent('0 minutes');
  });

  it('the capacity table has a total line; a short one shows every row', async () => {
    setup();
    await loaded();
    // 1e12 + 4e12 bytes, 0.4e12 + 1e12 used, 0.6e12 + 3e12 free (GiB: ÷ 2^30).
    expect(screen.getByTestId('viewer-capacity-total')).toHaveTextContent(
      /^Total of 2 servers and disks: 4,656\.6 GiB, 1,303\.9 GiB used, 3,352\.8 GiB free\.$/,
    );
    expect(within(screen.getByRole('table', { name: 'Capacity' })).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /Show each server and disk/ })).toBeNull();
  });

  it('before its stages are revealed: the first chart alone, then every chart, then the top servers and capacity', () => {
    const { fetchMock } = fakeApi({});
    fetchMock.mockImplementation(() => new Promise<Response>(() => undefined));
    let reveal: (stages: number) => void = () => undefined;
    function Staged() {
      const [revealed, setRevealed] = useState(0);
      reveal = setRevealed;
      return <ViewerPerformance projectId={7} nodes={NODES} revealed={revealed} />;
    }
    renderWithProviders(<Staged />);
    // The first screen: the headline and controls, and the first chart (its width sets the series' points).
    expect(screen.getByTestId('viewer-headline')).toBeInTheDocument();
    expect(screen.getAllByRole('figure')).toHaveLength(1);
    expect(screen.queryByRole('table', { name: 'Top servers by IOPS' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Capacity' })).not.toBeInTheDocument();
    act(() => {
      reveal(1);
    });
    expect(screen.getAllByRole('figure')).toHaveLength(10);
    expect(screen.queryByRole('table', { name: 'Capacity' })).not.toBeInTheDocument();
    act(() => {
      reveal(2);
    });
    expect(screen.getByRole('table', { name: 'Top servers by IOPS' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Capacity' })).toBeInTheDocument();
  });

  it('a capacity table of 12 rows shows its first 10 and the rest on demand; a row of unknown use leaves used and free unknown', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({
      NodeId: `srv-${String(i)}`,
      Name: `SRV${String(i)}`,
      Kind: 'server' as const,
      CapacityBytes: 2 ** 30,
      UsedBytes: i === 0 ? null : 2 ** 29,
      FreeBytes: i === 0 ? null : 2 ** 29,
    }));
    fakeApi({
      'GET /api/projects/7/series/summary': { ...SUMMARY, Capacity: rows },
      'GET /api/projects/7/series': SERIES,
    });
    const { container } = renderWithProviders(<ViewerPerformance projectId={7} nodes={NODES} />);
    await loaded();
    expect(screen.getByTestId('viewer-capacity-total')).toHaveTextContent(
      'Total of 12 servers and disks: 12 GiB; the used and free space of 1 of them is unknown.',
    );
    const table = screen.getByRole('table', { name: 'Capacity' });
    // A header row and the first 10.
    await waitFor(() => {
      expect(within(table).getAllByRole('row')).toHaveLength(11);
    });
    const more = screen.getByRole('button', { name: 'Show each server and disk (12)' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(more);
    await waitFor(() => {
      expect(within(table).getAllByRole('row')).toHaveLength(13);
    });
    expect(screen.getByRole('button', { name: 'Show the first 10 only' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expectNoAxeViolations(container);
  }, 20_000);

  it('reports no gaps for a complete series', async () => {
    setup();
    await loaded();
    expect(screen.getByTestId('viewer-gaps')).toHaveTextContent(
      'No missing intervals: every period of the range has samples.',
    );
  });

  it("takes the chart's width from its resize observer's first report, without forcing a layout in the commit", async () => {
    // A forced measurement would say 1000 px; the observer (after the browser's own layout) says 320.
    const rect = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 1000, height: 200 }));
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: (entries: { contentRect: { width: number } }[]) => void) {}
        observe() {
          setTimeout(() => {
            this.callback([{ contentRect: { width: 320 } }]);
          });
        }
        disconnect() {}
      },
    );
    try {
      const { calls } = setup();
      await loaded();
      expect(calls).toContain('GET /api/projects/7/series?points=300');
      expect(calls.some((c) => c.includes('points=1000'))).toBe(false);
    } finally {
      rect.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('asks for no more buckets than the chart has pixels', async () => {
    const rect = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 320, height: 200 }));
    try {
      const { calls } = setup();
      await loaded();
      expect(calls).toContain('GET /api/projects/7/series?points=300');
      expect(calls.some((c) => c.includes('points=500'))).toBe(false);
    } finally {
      rect.mockRestore();
    }
  });

  it('draws the total IOPS the sizing uses beside the IOPS, its figures the aligned totals and the sizing’s basis said and drawn', async () => {
    const { container } = setup({ sizingIops: { basis: 'p95', value: 7000, required: 12_112 } });
    await loaded();
    const card = screen.getByRole('figure', { name: 'Total IOPS the sizing uses' });
    // Right after the IOPS chart.
    const charts = Array.from(container.querySelectorAll('.viewer-chart')).map((c) =>
      c.getAttribute('data-chart'),
    );
    expect(charts.slice(0, 3)).toEqual(['iops', 'totalIops', 'throughput']);
    // The summary's TotalIops (read + write per interval, then its figures): the figures the sizing takes.
    const table = within(card).getByRole('table', {
      name: /^Peak, 95th percentile and average: Total IOPS the sizing uses,/,
    });
    const row = within(table).getByRole('row', { name: /^Read \+ write IOPS/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Read + write IOPS', '9,801', '7,000', '3,000']);
    expect(card).toHaveTextContent(
      'Sizing basis: 95th percentile of this total over the whole collection, 7,000 IOPS (dashed line); sized for 12,112 IOPS with headroom and growth.',
    );
    // The line (the series' TotalIops peaks per bucket) and the basis level across it.
    expect(within(card).getByTestId('chart')).toHaveTextContent(
      'Read + write IOPS,Sizing basis (95th percentile)',
    );
    await expectNoAxeViolations(card);
  }, 20_000);

  it('the total IOPS chart of one server says the sizing is of the total, and draws no basis level', async () => {
    setup({ sizingIops: { basis: 'peak', value: 9801, required: 17_000 } });
    await loaded();
    await userEvent.setup().selectOptions(screen.getByLabelText('Servers'), 'SQL01');
    const card = screen.getByRole('figure', { name: 'Total IOPS the sizing uses' });
    await waitFor(() => {
      expect(card).toHaveTextContent(/^.*The sizing is of the total of all enabled servers/);
    });
    expect(within(card).getByTestId('chart')).toHaveTextContent(/^Read \+ write IOPS$/);
  });

  it('a one-sample collection says when its one sample was taken', async () => {
    const at = 1_000_000;
    fakeApi({
      'GET /api/projects/7/series/summary': { ...SUMMARY, First: at, Last: at, From: at, To: at },
      'GET /api/projects/7/series': { ...SERIES, First: at, Last: at, From: at, To: at, Times: [at] },
    });
    renderWithProviders(<ViewerPerformance projectId={7} nodes={NODES} />);
    await loaded();
    expect(screen.getByTestId('viewer-one-sample')).toHaveTextContent(
      `One sample, taken ${formatDate(at * 1000)}: each chart shows it as a single point.`,
    );
  });

  it('a longer collection has no one-sample note', async () => {
    setup();
    await loaded();
    expect(screen.queryByTestId('viewer-one-sample')).toBeNull();
  });

  it('a server without disks: its IOPS and latency read "no data" (the answer’s nulls), no flat line at 0', async () => {
    const disk = new Set([
      'readIops',
      'writeIops',
      'readThroughput',
      'writeThroughput',
      'latency',
      'queueDepth',
    ]);
    const none = { Peak: null, P95: null, Average: null };
    fakeApi({
      'GET /api/projects/7/series/summary': {
        ...SUMMARY,
        Metrics: SUMMARY.Metrics.map((m) => (disk.has(m.Metric) ? { ...m, ...none } : m)),
        TotalIops: { Unit: 'iops', ...none },
        TotalThroughput: { Unit: 'bytesPerSecond', ...none },
        ReadLatency: { Unit: 'milliseconds', ...none },
        WriteLatency: { Unit: 'milliseconds', ...none },
      },
      'GET /api/projects/7/series': {
        ...SERIES,
        Series: SERIES.Series.map((m) =>
          disk.has(m.Metric) ? { ...m, Max: [null, null], Avg: [null, null], P95: [null, null] } : m,
        ),
        ReadLatency: { Unit: 'milliseconds', Max: [null, null], Avg: [null, null], P95: [null, null] },
        WriteLatency: { Unit: 'milliseconds', Max: [null, null], Avg: [null, null], P95: [null, null] },
      },
    });
    const { container } = renderWithProviders(<ViewerPerformance projectId={7} nodes={NODES} />);
    await loaded();
    for (const name of ['IOPS', 'Latency (ms)']) {
      const card = screen.getByRole('figure', { name });
      // Every figure of the table and the chart's box say "no data"; nothing is drawn.
      const cells = within(card)
        .getAllByRole('row')
        .slice(1)
        .flatMap((row) => within(row).getAllByRole('cell').slice(1));
      expect(cells.map((c) => c.textContent)).toEqual(cells.map(() => 'no data'));
      expect(within(card).queryByTestId('chart')).toBeNull();
      expect(card.querySelector('.viewer-chart__empty')).toHaveTextContent('no data');
    }
    const iops = screen.getByTestId('viewer-headline').querySelector('[data-headline="iops"]');
    expect(iops).toHaveTextContent('no data');
    expect(iops).not.toHaveTextContent('Peak');
    // CPU is known: drawn and given as usual.
    expect(within(screen.getByRole('figure', { name: 'CPU (%)' })).getByTestId('chart')).toBeInTheDocument();
    await expectNoAxeViolations(container);
  }, 20_000);
});
