import type { SavedSizingSettings, Sizing, SizingVm } from '@assessment/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import { useState } from 'react';
import type { SizingSearch } from '@/lib/search/sizing-search';
import SizingPanel from './SizingPanel';
import type { SizingChoice } from './sizing-api';

/** The panel with its settings fed back as the route does (onChange writes the URL, the URL is the search). */
function WithUrl({ initial, onChange }: { initial: SizingSearch; onChange: (next: SizingChoice) => void }) {
  const [search, setSearch] = useState<SizingSearch>(initial);
  return (
    <SizingPanel
      projectId={7}
      canEdit
      search={search}
      onChange={(next) => {
        onChange(next);
        setSearch(next);
      }}
    />
  );
}

const SAVED: SavedSizingSettings = {
  Settings: { Basis: 'p95', HeadroomPercent: 30, GrowthPercent: 10, HorizonYears: 3 },
  Saved: false,
};

/** A sizing as the server answers it for p95, 30 %, 10 %, 3 years (hand-computed: 41,230 × 1.3 × 1.331). */
const SIZING: Sizing = {
  Settings: SAVED.Settings,
  HeadroomFactor: 1.3,
  GrowthFactor: 1.331,
  First: 1763337600,
  Last: 1763942400,
  Totals: [
    { Resource: 'iops', Unit: 'iops', Basis: 41230, Required: 71341 },
    { Resource: 'throughput', Unit: 'megabytesPerSecond', Basis: 512.3, Required: 886.5 },
    { Resource: 'capacity', Unit: 'gibibytes', Basis: 1024.5, Required: 1772.8 },
    { Resource: 'cores', Unit: 'cores', Basis: 22.4, Required: 38.8 },
    { Resource: 'memory', Unit: 'gibibytes', Basis: null, Required: null },
  ],
  Servers: [
    {
      NodeId: 'srv-1',
      Name: 'SQL01',
      SourceCores: 8,
      Cores: 3.2,
      MemoryGiB: 21.4,
      Iops: 4210,
      ThroughputMBps: 88.5,
      Shape: 'g4-standard',
    },
    {
      NodeId: 'srv-2',
      Name: 'BIG01',
      SourceCores: 64,
      Cores: 200,
      MemoryGiB: 4000,
      Iops: 10,
      ThroughputMBps: 1,
      Shape: null,
    },
  ],
  Shapes: [
    {
      Id: 'g4-standard',
      Name: 'G4 Standard',
      VCpu: 4,
      MemoryGiB: 16,
      DiskClass: 'Standard',
      MaxIops: 5000,
      MaxThroughputMBps: 200,
    },
  ],
  ShapeTotals: [
    { Shape: 'g4-standard', Count: 1 },
    { Shape: null, Count: 1 },
  ],
  Catalogue: 'Generic shapes',
};

describe('SizingPanel', () => {
  it('a server without disks: its IOPS and throughput read "no data" in the per-server table, never 0 or a dash', async () => {
    fakeApi({
      'GET /api/projects/7/sizing/settings': SAVED,
      'GET /api/projects/7/sizing': {
        ...SIZING,
        Servers: [
          { ...SIZING.Servers[0], NodeId: 'srv-3', Name: 'NODISK01', Iops: null, ThroughputMBps: null },
        ],
      },
    });
    renderWithProviders(<SizingPanel projectId={7} canEdit search={{}} onChange={vi.fn()} />);
    const table = await screen.findByRole('table', { name: 'Per-server right-sizing' }, { timeout: 10_000 });
    const cells = within(within(table).getByRole('row', { name: /NODISK01/ })).getAllByRole('cell');
    // Cores, memory, IOPS, throughput, shape.
    expect(cells.map((c) => c.textContent)).toEqual(['3.2', '21.4', 'no data', 'no data', 'No samples']);
  });

  it('says when the settings size below what is measured today (negative growth), and not otherwise', async () => {
    fakeApi({
      'GET /api/projects/7/sizing/settings': SAVED,
      'GET /api/projects/7/sizing': {
        ...SIZING,
        Settings: { ...SIZING.Settings, HeadroomPercent: 50, GrowthPercent: -20, HorizonYears: 5 },
        HeadroomFactor: 1.5,
        GrowthFactor: 0.32768,
      },
    });
    const { container } = renderWithProviders(
      <SizingPanel projectId={7} canEdit search={{}} onChange={vi.fn()} />,
    );
    // 1.5 × 0.8^5 = 0.49152
    // The first render loads the section's texts and the panel's calls: given time on a busy machine.
    expect(await screen.findByTestId('sizing-below', {}, { timeout: 10_000 })).toHaveTextContent(
      'Below what is measured today: headroom × growth is 0.492, so each required figure is smaller than its measured basis.',
    );
    await expectNoAxeViolations(container);
  });

  it('says nothing of the kind where the sizing is at or above today', async () => {
    fakeApi({ 'GET /api/projects/7/sizing/settings': SAVED, 'GET /api/projects/7/sizing': SIZING });
    renderWithProviders(<SizingPanel projectId={7} canEdit search={{}} onChange={vi.fn()} />);
    await screen.findByText('p95 41,230 IOPS × 1.30 headroom × 1.10^3 growth = 71,341 IOPS');
    expect(screen.queryByTestId('sizing-below')).toBeNull();
  });

  it('the capacity formula says which rows of unknown use it counts at their whole capacity (the table says Unknown)', async () => {
    fakeApi({
      'GET /api/projects/7/sizing/settings': SAVED,
      'GET /api/projects/7/sizing': SIZING,
      'GET /api/projects/7/series/summary': {
        From: 0,
        To: 1,
        First: 0,
        Last: 1,
        EnabledNodes: 2,
        LatencyMinIops: 100,
        Metrics: [],
        LowIopsPeriods: [],
        TopByIops: [],
        TopByCpu: [],
        TotalIops: { Unit: 'iops', Peak: 1, P95: 1, Average: 1 },
        TotalThroughput: { Unit: 'bytesPerSecond', Peak: 1, P95: 1, Average: 1 },
        LatencyAllIntervals: { Unit: 'milliseconds', Peak: 1, P95: 1, Average: 1 },
        Gaps: [],
        Capacity: [
          {
            NodeId: 'srv-1',
            Name: 'SQL01',
            Kind: 'server',
            CapacityBytes: 2 ** 38,
            UsedBytes: null,
            FreeBytes: null,
          },
          {
            NodeId: 'srv-2',
            Name: 'BIG01',
            Kind: 'server',
            CapacityBytes: 2 ** 40,
            UsedBytes: 2 ** 39,
            FreeBytes: 2 ** 39,
          },
        ],
      },
    });
    renderWithProviders(<SizingPanel projectId={7} canEdit search={{}} onChange={vi.fn()} />);
    expect(
      await screen.findByText(
        'used (1 disk of unknown use at full capacity) 1,024.5 GiB × 1.30 headroom × 1.10^3 growth = 1,772.8 GiB',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^used 1,024\.5 GiB/)).toBeNull();
  });

  it('shows each required figure with its formula written out, the servers’ shapes and the shape totals', async () => {
    const { calls } = fakeApi({
      'GET /api/projects/7/sizing/settings': SAVED,
      'GET /api/projects/7/sizing': SIZING,
    });
    const { container } = renderWithProviders(
      <SizingPanel projectId={7} canEdit search={{}} onChange={vi.fn()} />,
    );
    const iops = await screen.findByText('p95 41,230 IOPS × 1.30 headroom × 1.10^3 growth = 71,341 IOPS');
    expect(iops.closest('dd')).toHaveTextContent('71,341 IOPS');
    expect(
      screen.getByText('used 1,024.5 GiB × 1.30 headroom × 1.10^3 growth = 1,772.8 GiB'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('p95 22.4 cores × 1.30 headroom × 1.10^3 growth = 38.8 cores'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('p95 512.3 MB/s × 1.30 headroom × 1.10^3 growth = 886.5 MB/s'),
    ).toBeInTheDocument();
    expect(screen.getByText('No samples')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Per-server right-sizing' });
    expect(within(table).getByRole('row', { name: /SQL01/ })).toHaveTextContent('G4 Standard');
    expect(within(table).getByRole('row', { name: /BIG01/ })).toHaveTextContent('No shape big enough');
    expect(screen.getByText('G4 Standard (4 vCPU, 16 GiB, Standard disks): 1 server')).toBeInTheDocument();
    expect(screen.getByText('No shape big enough: 1 server')).toBeInTheDocument();
    // The saved (default) settings, asked for explicitly.
    expect(calls).toContain('GET /api/projects/7/sizing?basis=p95&headroom=30&growth=10&horizon=3');
    await expectNoAxeViolations(container);
  });

  it('a setting changes the URL; one out of bounds is said in its field and not sent', async () => {
    fakeApi({ 'GET /api/projects/7/sizing/settings': SAVED, 'GET /api/projects/7/sizing': SIZING });
    const onChange = vi.fn();
    const { container } = renderWithProviders(<WithUrl initial={{ basis: 'peak' }} onChange={onChange} />);
    const headroom = await screen.findByLabelText('Headroom (%)');
    expect(screen.getByLabelText('Basis')).toHaveValue('peak');
    const user = userEvent.setup();
    await user.clear(headroom);
    await user.type(headroom, '45');
    expect(onChange).toHaveBeenLastCalledWith({ basis: 'peak', headroom: 45, growth: 10, horizon: 3 });
    onChange.mockClear();
    await user.type(headroom, '0');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('Enter a whole number from 0 to 200.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save with the project' })).toBeDisabled();
    await expectNoAxeViolations(container);
    const growth = screen.getByLabelText('Annual growth (%)');
    await user.clear(growth);
    await user.type(growth, '-2x0');
    expect(growth).toHaveValue('-20');
    await user.selectOptions(screen.getByLabelText('Basis'), '90th percentile');
    expect(onChange).toHaveBeenLastCalledWith({ basis: 'p90', headroom: 45, growth: -20, horizon: 3 });
  });

  it('refuses a growth of 200 % and a horizon of 10 years (together a growth factor of 59,049)', async () => {
    fakeApi({ 'GET /api/projects/7/sizing/settings': SAVED, 'GET /api/projects/7/sizing': SIZING });
    const onChange = vi.fn();
    renderWithProviders(<WithUrl initial={{}} onChange={onChange} />);
    const user = userEvent.setup();
    const growth = await screen.findByLabelText('Annual growth (%)');
    await user.clear(growth);
    await user.type(growth, '200');
    expect(screen.getByText('Enter a whole number from -50 to 100.')).toBeInTheDocument();
    const horizon = screen.getByLabelText('Horizon (years)');
    await user.clear(horizon);
    await user.type(horizon, '10');
    expect(screen.getByText('Enter a whole number from 0 to 5.')).toBeInTheDocument();
    const choices = onChange.mock.calls.map((call) => call[0] as SizingChoice);
    expect(choices.some((c) => c.growth === 200 || c.horizon === 10)).toBe(false);
    expect(screen.getByRole('button', { name: 'Save with the project' })).toBeDisabled();
  });

  it('a per-server table of 12 servers starts folded; the shape totals stay in view as its total line', async () => {
    const servers = Array.from({ length: 12 }, (_, i) => ({
      ...SIZING.Servers[0],
      NodeId: `srv-${String(i)}`,
      Name: `SRV${String(i)}`,
    })) as Sizing['Servers'];
    fakeApi({
      'GET /api/projects/7/sizing/settings': SAVED,
      'GET /api/projects/7/sizing': {
        ...SIZING,
        Servers: servers,
        ShapeTotals: [{ Shape: 'g4-standard', Count: 12 }],
      },
    });
    renderWithProviders(<SizingPanel projectId={7} canEdit search={{}} onChange={vi.fn()} />);
    const summary = await screen.findByText('Show each server’s sizing (12)');
    expect(summary.closest('details')).not.toHaveAttribute('open');
    expect(screen.getByText('G4 Standard (4 vCPU, 16 GiB, Standard disks): 12 servers')).toBeVisible();
    // Folded, its rows are not built at all (the page's load does not pay for them); opened, they are, and stay.
    expect(screen.queryByText('SRV11')).toBeNull();
    const user = userEvent.setup();
    await user.click(summary);
    expect(await screen.findByRole('rowheader', { name: 'SRV11' })).toBeInTheDocument();
    await user.click(summary);
    expect(summary.closest('details')).not.toHaveAttribute('open');
    expect(screen.getByText('SRV11')).toBeInTheDocument();
  });

  it('an editor saves the settings with the project', async () => {
    const { calls } = fakeApi({
      'GET /api/projects/7/sizing/settings': SAVED,
      'GET /api/projects/7/sizing': SIZING,
      'PUT /api/projects/7/sizing/settings': { ...SAVED, Saved: true },
    });
    renderWithProviders(<SizingPanel projectId={7} canEdit search={{}} onChange={vi.fn()} />);
    const save = await screen.findByRole('button', { name: 'Save with the project' });
    expect(screen.getByRole('status')).toHaveTextContent('Not saved');
    await userEvent.setup().click(save);
    await waitFor(() => {
      expect(screen.getByRole('status')).toHaveTextContent(
        'These settings are saved with the project; the reports use them.',
      );
    });
    expect(calls).toContain('PUT /api/projects/7/sizing/settings');
  });

  it('a vSphere project: each VM’s sizing folded under its heading, measured or by allocation, and the cluster sums', async () => {
    const vm = (over: Partial<SizingVm>): SizingVm => ({
      VmId: 'vm-1',
      Name: 'sql01',
      ClusterId: 'domain-c7',
      Cluster: 'Cluster A',
      Host: 'esx01',
      PowerState: 'poweredOn',
      Vcpus: 8,
      MemoryBytes: 34359738368,
      Samples: 2016,
      SizedBy: 'samples',
      Cores: 13.2,
      MemoryGiB: 34.7,
      Iops: 3288,
      ThroughputMBps: 32.9,
      Shape: 'g4-standard',
      ...over,
    });
    const withVms: Sizing = {
      ...SIZING,
      Vms: [
        vm({}),
        vm({
          VmId: 'vm-2',
          Name: 'old01',
          PowerState: 'poweredOff',
          Samples: 0,
          SizedBy: 'allocation',
          Cores: 2,
          MemoryGiB: 4,
          Iops: null,
          ThroughputMBps: null,
          Shape: null,
        }),
      ],
      Clusters: [
        {
          ClusterId: 'domain-c7',
          Name: 'Cluster A',
          Vms: 2,
          VmsByAllocation: 1,
          Cores: 15.2,
          MemoryGiB: 38.7,
          Iops: 3288,
          ThroughputMBps: 32.9,
          ShapeTotals: [],
        },
      ],
      VmShapeTotals: [],
    };
    fakeApi({ 'GET /api/projects/7/sizing/settings': SAVED, 'GET /api/projects/7/sizing': withVms });
    const { container } = renderWithProviders(
      <SizingPanel projectId={7} canEdit={false} search={{}} onChange={vi.fn()} />,
    );
    expect(await screen.findByRole('heading', { name: 'Per-VM right-sizing (2 VMs)' })).toBeInTheDocument();
    const summary = screen.getByText('Each VM’s sizing (2 VMs)');
    const details = summary.closest('details');
    expect(details).not.toHaveAttribute('open');
    // The browser's own disclosure: its summary takes the focus (Enter and Space open it in a browser; jsdom only
    // toggles it on a click).
    summary.focus();
    expect(summary).toHaveFocus();
    await userEvent.setup().click(summary);
    expect(details).toHaveAttribute('open');
    // Built the first time it opens (a folded table costs the page's load nothing).
    const table = await screen.findByRole('table', { name: 'Per-VM right-sizing (2 VMs)' });
    expect(within(table).getByRole('row', { name: /sql01/ })).toHaveTextContent(
      'sql01Measured13.234.73,28832.9G4 Standard',
    );
    // Sized by its allocation: its I/O is not measured — never 0.
    expect(within(table).getByRole('row', { name: /old01/ })).toHaveTextContent(
      'old01Allocation2.04.0not measurednot measuredNo shape big enough',
    );
    expect(
      screen.getByText('Cluster A: 2 VMs (1 by allocation) need 15.2 cores and 38.7 GiB'),
    ).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('a project without VMs has no per-VM sizing', async () => {
    fakeApi({ 'GET /api/projects/7/sizing/settings': SAVED, 'GET /api/projects/7/sizing': SIZING });
    renderWithProviders(<SizingPanel projectId={7} canEdit={false} search={{}} onChange={vi.fn()} />);
    await screen.findByText('p95 41,230 IOPS × 1.30 headroom × 1.10^3 growth = 71,341 IOPS');
    expect(screen.queryByText(/Per-VM right-sizing/)).toBeNull();
  });

  it('a reader: no save button', async () => {
    fakeApi({ 'GET /api/projects/7/sizing/settings': SAVED, 'GET /api/projects/7/sizing': SIZING });
    renderWithProviders(<SizingPanel projectId={7} canEdit={false} search={{}} onChange={vi.fn()} />);
    await screen.findByText('p95 41,230 IOPS × 1.30 headroom × 1.10^3 growth = 71,341 IOPS');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
