import type { ProjectVm, ProjectVmCluster, ProjectVmDatastore } from '@assessment/sdk';
import type { TableQuery } from '@assessment/ui/table';
import { NativeSelect } from '@assessment/ui/native-select';
import { useLingui } from '@lingui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type Column } from '@/components/DataTable';
import { StaticTable } from '@/components/StaticTable';
import { formatDate, formatNumber, useSectionTexts } from '@/lib/i18n/i18n';
import { projectSeriesSummaryQuery } from '../../api/get-project-series-summary';
import { projectVmsQuery } from '../../api/get-project-vms';
import { UNIT_TEXT } from '../../metrics';
import { rangeInPeriod, type TimeRange } from '../../range';
import { POWER_STATE_TEXT, VM_FIGURES, VM_FIGURE_TEXT, capacityAmount, gib, vmFigure } from './vm-text';
import './vms.css';

/** The VM table's page sizes: a 1,000-VM estate reads a page at a time (sorted over all of it). */
export const VM_PAGE_SIZES: readonly number[] = [25, 50, 100];

const FIRST_PAGE: TableQuery = { PageSize: 25, PageNumber: 1, SortByField: null, SortOrder: 0 };

/** What an unknown figure sorts as: below every value (a VM with no data is the least busy one). */
const NO_DATA = Number.NEGATIVE_INFINITY;

export interface VmLayersProps {
  projectId: number;
  /** The viewer's time range (the route's search params), kept inside the collection period as the charts do. */
  range: TimeRange;
  /** The cluster filter (a ClusterId; the route's `cluster` search param); undefined: every cluster. */
  cluster: string | undefined;
  /** Writes the cluster filter to the URL (undefined: every cluster). */
  onClusterChange: (cluster: string | undefined) => void;
}

/**
 * The vSphere layers of a project (collector file version 3): its clusters (hosts, VMs powered on, cores, memory,
 * datastores), a cluster filter kept in the URL, and every VM with its allocation and its own figures over the
 * viewer's range, sortable and paged. A VM's I/O is part of its host's: the section says the VMs' figures are not
 * in the totals above. Renders nothing for a project without VMs or clusters.
 */
export default function VmLayers({ projectId, range, cluster, onClusterChange }: VmLayersProps) {
  useSectionTexts('performance');
  const { _: t, i18n } = useLingui();
  const culture = i18n.locale;
  const [query, setQuery] = useState<TableQuery>(FIRST_PAGE);
  // The range the charts show: the asked one inside the collection period (the whole period's summary, cached).
  const extent = useQuery(projectSeriesSummaryQuery(projectId, {}));
  const first = extent.data?.First ?? null;
  const last = extent.data?.Last ?? null;
  const wholeAsked = range.from === undefined && range.to === undefined;
  const shown = first === null || last === null ? {} : rangeInPeriod(range, { first, last });
  const ready = wholeAsked || extent.isSuccess || extent.isError;
  // Every cluster (the summary and the filter's choices) and, for the table, the chosen cluster's VMs.
  const all = useQuery({
    ...projectVmsQuery(projectId, shown),
    placeholderData: keepPreviousData,
    enabled: ready,
  });
  const clusters = all.data?.Clusters ?? [];
  const chosen = cluster === undefined ? undefined : clusters.find((c) => c.ClusterId === cluster);
  const filtered = useQuery({
    ...projectVmsQuery(projectId, { ...shown, cluster: chosen?.ClusterId }),
    placeholderData: keepPreviousData,
    enabled: ready && chosen !== undefined,
  });
  const table = chosen === undefined ? all : filtered;

  if (all.isError || filtered.isError)
    return (
      <section className="viewer-vms" aria-labelledby="viewer-vms-title">
        <h2 id="viewer-vms-title">{t('performance.vms.title')}</h2>
        <p role="alert">{t('performance.vms.failed')}</p>
      </section>
    );
  // Nothing changes for a project without vSphere layers.
  if (all.data && all.data.Vms.length === 0 && all.data.Clusters.length === 0) return null;
  if (!all.data)
    return (
      <section className="viewer-vms" aria-labelledby="viewer-vms-title" aria-busy="true">
        <h2 id="viewer-vms-title">{t('performance.vms.title')}</h2>
        <p className="muted">{t('performance.vms.loading')}</p>
      </section>
    );

  const noData = <span className="viewer-vms__none">{t('performance.vms.noData')}</span>;
  const unknown = <span className="viewer-vms__none">{t('performance.vms.unknown')}</span>;
  const amount = (bytes: number | null) => {
    if (bytes === null) return unknown;
    const a = capacityAmount(bytes, culture);
    return `${a.value} ${t(a.unit)}`;
  };
  const clusterColumns: Column<ProjectVmCluster>[] = [
    { id: 'name', header: t('projects.nodeKind.cluster'), cell: (c) => c.Name },
    {
      id: 'datacenter',
      header: t('performance.vms.col.datacenter'),
      cell: (c) => c.Datacenter ?? unknown,
    },
    { id: 'hosts', header: t('runSearch.details.hosts'), cell: (c) => formatNumber(c.Hosts, culture) },
    {
      id: 'vms',
      header: t('performance.vms.col.vmsOn'),
      cell: (c) =>
        t('performance.vms.vmsOnValue', {
          on: formatNumber(c.VmsPoweredOn, culture),
          all: formatNumber(c.Vms, culture),
        }),
    },
    { id: 'cores', header: t('performance.vms.col.cores'), cell: (c) => formatNumber(c.Cores, culture) },
    {
      id: 'memory',
      header: t('performance.vms.col.memory', { unit: t(UNIT_TEXT.bytes) }),
      cell: (c) => gib(c.MemoryBytes, culture),
    },
    {
      id: 'capacity',
      header: t('performance.vms.col.datastoreCapacity'),
      cell: (c) => amount(c.DatastoreCapacityBytes),
    },
    { id: 'free', header: t('performance.vms.col.datastoreFree'), cell: (c) => amount(c.DatastoreFreeBytes) },
  ];
  const hostList = new Intl.ListFormat(culture, { type: 'unit', style: 'short' });
  const datastoreColumns: Column<ProjectVmDatastore>[] = [
    { id: 'name', header: t('columns.name'), cell: (d) => d.Name },
    { id: 'type', header: t('performance.vms.col.type'), cell: (d) => d.Type },
    {
      id: 'cluster',
      header: t('projects.nodeKind.cluster'),
      // No cluster of its own: its hosts are in several clusters (or in none).
      cell: (d) =>
        d.Cluster ??
        (d.Hosts.length > 1 ? t('performance.vms.severalClusters') : t('performance.vms.noCluster')),
    },
    { id: 'capacity', header: t('performance.vms.col.capacity'), cell: (d) => amount(d.CapacityBytes) },
    { id: 'free', header: t('performance.vms.col.free'), cell: (d) => amount(d.FreeBytes) },
    { id: 'hosts', header: t('performance.vms.col.mountedBy'), cell: (d) => hostList.format(d.Hosts) },
  ];
  const gibUnit = t(UNIT_TEXT.bytes);
  const vmColumns: Column<ProjectVm>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      cell: (vm) => (
        <span className="viewer-vms__name" data-off={vm.PowerState === 'poweredOff' || undefined}>
          {vm.Name}
        </span>
      ),
      sortValue: (vm) => vm.Name,
      sortable: true,
    },
    {
      id: 'cluster',
      header: t('projects.nodeKind.cluster'),
      cell: (vm) => vm.Cluster ?? t('performance.vms.noCluster'),
      sortable: true,
    },
    {
      id: 'host',
      header: t('projects.nodeKind.host'),
      cell: (vm) => vm.Host ?? unknown,
      sortValue: (vm) => vm.Host,
      sortable: true,
    },
    {
      id: 'power',
      header: t('performance.vms.col.power'),
      cell: (vm) => (
        <span className="viewer-vms__power" data-state={vm.PowerState}>
          {t(POWER_STATE_TEXT[vm.PowerState])}
        </span>
      ),
      sortValue: (vm) => t(POWER_STATE_TEXT[vm.PowerState]),
      sortable: true,
    },
    { id: 'guestOs', header: t('performance.vms.col.guestOs'), cell: (vm) => vm.GuestOs, sortable: true },
    {
      id: 'vcpus',
      header: t('performance.vms.col.vcpus'),
      cell: (vm) => formatNumber(vm.Vcpus, culture),
      sortValue: (vm) => vm.Vcpus,
      sortable: true,
    },
    {
      id: 'memory',
      header: t('performance.vms.col.memory', { unit: gibUnit }),
      cell: (vm) => gib(vm.MemoryBytes, culture),
      sortValue: (vm) => vm.MemoryBytes,
      sortable: true,
    },
    {
      id: 'provisioned',
      header: t('performance.vms.col.provisioned', { unit: gibUnit }),
      cell: (vm) => gib(vm.ProvisionedBytes, culture),
      sortValue: (vm) => vm.ProvisionedBytes,
      sortable: true,
    },
    {
      id: 'used',
      header: t('performance.vms.col.used', { unit: gibUnit }),
      cell: (vm) => gib(vm.UsedBytes, culture) ?? unknown,
      sortValue: (vm) => vm.UsedBytes ?? NO_DATA,
      sortable: true,
    },
    ...VM_FIGURES.map((f): Column<ProjectVm> => ({
      id: f.id,
      header: t(VM_FIGURE_TEXT[f.id], { unit: t(UNIT_TEXT[f.unit]) }),
      cell: (vm) => vmFigure(vm[f.field], f.unit, culture) ?? noData,
      sortValue: (vm) => vm[f.field] ?? NO_DATA,
      sortable: true,
    })),
  ];
  const vms = table.data?.Vms ?? [];
  // The chosen cluster's datastores (those its hosts mount), or every one.
  const datastores = table.data?.Datastores ?? [];
  const poweredOff = vms.filter((vm) => vm.PowerState === 'poweredOff').length;
  const from = all.data.From;
  const to = all.data.To;
  return (
    <section className="viewer-vms" aria-labelledby="viewer-vms-title" aria-busy={all.isFetching}>
      <h2 id="viewer-vms-title">{t('performance.vms.title')}</h2>
      <p className="viewer-vms__rule" data-testid="viewer-vms-rule">
        {t('performance.vms.notInTotals')}
      </p>
      <div className="viewer-vms__block">
        <h3 id="viewer-clusters-title">{t('performance.vms.clusters')}</h3>
        <StaticTable
          label={t('performance.vms.clusters')}
          rows={clusters}
          rowKey={(c) => c.ClusterId}
          columns={clusterColumns}
        />
      </div>
      {datastores.length > 0 && (
        <div className="viewer-vms__block">
          <h3 id="viewer-datastores-title">{t('performance.vms.datastores')}</h3>
          <p className="muted">{t('performance.vms.datastoresNote')}</p>
          <StaticTable
            label={t('performance.vms.datastores')}
            rows={datastores}
            rowKey={(d) => d.DatastoreId}
            columns={datastoreColumns}
          />
        </div>
      )}
      <div className="viewer-vms__block">
        <h3 id="viewer-vm-table-title">{t('performance.vms.vms')}</h3>
        <div className="viewer-controls">
          <NativeSelect
            label={t('projects.nodeKind.cluster')}
            value={chosen?.ClusterId ?? ''}
            onChange={(value) => {
              setQuery((q) => ({ ...q, PageNumber: 1 }));
              onClusterChange(value === '' ? undefined : value);
            }}
            options={[
              { id: '', label: t('performance.vms.allClusters') },
              ...clusters.map((c) => ({ id: c.ClusterId, label: c.Name })),
            ]}
          />
        </div>
        <p className="muted" aria-live="polite" data-testid="viewer-vms-count">
          {chosen
            ? t('performance.vms.countIn', { count: vms.length, cluster: chosen.Name })
            : t('performance.vms.count', { count: vms.length })}{' '}
          {t('performance.rangeText', {
            from: formatDate(from * 1000, culture),
            to: formatDate(to * 1000, culture),
          })}{' '}
          {poweredOff > 0 && t('performance.vms.poweredOffNote', { count: poweredOff })}
        </p>
        <DataTable
          label={t('performance.vms.vms')}
          rows={vms}
          rowKey={(vm) => vm.VmId}
          columns={vmColumns}
          variant="data-grid"
          emptyText={t('performance.vms.empty')}
          localPaging={{ query, onQueryChange: setQuery, pageSizeOptions: VM_PAGE_SIZES }}
        />
      </div>
    </section>
  );
}
