import type { SeriesGrid } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useSectionTexts } from '@/lib/i18n/i18n';
import { projectSeriesSummaryQuery } from '../api/get-project-series-summary';
import { useSetNodeEnabled } from '../api/set-project-node-enabled';
import { formatDuration } from '../headline';
import { formatValue } from '../metrics';

/** The share the coarse grid takes off the peak (0.7 for 3,000 against 10,000), or null when it takes nothing. */
export function peakLoss(grid: SeriesGrid): number | null {
  const { PeakIops: peak, FinerPeakIops: finer } = grid;
  if (peak === null || finer === null || !(finer > 0) || peak >= finer) return null;
  return (finer - peak) / finer;
}

/**
 * Says when the totals are on a coarser grid because some servers sample more slowly than the others (the summary's
 * Grid over the whole collection, the query the viewer already holds): which servers, their interval against the
 * others', and what it costs the total IOPS peak. An editor can leave such a server out (the node toggle), which puts
 * the totals back on the others' grid. Nothing when every enabled server shares one interval.
 */
export function GridNotice({ projectId, canEdit }: { projectId: number; canEdit: boolean }) {
  useSectionTexts('performance');
  const { _: t, i18n } = useLingui();
  const summary = useQuery(projectSeriesSummaryQuery(projectId, {}));
  const setEnabled = useSetNodeEnabled();
  const grid = summary.data?.Grid;
  if (!grid || grid.SetBy.length === 0 || grid.FinerSeconds === null) return null;
  const culture = i18n.locale;
  const names = new Intl.ListFormat(culture, { type: 'conjunction' }).format(grid.SetBy.map((s) => s.Name));
  const interval = formatDuration(grid.Seconds, culture);
  const finer = formatDuration(grid.FinerSeconds, culture);
  const unit = t('performance.unit.iops');
  const loss = peakLoss(grid);
  const costs = {
    interval,
    finer,
    unit,
    peak: formatValue(grid.PeakIops, 'iops', culture),
    finerPeak: formatValue(grid.FinerPeakIops, 'iops', culture),
  };
  return (
    <div className="viewer-notice viewer-flag" role="note" data-testid="viewer-grid-notice">
      <p>{t('performance.grid.notice', { count: grid.SetBy.length, servers: names, interval, finer })}</p>
      {grid.FinerPeakIops !== null && (
        <p>
          {loss === null
            ? t('performance.grid.cost', costs)
            : t('performance.grid.costLoss', {
                ...costs,
                share: new Intl.NumberFormat(culture, { style: 'percent', maximumFractionDigits: 0 }).format(
                  loss,
                ),
              })}
        </p>
      )}
      {canEdit &&
        grid.SetBy.map((server) => (
          <Button
            key={server.NodeId}
            variant="secondary"
            isDisabled={setEnabled.isPending}
            onPress={() => {
              setEnabled.mutate({
                path: { id: projectId, nodeId: server.NodeId },
                query: { enabled: false },
              });
            }}
          >
            {t('performance.grid.leaveOut', { name: server.Name })}
          </Button>
        ))}
    </div>
  );
}
