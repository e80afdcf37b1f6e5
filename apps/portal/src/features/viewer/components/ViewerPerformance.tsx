import type { CapacityItem, NodeFigures, ViewerNode } from '@assessment/sdk';
import { useLingui } from '@lingui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { NativeSelect } from '@assessment/ui/native-select';
import { Spinner } from '@assessment/ui/progress';
import { useState } from 'react';
import { StaticTable } from '@/components/StaticTable';
import { formatDate } from '@/lib/i18n/i18n';
import { projectSeriesQuery } from '../api/get-project-series';
import { projectSeriesSummaryQuery } from '../api/get-project-series-summary';
import { CHARTS, RANGE_PRESETS, formatValue, presetRange, type RangePreset } from '../metrics';
import { ChartCard } from './ChartCard';
import '../viewer.css';
import { useSectionTexts } from '@/lib/i18n/i18n';

const PRESET_TEXT = {
  all: 'performance.range.all',
  week: 'performance.range.week',
  day: 'performance.range.day',
  hours6: 'performance.range.hours6',
} as const;

const AGGREGATE = '';

/**
 * The viewer's performance section: by default the total over the enabled nodes (one chart per figure with its
 * peak / 95th percentile / average table), a time-range selector, a drill-down to one server, the top servers by
 * IOPS and by CPU, capacity per server and shared cluster disk, and the periods whose latency is flagged.
 */
export function ViewerPerformance({ projectId, nodes }: { projectId: number; nodes: readonly ViewerNode[] }) {
  useSectionTexts('performance');
  const { _: t, i18n } = useLingui();
  const [preset, setPreset] = useState<RangePreset>('all');
  const [node, setNode] = useState<string>(AGGREGATE);
  // The whole collection's summary gives the extent the presets count back from.
  const extent = useQuery(projectSeriesSummaryQuery(projectId, {}));
  const range = {
    ...presetRange(preset, extent.data?.Last),
    ...(node === AGGREGATE ? {} : { node }),
  };
  const summary = useQuery({
    ...projectSeriesSummaryQuery(projectId, range),
    placeholderData: keepPreviousData,
  });
  const series = useQuery({ ...projectSeriesQuery(projectId, range), placeholderData: keepPreviousData });
  const servers = nodes.filter((n) => n.Kind !== 'storage');

  if (extent.isPending || summary.isPending || series.isPending)
    return (
      <section className="viewer-perf" aria-busy="true">
        <Spinner label={t('performance.loading')} />
      </section>
    );
  if (extent.isError || summary.isError || series.isError)
    return (
      <section className="viewer-perf">
        <p role="alert">{t('performance.failed')}</p>
      </section>
    );
  const s = summary.data;
  const data = series.data;
  if (s.First === null)
    return (
      <section className="viewer-perf" aria-labelledby="viewer-perf-title">
        <h2 id="viewer-perf-title">{t('performance.title')}</h2>
        <p>{t('performance.noData')}</p>
      </section>
    );
  const nodeName = servers.find((n) => n.NodeId === node)?.Name;
  const topColumns = (unit: 'iops' | 'percent') => [
    { id: 'name', header: t('performance.server'), cell: (row: NodeFigures) => row.Name },
    {
      id: 'peak',
      header: t('performance.peak'),
      cell: (row: NodeFigures) => formatValue(row.Peak, unit, i18n.locale),
    },
    {
      id: 'average',
      header: t('performance.average'),
      cell: (row: NodeFigures) => formatValue(row.Average, unit, i18n.locale),
    },
  ];
  return (
    <section className="viewer-perf" aria-labelledby="viewer-perf-title">
      <h2 id="viewer-perf-title">{t('performance.title')}</h2>
      <div className="viewer-controls">
        <NativeSelect
          label={t('performance.range.label')}
          value={preset}
          onChange={(value) => {
            if (value in RANGE_PRESETS) setPreset(value as RangePreset);
          }}
          options={(Object.keys(RANGE_PRESETS) as RangePreset[]).map((id) => ({
            id,
            label: t(PRESET_TEXT[id]),
          }))}
        />
        <NativeSelect
          label={t('performance.scope')}
          value={node}
          onChange={setNode}
          options={[
            { id: AGGREGATE, label: t('performance.allServers') },
            ...servers.map((n) => ({ id: n.NodeId, label: n.Name })),
          ]}
        />
      </div>
      <p aria-live="polite" className="muted" data-testid="viewer-scope">
        {node === AGGREGATE
          ? t('performance.scopeTotal', { count: s.EnabledNodes })
          : t('performance.scopeServer', { name: nodeName ?? node })}{' '}
        {t('performance.rangeText', {
          from: formatDate(data.From * 1000, i18n.locale),
          to: formatDate(data.To * 1000, i18n.locale),
        })}
        {(summary.isFetching || series.isFetching) && <> {t('performance.updating')}</>}
      </p>
      {s.LowIopsPeriods.length > 0 && (
        <p className="viewer-flag" data-testid="viewer-low-iops">
          {t('performance.lowIops', { count: s.LowIopsPeriods.length, min: s.LatencyMinIops })}
        </p>
      )}
      <div className="viewer-charts">
        {CHARTS.map((chart) => (
          <ChartCard
            key={chart.id}
            chart={chart.id}
            metrics={chart.metrics}
            series={data}
            figures={s.Metrics}
          />
        ))}
      </div>
      <div className="viewer-tables">
        <div>
          <h3 id="viewer-top-iops">{t('performance.topIops')}</h3>
          <StaticTable
            label={t('performance.topIops')}
            rows={s.TopByIops}
            rowKey={(r) => r.NodeId}
            columns={topColumns('iops')}
          />
        </div>
        <div>
          <h3 id="viewer-top-cpu">{t('performance.topCpu')}</h3>
          <StaticTable
            label={t('performance.topCpu')}
            rows={s.TopByCpu}
            rowKey={(r) => r.NodeId}
            columns={topColumns('percent')}
          />
        </div>
      </div>
      <div>
        <h3 id="viewer-capacity">{t('performance.capacity')}</h3>
        <StaticTable
          label={t('performance.capacity')}
          rows={s.Capacity}
          rowKey={(r: CapacityItem) => `${r.Kind}-${r.NodeId ?? r.Name}`}
          columns={[
            { id: 'name', header: t('columns.name'), cell: (r: CapacityItem) => r.Name },
            {
              id: 'kind',
              header: t('viewer.kind'),
              cell: (r: CapacityItem) =>
                r.Kind === 'server' ? t('projects.nodeKind.server') : t('performance.clusterDisk'),
            },
            {
              id: 'capacity',
              header: t('performance.capacityGb'),
              cell: (r: CapacityItem) => formatValue(r.CapacityBytes, 'bytes', i18n.locale),
            },
            {
              id: 'used',
              header: t('performance.usedGb'),
              cell: (r: CapacityItem) => formatValue(r.UsedBytes, 'bytes', i18n.locale),
            },
            {
              id: 'free',
              header: t('performance.freeGb'),
              cell: (r: CapacityItem) => formatValue(r.FreeBytes, 'bytes', i18n.locale),
            },
          ]}
        />
      </div>
    </section>
  );
}
