import type { CapacityItem, NodeFigures, ViewerNode } from '@assessment/sdk';
import { useLingui } from '@lingui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button } from '@assessment/ui/button';
import { NativeSelect } from '@assessment/ui/native-select';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { StaticTable } from '@/components/StaticTable';
import { formatDate } from '@/lib/i18n/i18n';
import { projectSeriesQuery, SERIES_POINTS } from '../api/get-project-series';
import { projectSeriesSummaryQuery, TOP_SERVERS } from '../api/get-project-series-summary';
import { projectVmsQuery } from '../api/get-project-vms';
import { missingIntervals, pointsFor } from '../chart-data';
import { CHARTS, UNIT_TEXT, chartFigures, formatValue } from '../metrics';
import type { ChartReference } from './ChartCard';
import { BASIS_TEXT } from './sizing/sizing-text';
import type { SizingBasis } from '@/lib/search/sizing-search';
import { rangeInPeriod, zoomRange, type Period, type TimeRange } from '../range';
import { ChartCard } from './ChartCard';
import { serverGaps } from '../headline';
import { HeadlineFigures, useDurationText } from './HeadlineFigures';
import { RangeControls } from './RangeControls';
import { useRowsInChunks } from './rows-in-chunks';
import { ALL_STAGES, isRevealed } from './staged-reveal';
import '../viewer.css';
import { useSectionTexts } from '@/lib/i18n/i18n';

const AGGREGATE = '';

/** Stand-in rows while the summary loads: as many as will come, so the tables keep their height. */
function placeholderRows(count: number): NodeFigures[] {
  return Array.from({ length: count }, (_, i) => ({
    NodeId: `…${String(i)}`,
    Name: '—',
    Peak: NaN,
    Average: NaN,
  }));
}

function placeholderCapacity(nodes: readonly ViewerNode[]): CapacityItem[] {
  return nodes
    .filter((n) => n.Enabled)
    .map((n) => ({
      NodeId: n.NodeId,
      Name: '—',
      Kind: n.Kind === 'storage' ? ('clusterDisk' as const) : ('server' as const),
      CapacityBytes: NaN,
      UsedBytes: NaN,
      FreeBytes: NaN,
    }));
}

/** A longer capacity table shows this many rows until asked for all: its total line says what it holds. */
const LONG_TABLE_ROWS = 10;

/** The capacity rows' total; used and free are unknown (null) when one row does not say them, never 0. */
function capacityTotal(rows: readonly CapacityItem[]): {
  rows: number;
  capacity: number;
  used: number | null;
  free: number | null;
  unknown: number;
} {
  const unknown = rows.filter((r) => r.UsedBytes === null || r.FreeBytes === null).length;
  const sum = (pick: (r: CapacityItem) => number | null) => rows.reduce((s, r) => s + (pick(r) ?? 0), 0);
  return {
    rows: rows.length,
    capacity: sum((r) => r.CapacityBytes),
    used: unknown > 0 ? null : sum((r) => r.UsedBytes),
    free: unknown > 0 ? null : sum((r) => r.FreeBytes),
    unknown,
  };
}

/** A capacity row before its turn to show its figures (rows-in-chunks): its key and kind, no name or figures. */
function blankCapacity(row: CapacityItem): CapacityItem {
  return { ...row, Name: '—', CapacityBytes: NaN, UsedBytes: NaN, FreeBytes: NaN };
}

export interface ViewerPerformanceProps {
  projectId: number;
  nodes: readonly ViewerNode[];
  /** The time range asked for (the route's search params); the viewer keeps its own when absent. */
  range?: TimeRange;
  /** Called with the new range (a preset, custom days, a drag across a chart, the reset: {}). */
  onRangeChange?: (range: TimeRange) => void;
  /**
   * The vSphere cluster filter (a ClusterId; the route's `cluster` search param): the total is over that cluster's
   * hosts. One the project does not have is left out, as the VM list leaves it out.
   */
  cluster?: string;
  /**
   * The IOPS figure of the project's sizing (its basis setting, the basis value it takes over the whole collection
   * and the required IOPS): drawn and said on the total IOPS chart. Null or left out while it loads or failed.
   */
  sizingIops?: SizingIops | null;
  /**
   * How many of the viewer's stages below its first screen are shown (staged-reveal.ts: the route reveals them one
   * paint at a time): before 'charts' only the first chart, before 'tables' no top-server or capacity tables.
   * @default ALL_STAGES
   */
  revealed?: number;
}

/** The sizing's IOPS: the basis it takes (p95…), that figure of the total IOPS, and the IOPS it sizes for. */
export interface SizingIops {
  basis: SizingBasis;
  value: number | null;
  required: number | null;
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
  cluster: askedCluster,
  sizingIops = null,
  revealed = ALL_STAGES,
}: ViewerPerformanceProps) {
  useSectionTexts('performance');
  const { _: t, i18n } = useLingui();
  const duration = useDurationText();
  const [ownRange, setOwnRange] = useState<TimeRange>({});
  const [node, setNode] = useState<string>(AGGREGATE);
  // A long capacity table shows its first rows until asked for all.
  const [allCapacity, setAllCapacity] = useState(false);
  // The width of a chart's box: the series is asked for at no more buckets than it has pixels.
  const [plotWidth, setPlotWidth] = useState<number | null>(null);
  const points = plotWidth === null ? null : (pointsFor(plotWidth) ?? SERIES_POINTS);
  // While loading the controls are laid out over a stand-in week (the same size as the real ones, inert).
  const [standIn] = useState<Period>(() => {
    const now = Math.floor(Date.now() / 1000);
    return { first: now - 7 * 86_400, last: now };
  });
  // The whole collection's summary gives the period every range lies in.
  const extent = useQuery(projectSeriesSummaryQuery(projectId, {}));
  // The answers are drawn from their deferred copies (useDeferredValue): an answer reaches the section in a render
  // React must finish at once (the query's store), which drew the charts, figures and tables in one task of ~70 ms on
  // a phone's CPU; the deferred render that draws them is split into short slices, its effects in a task of their own.
  const extentData = useDeferredValue(extent.data);
  const first = extentData?.First ?? null;
  const last = extentData?.Last ?? null;
  // The same objects while their figures stay (the memoised range controls render again only when they change).
  const period = useMemo<Period | null>(
    () => (first === null || last === null ? null : { first, last }),
    [first, last],
  );
  const asked = askedRange ?? ownRange;
  const wholeAsked = asked.from === undefined && asked.to === undefined;
  const shown = useMemo(
    () => (period ? rangeInPeriod({ from: asked.from, to: asked.to }, period) : {}),
    [period, asked.from, asked.to],
  );
  // Only a project with hypervisor hosts has clusters: the cluster asked for is looked up among them (the VM list's
  // query, shared with it), so a link's unknown cluster shows the whole total instead of failing.
  const filtersCluster = askedCluster !== undefined && nodes.some((n) => n.Kind === 'host');
  const layers = useQuery({ ...projectVmsQuery(projectId, {}), enabled: filtersCluster });
  const cluster = filtersCluster
    ? layers.data?.Clusters.find((c) => c.ClusterId === askedCluster)
    : undefined;
  const range = {
    ...shown,
    ...(node === AGGREGATE ? {} : { node }),
    ...(cluster ? { cluster: cluster.ClusterId } : {}),
  };
  // The whole period needs no clamping: its figures and series load with the extent, not after it; a cluster's
  // once it is known.
  const ready = (extent.isSuccess || wholeAsked) && (!filtersCluster || !layers.isPending);
  const summary = useQuery({
    ...projectSeriesSummaryQuery(projectId, range),
    placeholderData: keepPreviousData,
    enabled: ready,
  });
  const series = useQuery({
    ...projectSeriesQuery(projectId, range, points ?? SERIES_POINTS),
    placeholderData: keepPreviousData,
    enabled: ready && points !== null,
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
  const onWidth = useCallback((width: number) => {
    setPlotWidth(width);
  }, []);
  const summaryData = useDeferredValue(summary.data);
  const seriesData = useDeferredValue(series.data);
  const data = seriesData ?? null;
  // The charts' figures tables: the summary's metrics and read and write latency apart (one array per summary).
  const summaryFigures = useMemo(() => (summaryData ? chartFigures(summaryData) : null), [summaryData]);
  // The capacity table (a row per server) takes its figures a few rows at a time (no long task laying out all of it).
  // Only the rows shown: a long table's first LONG_TABLE_ROWS until asked for all (they then come at once).
  const figuresLoaded = period !== null && summaryData !== undefined && data !== null;
  const capacityAll = figuresLoaded ? summaryData.Capacity : placeholderCapacity(nodes);
  const capacityRows = useRowsInChunks(
    allCapacity ? capacityAll : capacityAll.slice(0, LONG_TABLE_ROWS),
    figuresLoaded,
    blankCapacity,
  );
  // The total IOPS chart: the level the sizing takes from it, drawn across it and said under its title (for the
  // total of every enabled server only: the sizing is not of one server or one cluster).
  const totalScope = node === AGGREGATE && cluster === undefined;
  const sizingBasis = sizingIops ? t(BASIS_TEXT[sizingIops.basis]) : null;
  const reference = useMemo<ChartReference | null>(
    () =>
      totalScope && sizingIops && sizingIops.value !== null && sizingBasis !== null
        ? { label: t('performance.totalIops.reference', { basis: sizingBasis }), value: sizingIops.value }
        : null,
    [totalScope, sizingIops, sizingBasis, t],
  );
  const totalIopsNote = !totalScope
    ? t('performance.totalIops.notSized')
    : sizingIops && sizingBasis !== null
      ? t('performance.totalIops.sizingBasis', {
          basis: sizingBasis,
          value: formatValue(sizingIops.value, 'iops', i18n.locale),
          required: formatValue(sizingIops.required, 'iops', i18n.locale),
          unit: t(UNIT_TEXT.iops),
        })
      : t('performance.totalIops.sizingPending');
  const missing = useMemo(
    () =>
      data
        ? missingIntervals(
            data.Times,
            data.Series.map((m) => m.Max),
            data.BucketSeconds,
          )
        : null,
    [data],
  );

  if (extent.isError || summary.isError || series.isError)
    return (
      <section className="viewer-perf">
        <p role="alert">{t('performance.failed')}</p>
      </section>
    );
  if (extentData !== undefined && period === null)
    return (
      <section className="viewer-perf" aria-labelledby="viewer-perf-title">
        <h2 id="viewer-perf-title">{t('performance.title')}</h2>
        <p>{t('performance.noData')}</p>
      </section>
    );
  const loading = !period || summaryData === undefined || data === null;
  const s = loading ? null : summaryData;
  // Updating until the new answers are drawn: an answer that has arrived waits for its deferred render.
  const updating =
    summary.isFetching || series.isFetching || summaryData !== summary.data || seriesData !== series.data;
  const gapsOfServers = serverGaps(s);
  const controlsPeriod = period ?? standIn;
  const from = s?.From ?? controlsPeriod.first;
  const to = s?.To ?? controlsPeriod.last;
  const figuresRange = t('performance.rangeOf', {
    from: formatDate(from * 1000, i18n.locale),
    to: formatDate(to * 1000, i18n.locale),
  });
  const nodeName = servers.find((n) => n.NodeId === node)?.Name;
  const totalOf = s ? capacityTotal(s.Capacity) : null;
  const bytes = (value: number | null) => formatValue(value, 'bytes', i18n.locale);
  const capacityLine =
    totalOf === null
      ? t('performance.loading')
      : totalOf.used === null || totalOf.free === null
        ? t('performance.capacityTotalUnknown', {
            count: totalOf.rows,
            capacity: bytes(totalOf.capacity),
            unit: t(UNIT_TEXT.bytes),
            unknown: totalOf.unknown,
          })
        : t('performance.capacityTotal', {
            count: totalOf.rows,
            capacity: bytes(totalOf.capacity),
            used: bytes(totalOf.used),
            free: bytes(totalOf.free),
            unit: t(UNIT_TEXT.bytes),
          });
  const enabledServers = servers.filter((n) => n.Enabled).length;
  const topColumns = (unit: 'iops' | 'percent') => [
    { id: 'name', header: t('performance.server'), cell: (row: NodeFigures) => row.Name },
    {
      id: 'peak',
      header: t('performance.peakIn', { unit: t(UNIT_TEXT[unit]) }),
      cell: (row: NodeFigures) => formatValue(row.Peak, unit, i18n.locale),
    },
    {
      id: 'average',
      header: t('performance.averageIn', { unit: t(UNIT_TEXT[unit]) }),
      cell: (row: NodeFigures) => formatValue(row.Average, unit, i18n.locale),
    },
  ];
  return (
    <section className="viewer-perf" aria-labelledby="viewer-perf-title" aria-busy={loading}>
      <h2 id="viewer-perf-title">{t('performance.title')}</h2>
      <HeadlineFigures summary={s} />
      <div className="viewer-controls" inert={loading}>
        <RangeControls range={shown} period={controlsPeriod} onChange={setRange} loadCustom={!loading} />
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
      <p aria-live="polite" className="muted viewer-scope" data-testid="viewer-scope">
        {/* First, floated to the line's end: what the dates after it say cannot move it. */}
        <span className="viewer-updating">
          {loading ? t('performance.loading') : updating ? t('performance.updating') : null}
        </span>
        {node !== AGGREGATE
          ? t('performance.scopeServer', { name: nodeName ?? node })
          : cluster
            ? t('performance.scopeCluster', { count: s?.EnabledNodes ?? cluster.Hosts, name: cluster.Name })
            : t('performance.scopeTotal', { count: s?.EnabledNodes ?? enabledServers })}{' '}
        {t('performance.rangeText', {
          from: formatDate((data?.From ?? from) * 1000, i18n.locale),
          to: formatDate((data?.To ?? to) * 1000, i18n.locale),
        })}
      </p>
      <p className="muted viewer-zoom-hint">{t('performance.range.zoomHint')}</p>
      <div className="viewer-notices">
        {/* A collection of one sample time: each chart shows one point, not a line; when it was is said here. */}
        {period !== null && period.first === period.last && (
          <p className="viewer-notice" data-testid="viewer-one-sample">
            {t('performance.oneSample', { time: formatDate(period.first * 1000, i18n.locale) })}
          </p>
        )}
        <p
          className={`viewer-notice${missing || gapsOfServers ? ' viewer-flag' : ''}`}
          data-testid="viewer-gaps"
          data-missing={missing !== null || gapsOfServers !== null}
        >
          {loading ? (
            t('performance.gapsLoading')
          ) : missing || gapsOfServers ? (
            <>
              {missing &&
                t('performance.gaps', {
                  count: missing.gaps,
                  duration: duration(missing.seconds),
                  share: new Intl.NumberFormat(i18n.locale, {
                    style: 'percent',
                    maximumFractionDigits: 1,
                  }).format(missing.share),
                })}
              {missing && gapsOfServers && ' '}
              {gapsOfServers &&
                t('performance.serverGaps', {
                  count: gapsOfServers.servers,
                  duration: duration(gapsOfServers.seconds),
                })}
            </>
          ) : (
            t('performance.noGaps')
          )}
        </p>
        <p
          className={`viewer-notice${s && s.LowIopsPeriods.length > 0 ? ' viewer-flag' : ''}`}
          data-testid="viewer-low-iops"
        >
          {s === null
            ? t('performance.gapsLoading')
            : s.LowIopsPeriods.length > 0
              ? t('performance.lowIops', { count: s.LowIopsPeriods.length, min: s.LatencyMinIops })
              : t('performance.lowIopsNone', { min: s.LatencyMinIops })}
        </p>
      </div>
      <div className="viewer-charts">
        {/* The first chart with the first screen (its width sets the series' points), the others a paint later. */}
        {CHARTS.slice(0, isRevealed('charts', revealed) ? CHARTS.length : 1).map((chart, index) => (
          <ChartCard
            key={chart.id}
            chart={chart.id}
            metrics={chart.metrics}
            series={loading ? null : data}
            figures={s ? summaryFigures : null}
            figuresRange={figuresRange}
            updating={updating}
            onZoom={onZoom}
            {...(index === 0 ? { onWidth } : {})}
            {...(chart.id === 'totalIops' ? { reference, note: totalIopsNote } : {})}
          />
        ))}
      </div>
      {isRevealed('tables', revealed) && (
        <>
          <div className="viewer-tables">
            <div>
              <h3 id="viewer-top-iops">{t('performance.topIops')}</h3>
              <StaticTable
                label={t('performance.topIops')}
                rows={s?.TopByIops ?? placeholderRows(Math.min(TOP_SERVERS, enabledServers))}
                rowKey={(r) => r.NodeId}
                columns={topColumns('iops')}
              />
            </div>
            <div>
              <h3 id="viewer-top-cpu">{t('performance.topCpu')}</h3>
              <StaticTable
                label={t('performance.topCpu')}
                rows={s?.TopByCpu ?? placeholderRows(Math.min(TOP_SERVERS, enabledServers))}
                rowKey={(r) => r.NodeId}
                columns={topColumns('percent')}
              />
            </div>
          </div>
          <div className="viewer-capacity">
            <h3 id="viewer-capacity">{t('performance.capacity')}</h3>
            <p data-testid="viewer-capacity-total">{capacityLine}</p>
            <StaticTable
              label={t('performance.capacity')}
              rows={capacityRows}
              rowKey={(r: CapacityItem) => `${r.Kind}-${r.NodeId ?? r.Name}`}
              columns={[
                {
                  // The kind under the name (one column less: the table fits a 360 px screen).
                  id: 'name',
                  header: t('columns.name'),
                  cell: (r: CapacityItem) => (
                    <>
                      {r.Name}
                      <span className="viewer-kind">
                        {r.Kind === 'server' ? t('projects.nodeKind.server') : t('performance.clusterDisk')}
                      </span>
                    </>
                  ),
                },
                {
                  id: 'capacity',
                  header: t('performance.capacityGb'),
                  cell: (r: CapacityItem) => formatValue(r.CapacityBytes, 'bytes', i18n.locale),
                },
                {
                  id: 'used',
                  header: t('performance.usedGb'),
                  // Unknown used space is said in words, never shown as 0 used.
                  cell: (r: CapacityItem) =>
                    r.UsedBytes === null
                      ? t('performance.usedUnknown')
                      : formatValue(r.UsedBytes, 'bytes', i18n.locale),
                },
                {
                  id: 'free',
                  header: t('performance.freeGb'),
                  cell: (r: CapacityItem) =>
                    r.FreeBytes === null
                      ? t('performance.usedUnknown')
                      : formatValue(r.FreeBytes, 'bytes', i18n.locale),
                },
              ]}
            />
            {/* A long table shows its first rows (its total line above says what it holds); the rest on demand. */}
            {capacityAll.length > LONG_TABLE_ROWS && (
              <Button
                variant="link"
                aria-expanded={allCapacity}
                onPress={() => {
                  setAllCapacity(!allCapacity);
                }}
              >
                {allCapacity
                  ? t('performance.showFewer', { count: LONG_TABLE_ROWS })
                  : t('performance.capacityShow', { count: capacityAll.length })}
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
