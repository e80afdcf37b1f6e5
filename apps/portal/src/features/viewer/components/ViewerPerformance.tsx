import type { CapacityItem, NodeFigures, ViewerNode } from '@assessment/sdk';
import { useLingui } from '@lingui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { NativeSelect } from '@assessment/ui/native-select';
import { Spinner } from '@assessment/ui/progress';
import { useCallback, useState } from 'react';
import { StaticTable } from '@/components/StaticTable';
import { formatDate } from '@/lib/i18n/i18n';
import { projectSeriesQuery } from '../api/get-project-series';
import { projectSeriesSummaryQuery } from '../api/get-project-series-summary';
import { CHARTS, formatValue } from '../metrics';
import { rangeInPeriod, zoomRange, type Period, type TimeRange } from '../range';
import { ChartCard } from './ChartCard';
import { RangeControls } from './RangeControls';
import '../viewer.css';
import { useSectionTexts } from '@/lib/i18n/i18n';

const AGGREGATE = '';

export interface ViewerPerformanceProps {
  projectId: number;
  nodes: readonly ViewerNode[];
  /** The time range asked for (the route's search params); the viewer keeps its own when absent. */
  range?: TimeRange;
  /** Called with the new range (a preset, custom days, a drag across a chart, the reset: {}). */
  onRangeChange?: (range: TimeRange) => void;
}

/**
 * The viewer's performance section: by default the total over the enabled nodes (one chart per figure with its
 * peak / 95th percentile / average table), a time-range selector (presets, custom days, drag across a chart to
 * zoom, whole period), a drill-down to one server, the top servers by IOPS and by CPU, capacity per server and
 * shared cluster disk, and the periods whose latency is flagged. The range always lies inside the collection.
 */
export function ViewerPerformance({
  projectId,
  nodes,
  range: askedRange,
  onRangeChange,
}: ViewerPerformanceProps) {
  useSectionTexts('performance');
  const { _: t, i18n } = useLingui();
  const [ownRange, setOwnRange] = useState<TimeRange>({});
  const [node, setNode] = useState<string>(AGGREGATE);
  // The whole collection's summary gives the period every range lies in.
  const extent = useQuery(projectSeriesSummaryQuery(projectId, {}));
  const first = extent.data?.First ?? null;
  const last = extent.data?.Last ?? null;
  const period: Period | null = first === null || last === null ? null : { first, last };
  const shown = period ? rangeInPeriod(askedRange ?? ownRange, period) : {};
  const range = { ...shown, ...(node === AGGREGATE ? {} : { node }) };
  const ready = extent.isSuccess;
  const summary = useQuery({
    ...projectSeriesSummaryQuery(projectId, range),
    placeholderData: keepPreviousData,
    enabled: ready,
  });
  const series = useQuery({
    ...projectSeriesQuery(projectId, range),
    placeholderData: keepPreviousData,
    enabled: ready,
  });
  const servers = nodes.filter((n) => n.Kind !== 'storage');
  const setRange = useCallback(
    (next: TimeRange) => {
      if (onRangeChange) onRangeChange(next);
      else setOwnRange(next);
    },
    [onRangeChange],
  );
  const onZoom = useCallback(
    (min: number, max: number) => {
      if (first === null || last === null) return;
      const zoomed = zoomRange(min, max, { first, last });
      if (zoomed) setRange(zoomed);
    },
    [first, last, setRange],
  );

  if (extent.isError || summary.isError || series.isError)
    return (
      <section className="viewer-perf">
        <p role="alert">{t('performance.failed')}</p>
      </section>
    );
  if (extent.isSuccess && period === null)
    return (
      <section className="viewer-perf" aria-labelledby="viewer-perf-title">
        <h2 id="viewer-perf-title">{t('performance.title')}</h2>
        <p>{t('performance.noData')}</p>
      </section>
    );
  if (!period || summary.isPending || series.isPending)
    return (
      <section className="viewer-perf" aria-busy="true">
        <Spinner label={t('performance.loading')} />
      </section>
    );
  const s = summary.data;
  const data = series.data;
  const updating = summary.isFetching || series.isFetching;
  const figuresRange = t('performance.rangeOf', {
    from: formatDate(s.From * 1000, i18n.locale),
    to: formatDate(s.To * 1000, i18n.locale),
  });
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
        <RangeControls range={shown} period={period} onChange={setRange} />
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
        {updating && <> {t('performance.updating')}</>}
      </p>
      <p className="muted viewer-zoom-hint">{t('performance.range.zoomHint')}</p>
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
            figuresRange={figuresRange}
            updating={updating}
            onZoom={onZoom}
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
