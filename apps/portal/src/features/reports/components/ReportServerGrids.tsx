import type { ClusterDiskItem, ServerListItem } from '@assessment/sdk';
import { useLingui } from '@lingui/react';
import { DataTable, type Column } from '@/components/DataTable';
import { REPORT_MAX_SERVERS } from '../report-rules';

export interface ReportServerGridsProps {
  servers: readonly ServerListItem[];
  disks: readonly ClusterDiskItem[];
  selectedServers: ReadonlySet<string>;
  onServersChange: (keys: Set<string>) => void;
  /** The last change would have selected more than 20 servers. */
  refused: boolean;
  showDisks: boolean;
  selectedDisks: ReadonlySet<string>;
  onDisksChange: (keys: Set<string>) => void;
}

/** A server with neither local nor shared cluster disks: the legacy list answers IOPS 0 for it, measured nothing. */
const hasNoDisks = (server: ServerListItem): boolean =>
  server.LocalDiskCount === 0 && server.ClusterDiskIds.length === 0;

/**
 * The server and shared cluster disk grids of the performance section: sortable, 814 px wide and 380 px high above
 * 10 rows (the kit's report-server-picker variant; spec part 9), inside a horizontal scroll area on narrow screens.
 */
export function ReportServerGrids({
  servers,
  disks,
  selectedServers,
  onServersChange,
  refused,
  showDisks,
  selectedDisks,
  onDisksChange,
}: ReportServerGridsProps) {
  const { _: t } = useLingui();
  const serverColumns: Column<ServerListItem>[] = [
    { id: 'ServerName', header: t('reports.grid.server'), cell: (s) => s.ServerName, sortable: true },
    {
      id: 'ServerRole',
      header: t('reports.grid.role'),
      cell: (s) => s.ServerRole ?? t('reports.grid.noRole'),
      sortable: true,
    },
    {
      id: 'IOPS',
      header: t('reports.grid.iops'),
      // A server without disks measured no I/O: its 0 is no reading, so it says so (as the viewer does).
      cell: (s) => (hasNoDisks(s) ? t('reports.grid.noData') : Math.round(s.IOPS)),
      // No reading sorts after every figure, whichever way the column is sorted.
      sortValue: (s) => (hasNoDisks(s) ? null : s.IOPS),
      sortable: true,
    },
    {
      id: 'Capacity',
      header: t('reports.grid.capacity'),
      cell: (s) => Math.round(s.Capacity),
      sortable: true,
    },
    {
      id: 'LocalDiskCount',
      header: t('reports.grid.localDisks'),
      cell: (s) => s.LocalDiskCount,
      sortable: true,
    },
  ];
  const diskColumns: Column<ClusterDiskItem>[] = [
    { id: 'Name', header: t('reports.grid.disk'), cell: (d) => d.Name, sortable: true },
    { id: 'IOPS', header: t('reports.grid.iops'), cell: (d) => Math.round(d.IOPS), sortable: true },
    {
      id: 'Capacity',
      header: t('reports.grid.capacity'),
      cell: (d) => Math.round(d.Capacity),
      sortable: true,
    },
  ];
  return (
    <div className="reports-stack">
      <p id="reports-server-count" aria-live="polite">
        {t('reports.serversSelected', { count: selectedServers.size, max: REPORT_MAX_SERVERS })}
      </p>
      {refused && (
        <p role="alert" className="reports-warning">
          {t('reports.maxServers', { max: REPORT_MAX_SERVERS })}
        </p>
      )}
      <div className="reports-grid-scroll">
        <DataTable
          label={t('reports.grid.servers')}
          columns={serverColumns}
          rows={servers}
          rowKey={(s) => s.ServerId}
          variant="report-server-picker"
          selection={{
            selectedKeys: selectedServers,
            onSelectionChange: onServersChange,
            rowLabel: (s) => s.ServerName,
          }}
        />
      </div>
      {showDisks && (
        <div className="reports-grid-scroll">
          <DataTable
            label={t('reports.grid.disks')}
            columns={diskColumns}
            rows={disks}
            rowKey={(d) => d.ClusterDiskId}
            variant="report-server-picker"
            selection={{
              selectedKeys: selectedDisks,
              onSelectionChange: onDisksChange,
              rowLabel: (d) => d.Name,
            }}
          />
        </div>
      )}
    </div>
  );
}
