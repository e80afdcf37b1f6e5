import type { MetricFigures, ProjectSeries, SeriesMetric } from '@assessment/sdk';
import { useLingui } from '@lingui/react';
import { lazy, Suspense, useCallback, useId, useMemo } from 'react';
import { StaticTable } from '@/components/StaticTable';
import {
  CHART_TEXT,
  FLAG_COLOR,
  LINE_COLORS,
  METRIC_TEXT,
  UNIT_TEXT,
  formatValue,
  splitLatency,
  type ChartId,
} from '../metrics';
import type { ChartLine } from './Chart';

const Chart = lazy(() => import('./Chart'));

/**
 * One figure's chart (the peak of every bucket, total over the enabled nodes or one server) with its figures table
 * beside it: peak, 95th percentile and average per metric over the range — the table is what a screen reader reads,
 * and its name says the range its figures are of (the summary's own From/To, so the two never disagree).
 */
export function ChartCard({
  chart,
  metrics,
  series,
  figures,
  figuresRange,
  updating = false,
  onZoom,
}: {
  chart: ChartId;
  metrics: readonly SeriesMetric[];
  series: ProjectSeries;
  figures: readonly MetricFigures[];
  /** The range the figures are of, as words: part of the table's name, so a screen reader hears which range. */
  figuresRange: string;
  /** While a new range loads (the table and chart still show the previous one). */
  updating?: boolean;
  /** A drag across the chart from one time to another (Unix seconds). */
  onZoom?: (min: number, max: number) => void;
}) {
  const { _: t, i18n } = useLingui();
  const titleId = useId();
  const unit = series.Series.find((s) => s.Metric === metrics[0])?.Unit ?? 'iops';
  const unitText = t(UNIT_TEXT[unit]);
  const lines = useMemo<ChartLine[]>(() => {
    const out: ChartLine[] = [];
    metrics.forEach((metric, index) => {
      const s = series.Series.find((x) => x.Metric === metric);
      if (!s) return;
      const label = t(METRIC_TEXT[metric]);
      if (metric === 'latency') {
        const { real, flagged } = splitLatency(s.Max, series.LowIops);
        out.push({ label, values: real, color: LINE_COLORS[0] });
        out.push({ label: t('performance.lowIopsLine'), values: flagged, color: FLAG_COLOR, dashed: true });
      } else {
        out.push({ label, values: s.Max, color: LINE_COLORS[index] ?? LINE_COLORS[0] });
      }
    });
    return out;
  }, [metrics, series, t]);
  const format = useCallback((value: number) => formatValue(value, unit, i18n.locale), [unit, i18n.locale]);
  const rows = metrics.map(
    (metric) =>
      figures.find((f) => f.Metric === metric) ?? {
        Metric: metric,
        Unit: unit,
        Peak: null,
        P95: null,
        Average: null,
      },
  );
  const title = `${t(CHART_TEXT[chart])} (${unitText})`;
  return (
    <figure className="viewer-chart" aria-labelledby={titleId} aria-busy={updating} data-chart={chart}>
      <div className="viewer-chart__head">
        <h3 id={titleId}>{title}</h3>
        <ul className="viewer-legend" aria-hidden="true">
          {lines.map((line, index) => (
            <li key={line.label}>
              <span
                className={`viewer-legend__swatch viewer-legend__swatch--${line.color === FLAG_COLOR ? 'flag' : String(index + 1)}`}
              />
              {line.label}
            </li>
          ))}
        </ul>
      </div>
      <Suspense fallback={<div className="viewer-chart__placeholder" />}>
        <Chart times={series.Times} lines={lines} format={format} onSelectRange={onZoom} />
      </Suspense>
      <StaticTable
        label={t('performance.figuresOf', { chart: title, range: figuresRange })}
        rows={rows}
        rowKey={(row) => row.Metric}
        columns={[
          { id: 'metric', header: t('performance.metricColumn'), cell: (row) => t(METRIC_TEXT[row.Metric]) },
          {
            id: 'peak',
            header: t('performance.peak'),
            cell: (row) => formatValue(row.Peak, unit, i18n.locale),
          },
          { id: 'p95', header: t('performance.p95'), cell: (row) => formatValue(row.P95, unit, i18n.locale) },
          {
            id: 'average',
            header: t('performance.average'),
            cell: (row) => formatValue(row.Average, unit, i18n.locale),
          },
        ]}
      />
    </figure>
  );
}
