import { useLingui } from '@lingui/react';
import type { ProjectSeries } from '@assessment/sdk';
import {
  lazy,
  memo,
  Suspense,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { StaticTable } from '@/components/StaticTable';
import { derivedFigures, derivedValues, ioBuckets, isDerived } from '../derived';
import {
  CHART_TEXT,
  CHART_UNIT,
  FLAG_COLOR,
  LINE_COLORS,
  METRIC_TEXT,
  TOTAL_IOPS,
  UNIT_TEXT,
  chartTitle,
  formatValue,
  isSplitLatency,
  splitLatency,
  splitLatencyLine,
  totalIopsLine,
  unitScale,
  type ChartFigures,
  type ChartId,
  type ChartMetric,
} from '../metrics';
import type { ChartLine } from './Chart';

/** A level drawn across a chart as a dashed line (the sizing's basis on the total IOPS), with its legend label. */
export interface ChartReference {
  label: string;
  value: number;
}

const Chart = lazy(() => import('./Chart'));

/** How far outside the screen a chart starts drawing (a screen ahead: it is there when scrolled to). */
const NEAR_SCREEN = '100% 0px';

/** True once the element is on or near the screen (always true without IntersectionObserver). */
function useNearScreen(ref: React.RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: NEAR_SCREEN },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [ref, near]);
  return near;
}

/**
 * One figure's chart (the peak of every bucket, total over the enabled nodes or one server) with its figures table
 * beside it: peak, 95th percentile and average per metric over the range — the table is what a screen reader reads,
 * and its name says the range its figures are of (the summary's own From/To, so the two never disagree). Its box
 * and its table are laid out before the data arrives (no layout shift), and the chart draws only once the card is
 * on or near the screen. A derived figure (average I/O size, read ratio) is drawn from the buckets' averages and its
 * table computed in the portal (derived.ts), as the API has no figures of its own for it.
 */
function ChartCardView({
  chart,
  metrics,
  series,
  figures,
  figuresRange,
  updating = false,
  onZoom,
  onWidth,
  reference = null,
  note = null,
}: {
  chart: ChartId;
  metrics: readonly ChartMetric[];
  /** Null while loading: the card keeps its place and size. */
  series: ProjectSeries | null;
  figures: readonly ChartFigures[] | null;
  /** The range the figures are of, as words: part of the table's name, so a screen reader hears which range. */
  figuresRange: string;
  /** While a new range loads (the table and chart still show the previous one). */
  updating?: boolean;
  /** A drag across the chart from one time to another (Unix seconds). */
  onZoom?: (min: number, max: number) => void;
  /** The width of the plot's box (CSS pixels), when it is known and whenever it changes. */
  onWidth?: (width: number) => void;
  /** A level drawn across the chart (dashed, in the legend): the figure a decision takes from it. */
  reference?: ChartReference | null;
  /** A line under the title: what the chart is for (the figure the sizing takes from it). */
  note?: ReactNode;
}) {
  const { _: t, i18n } = useLingui();
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const near = useNearScreen(box);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || !onWidth) return;
    // Without a ResizeObserver the box is measured at once. With one, its first report (after the browser's own
    // layout of the new page) gives the width: measuring here would force that layout inside React's commit, one long
    // task on a phone instead of two shorter ones.
    if (typeof ResizeObserver === 'undefined') {
      onWidth(element.getBoundingClientRect().width);
      return;
    }
    const observer = new ResizeObserver((entries) => {
      const width = entries[0]?.contentRect.width;
      if (width !== undefined) onWidth(width);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [onWidth]);
  const unit = CHART_UNIT[chart];
  const unitText = t(UNIT_TEXT[unit]);
  const io = useMemo(() => (metrics.some(isDerived) ? ioBuckets(series) : null), [metrics, series]);
  const own = useMemo<ChartLine[]>(() => {
    const out: ChartLine[] = [];
    // The flagged (low-IOPS) latency line comes last, after read and write latency (the legend's colors follow).
    const flags: ChartLine[] = [];
    metrics.forEach((metric, index) => {
      const label = t(METRIC_TEXT[metric]);
      if (isDerived(metric)) {
        out.push({
          label,
          values: io ? derivedValues(metric, io) : [],
          color: LINE_COLORS[index] ?? LINE_COLORS[0],
        });
        return;
      }
      if (isSplitLatency(metric)) {
        out.push({
          label,
          values: splitLatencyLine(metric, series),
          color: LINE_COLORS[index] ?? LINE_COLORS[0],
        });
        return;
      }
      if (metric === TOTAL_IOPS) {
        out.push({ label, values: totalIopsLine(series), color: LINE_COLORS[index] ?? LINE_COLORS[0] });
        return;
      }
      const s = series?.Series.find((x) => x.Metric === metric);
      if (metric === 'latency') {
        const { real, flagged } = splitLatency(s?.Max ?? [], series?.LowIops ?? []);
        out.push({ label, values: real, color: LINE_COLORS[0] });
        flags.push({ label: t('performance.lowIopsLine'), values: flagged, color: FLAG_COLOR, dashed: true });
      } else {
        out.push({ label, values: s?.Max ?? [], color: LINE_COLORS[index] ?? LINE_COLORS[0] });
      }
    });
    return [...out, ...flags];
  }, [metrics, series, io, t]);
  // The reference level: the same value at every time, dashed, after the chart's own lines.
  const lines = useMemo<ChartLine[]>(
    () =>
      reference && series
        ? [
            ...own,
            {
              label: reference.label,
              values: series.Times.map(() => reference.value),
              color: LINE_COLORS[2],
              dashed: true,
            },
          ]
        : own,
    [own, reference, series],
  );
  const format = useCallback((value: number) => formatValue(value, unit, i18n.locale), [unit, i18n.locale]);
  // Nothing to draw (a server without disks has no IOPS or latency at all): said in words, no empty axes.
  const nothing = series !== null && own.every((line) => line.values.every((v) => v === null));
  const rows = metrics.map((metric) => {
    const empty = { Metric: metric, Peak: null, P95: null, Average: null };
    if (isDerived(metric)) return series !== null && io ? { ...empty, ...derivedFigures(metric, io) } : empty;
    return figures?.find((f) => f.Metric === metric) ?? empty;
  });
  // Loaded, a figure the answer has no value for reads "no data" (never 0, nor the dash of a figure still loading).
  const loaded = figures !== null && series !== null;
  const noData = t('performance.noDataValue');
  const cell = (value: number | null) =>
    value === null && loaded ? noData : formatValue(value, unit, i18n.locale);
  const title = chartTitle(t(CHART_TEXT[chart]), unitText);
  return (
    <figure className="viewer-chart" aria-labelledby={titleId} aria-busy={updating} data-chart={chart}>
      <div className="viewer-chart__head">
        <h3 id={titleId}>{title}</h3>
        <ul className="viewer-legend" aria-hidden="true">
          {lines.map((line) => (
            <li key={line.label}>
              <span
                className={`viewer-legend__swatch viewer-legend__swatch--${line.color === FLAG_COLOR ? 'flag' : String(LINE_COLORS.indexOf(line.color as (typeof LINE_COLORS)[number]) + 1)}${line.dashed ? ' viewer-legend__swatch--dashed' : ''}`}
              />
              {line.label}
            </li>
          ))}
        </ul>
        {note && <p className="viewer-chart__note">{note}</p>}
      </div>
      <div ref={box} className="viewer-chart__box" data-drawn={near && series !== null && !nothing}>
        {nothing ? (
          <p className="viewer-chart__empty">{noData}</p>
        ) : (
          near &&
          series !== null && (
            <Suspense fallback={null}>
              <Chart
                times={series.Times}
                lines={lines}
                bucketSeconds={series.BucketSeconds}
                format={format}
                culture={i18n.locale}
                unitText={unitText}
                noDataText={noData}
                valueUnit={unitScale(unit)}
                onSelectRange={onZoom}
              />
            </Suspense>
          )
        )}
      </div>
      <div className="viewer-figures">
        <StaticTable
          label={t('performance.figuresOf', { chart: title, range: figuresRange })}
          rows={rows}
          rowKey={(row) => row.Metric}
          columns={[
            {
              id: 'metric',
              header: t('performance.metricColumn'),
              cell: (row) => t(METRIC_TEXT[row.Metric]),
            },
            {
              id: 'peak',
              header: t('performance.peak'),
              cell: (row) => cell(row.Peak),
            },
            {
              id: 'p95',
              header: t('performance.p95'),
              cell: (row) => cell(row.P95),
            },
            {
              id: 'average',
              header: t('performance.average'),
              cell: (row) => cell(row.Average),
            },
          ]}
        />
      </div>
    </figure>
  );
}

/**
 * Drawn again only when its own props change (memo): a render of the viewer for the headline, the controls or the
 * scope line (a range being chosen, "Updating...") leaves the eight cards and their tables alone.
 */
export const ChartCard = memo(ChartCardView);
