import type { Figures, NodeGaps, ProjectSeriesSummary, SeriesMetric, SeriesUnit } from '@assessment/sdk';
import { formatNumber } from '@/lib/i18n/i18n';

/** One headline figure: a peak and a 95th percentile in a unit (null: no samples, or still loading). */
export interface PeakFigure {
  peak: number | null;
  p95: number | null;
  unit: SeriesUnit;
}

/** The headline figures of the viewer, from the summary of the range. */
export interface Headline {
  iops: PeakFigure;
  throughput: PeakFigure;
  cpu: PeakFigure;
  /** The busiest server's CPU: per interval the highest single server's (a peak composite), its peak and p95. */
  cpuBusiest: PeakFigure;
  memory: PeakFigure;
  network: PeakFigure;
  /** Used and total bytes; `unknown` items (a server or disk whose used space the collector did not say) leave
   * the used figure unknown (null), never 0. */
  capacity: { used: number | null; total: number; unknown: number } | null;
  servers: number | null;
  period: { first: number; last: number } | null;
}

/** Adds figures of metrics (read + write); null when none of them has one. */
function added(summary: SummaryLike | null, metrics: readonly SeriesMetric[], unit: SeriesUnit): PeakFigure {
  const of = (key: 'Peak' | 'P95'): number | null => {
    const values = metrics
      .map((m) => summary?.Metrics.find((f) => f.Metric === m)?.[key] ?? null)
      .filter((v): v is number => v !== null);
    return values.length === 0 ? null : values.reduce((a, b) => a + b, 0);
  };
  return { peak: of('Peak'), p95: of('P95'), unit };
}

/** A summary as an older server may send it: without the aligned totals and the servers' gaps. */
export type SummaryLike = Omit<ProjectSeriesSummary, 'TotalIops' | 'TotalThroughput' | 'Gaps'> & {
  TotalIops?: Figures;
  TotalThroughput?: Figures;
  Gaps?: NodeGaps[];
};

/** The server's aligned total (read + write per interval, then its figures); else the read and write figures added. */
function total(
  summary: SummaryLike | null,
  aligned: Figures | undefined,
  metrics: readonly SeriesMetric[],
  unit: SeriesUnit,
): PeakFigure {
  return aligned ? { peak: aligned.Peak, p95: aligned.P95, unit } : added(summary, metrics, unit);
}

/**
 * The headline figures of a summary. Total IOPS and throughput are the server's aligned totals (read + write per
 * interval, then peak and 95th percentile); network adds received and sent figures (a peak never below the real
 * total's, a safe figure to size on: its description says so). Capacity adds the servers' local disks and the shared
 * cluster disks; the used space is unknown when one of them does not say it (shown as such, never as 0).
 */
export function headlineOf(summary: SummaryLike | null): Headline {
  const items = summary?.Capacity ?? [];
  const unknown = items.filter((c) => c.UsedBytes === null).length;
  const capacity =
    items.length > 0
      ? {
          used: unknown > 0 ? null : items.reduce((sum, c) => sum + (c.UsedBytes ?? 0), 0),
          total: items.reduce((sum, c) => sum + c.CapacityBytes, 0),
          unknown,
        }
      : null;
  return {
    iops: total(summary, summary?.TotalIops, ['readIops', 'writeIops'], 'iops'),
    throughput: total(
      summary,
      summary?.TotalThroughput,
      ['readThroughput', 'writeThroughput'],
      'bytesPerSecond',
    ),
    cpu: added(summary, ['cpu'], 'percent'),
    cpuBusiest: added(summary, ['cpuPeakServer'], 'percent'),
    memory: added(summary, ['memory'], 'bytes'),
    network: added(summary, ['networkRx', 'networkTx'], 'bytesPerSecond'),
    capacity,
    servers: summary ? summary.EnabledNodes : null,
    period:
      summary && summary.First !== null && summary.Last !== null
        ? { first: summary.First, last: summary.Last }
        : null,
  };
}

/**
 * A length of time in whole days, hours and minutes (the largest two that are not zero); under a minute in whole
 * seconds (a 10 s gap is not "0 minutes").
 */
export function durationParts(seconds: number): {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
} {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return { days: 0, hours: 0, minutes: 0, seconds: whole };
  const total = Math.round(whole / 60);
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const minutes = total % 60;
  if (days > 0) return { days, hours, minutes: 0, seconds: 0 };
  return { days: 0, hours, minutes, seconds: 0 };
}

const DURATION_UNITS = [
  ['days', 'day'],
  ['hours', 'hour'],
  ['minutes', 'minute'],
  ['seconds', 'second'],
] as const;

const unitLists = new Map<string, Intl.ListFormat>();

/**
 * A length of time in words in the culture ("6 days 4 hours", "6 Tage, 4 Stunden", "1小时40分钟"): each part through
 * Intl's unit format (its own plural), the parts joined by Intl's unit list, never a catalogue's plural glued on.
 */
export function formatDuration(seconds: number, culture: string): string {
  const parts = durationParts(seconds);
  const words = DURATION_UNITS.filter(([key]) => parts[key] > 0).map(([key, unit]) =>
    formatNumber(parts[key], culture, { style: 'unit', unit, unitDisplay: 'long' }),
  );
  // Nothing but zeros: "0 seconds".
  if (words.length === 0)
    return formatNumber(0, culture, { style: 'unit', unit: 'second', unitDisplay: 'long' });
  let list = unitLists.get(culture);
  if (!list) {
    list = new Intl.ListFormat(culture, { type: 'unit', style: 'narrow' });
    unitLists.set(culture, list);
  }
  return list.format(words);
}

/** The servers with gaps in their collection and the time missing over all of them (null: none, or not told). */
export function serverGaps(summary: SummaryLike | null): { servers: number; seconds: number } | null {
  const gaps = (summary?.Gaps ?? []).filter((g) => g.Count > 0);
  if (gaps.length === 0) return null;
  return { servers: gaps.length, seconds: gaps.reduce((sum, g) => sum + g.Seconds, 0) };
}
