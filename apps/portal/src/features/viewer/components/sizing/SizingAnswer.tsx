import type { SizingFigure } from '@assessment/sdk';
import { useLingui } from '@lingui/react';
import { formatNumber, useSectionTexts } from '@/lib/i18n/i18n';
import { goTo } from '../ViewerSections';
import type { useSizing } from './sizing-queries';
import { BASIS_TEXT, RESOURCE_TEXT, UNIT_TEXT, formatAmount } from './sizing-text';

/** The figures of the answer, in the order a buyer reads a machine: cores, memory, capacity, then the I/O. */
const ORDER: readonly SizingFigure['Resource'][] = ['cores', 'memory', 'capacity', 'iops', 'throughput'];

/**
 * The sizing answer on the viewer's first screen: what the sizing panel sizes for (its required cores, memory,
 * capacity, IOPS and throughput, each with its unit), the settings it is for, and a link to the panel. The figures are
 * the panel's own answer (useSizing: the same calls, shared through the query cache); while they load or when they
 * fail, only this block says so — the rest of the page does not wait for it.
 */
export function SizingAnswer({ sizing: state }: { sizing: ReturnType<typeof useSizing> }) {
  useSectionTexts('performance');
  const { _: t, i18n } = useLingui();
  const locale = i18n.locale;
  const sizing = state.sizing.data;
  const percent = (value: number) =>
    formatNumber(value / 100, locale, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <section
      className="viewer-answer"
      aria-labelledby="viewer-answer-title"
      aria-busy={!sizing && !state.isError}
    >
      <h2 id="viewer-answer-title">{t('performance.answer.title')}</h2>
      {state.isError ? (
        <p role="alert">{t('performance.sizing.failed')}</p>
      ) : (
        <dl className="viewer-answer__list" data-testid="viewer-answer">
          {ORDER.map((resource) => {
            const f = sizing?.Totals.find((x) => x.Resource === resource);
            return (
              <div key={resource} className="viewer-answer__item" data-resource={resource}>
                <dt>{t(RESOURCE_TEXT[resource])}</dt>
                <dd>
                  {!sizing ? (
                    '—'
                  ) : f?.Required === null || f?.Required === undefined ? (
                    t('performance.sizing.noData')
                  ) : (
                    <>
                      <strong>{formatAmount(f.Required, resource, locale)}</strong> {t(UNIT_TEXT[f.Unit])}
                    </>
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      <p className="muted viewer-answer__basis">
        {sizing
          ? t('performance.answer.basis', {
              basis: t(BASIS_TEXT[sizing.Settings.Basis]),
              headroom: percent(sizing.Settings.HeadroomPercent),
              growth: percent(sizing.Settings.GrowthPercent),
              horizon: formatNumber(sizing.Settings.HorizonYears, locale, {
                style: 'unit',
                unit: 'year',
                unitDisplay: 'long',
              }),
            })
          : state.isError
            ? null
            : t('performance.sizing.loading')}
      </p>
      {/* On a line of its own: the sentence above may take another line once the answer comes, the link stays put. */}
      <p className="viewer-answer__more">
        <a
          href="#viewer-sizing"
          onClick={(event) => {
            goTo(event, 'viewer-sizing');
          }}
        >
          {t('performance.answer.more')}
        </a>
      </p>
    </section>
  );
}
