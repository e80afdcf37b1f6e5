import type { ProjectSeriesSummary } from '@assessment/sdk';
import { useLingui } from '@lingui/react';
import { memo, type ReactNode } from 'react';
import type { TextId } from '@/lib/i18n/i18n';
import { formatDuration, headlineOf, type PeakFigure } from '../headline';
import { UNIT_TEXT, formatValue } from '../metrics';

type HeadlineId = 'iops' | 'throughput' | 'cpu' | 'memory' | 'network' | 'capacity' | 'servers' | 'period';

const HEADLINE_TEXT = {
  iops: ['performance.headline.iops', 'performance.headline.iopsHelp'],
  throughput: ['performance.headline.throughput', 'performance.headline.throughputHelp'],
  cpu: ['performance.headline.cpu', 'performance.headline.cpuHelp'],
  memory: ['performance.headline.memory', 'performance.headline.memoryHelp'],
  network: ['performance.headline.network', 'performance.headline.networkHelp'],
  capacity: ['performance.headline.capacity', 'performance.headline.capacityHelp'],
  servers: ['performance.headline.servers', 'performance.headline.serversHelp'],
  period: ['performance.headline.period', 'performance.headline.periodHelp'],
} as const satisfies Record<HeadlineId, readonly [TextId, TextId]>;

/** A length of time in words in the portal's culture ("6 days 4 hours", "3 hours 20 minutes", "10 seconds"). */
export function useDurationText(): (seconds: number) => string {
  const { i18n } = useLingui();
  return (seconds) => formatDuration(seconds, i18n.locale);
}

/**
 * The figures a sizing decision starts from, above the charts: peak and 95th percentile of total IOPS, throughput,
 * CPU, memory and network over the range, capacity used of total, the servers counted and the collection period.
 * Each names its unit and has a short "what is this?" (a disclosure). Laid out at once with dashes while the
 * summary loads, so nothing moves when it arrives.
 */
export const HeadlineFigures = memo(function HeadlineFigures({
  summary,
}: {
  summary: ProjectSeriesSummary | null;
}) {
  const { _: t, i18n } = useLingui();
  const duration = useDurationText();
  const h = headlineOf(summary);
  const day = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'short' });
  const peak = (f: PeakFigure): { value: ReactNode; detail: ReactNode } =>
    // Loaded without a value (the IOPS of a server without disks): no data, never a peak of "—" or 0.
    summary !== null && f.peak === null
      ? { value: t('performance.noDataValue'), detail: null }
      : {
          value: t('performance.headline.peak', {
            value: formatValue(f.peak, f.unit, i18n.locale),
            unit: t(UNIT_TEXT[f.unit]),
          }),
          detail: t('performance.headline.p95', {
            value: formatValue(f.p95, f.unit, i18n.locale),
            unit: t(UNIT_TEXT[f.unit]),
          }),
        };
  const items: Record<
    HeadlineId,
    { value: ReactNode; detail: ReactNode; more?: ReactNode; help?: ReactNode }
  > = {
    iops: peak(h.iops),
    throughput: peak(h.throughput),
    cpu: {
      ...peak(h.cpu),
      // Beside the total: the busiest server's peak (per interval the highest single server's CPU).
      more: t('performance.headline.busiestServer', {
        value: formatValue(h.cpuBusiest.peak, h.cpuBusiest.unit, i18n.locale),
        unit: t(UNIT_TEXT[h.cpuBusiest.unit]),
      }),
      help: t('performance.headline.cpuBusiestHelp'),
    },
    memory: peak(h.memory),
    network: peak(h.network),
    capacity:
      h.capacity && h.capacity.used === null
        ? {
            // Some server or disk did not say its used space: the total only, and how many are unknown.
            value: t('performance.headline.capacityTotalOnly', {
              total: formatValue(h.capacity.total, 'bytes', i18n.locale),
              unit: t(UNIT_TEXT.bytes),
            }),
            detail: t('performance.headline.capacityUsedUnknown', { count: h.capacity.unknown }),
          }
        : {
            value: t('performance.headline.capacityValue', {
              used: formatValue(h.capacity?.used ?? null, 'bytes', i18n.locale),
              total: formatValue(h.capacity?.total ?? null, 'bytes', i18n.locale),
              unit: t(UNIT_TEXT.bytes),
            }),
            detail: t('performance.headline.capacityShare', {
              share:
                h.capacity?.used != null && h.capacity.total > 0
                  ? new Intl.NumberFormat(i18n.locale, { style: 'percent', maximumFractionDigits: 0 }).format(
                      h.capacity.used / h.capacity.total,
                    )
                  : '—',
            }),
          },
    servers: {
      value: h.servers === null ? '—' : t('performance.headline.serversValue', { count: h.servers }),
      detail: t('performance.headline.serversDetail'),
    },
    period: {
      // Days only: the value keeps to the two lines kept for it.
      value: h.period
        ? t('performance.rangeOf', {
            from: day.format(h.period.first * 1000),
            to: day.format(h.period.last * 1000),
          })
        : '—',
      detail: h.period ? duration(h.period.last - h.period.first) : '—',
    },
  };
  return (
    <section className="viewer-headline" aria-labelledby="viewer-headline-title" aria-busy={summary === null}>
      <h3 id="viewer-headline-title" className="visually-hidden">
        {t('performance.headline.title')}
      </h3>
      <dl className="viewer-headline__list" data-testid="viewer-headline">
        {(Object.keys(HEADLINE_TEXT) as HeadlineId[]).map((id) => {
          const [name, help] = HEADLINE_TEXT[id];
          return (
            <div key={id} className="viewer-headline__item" data-headline={id}>
              <dt>{t(name)}</dt>
              <dd className="viewer-headline__value">{items[id].value}</dd>
              <dd className="viewer-headline__detail">{items[id].detail}</dd>
              {items[id].more !== undefined && (
                <dd className="viewer-headline__detail" data-testid={`viewer-headline-${id}-more`}>
                  {items[id].more}
                </dd>
              )}
              <dd className="viewer-headline__help">
                <details>
                  <summary>
                    {t('performance.headline.whatIs')}
                    <span className="visually-hidden"> {t(name)}</span>
                  </summary>
                  <p>{t(help)}</p>
                  {items[id].help !== undefined && <p>{items[id].help}</p>}
                </details>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
});
