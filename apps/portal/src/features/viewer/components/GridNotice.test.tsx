import type { ProjectSeriesSummary, SeriesGrid } from '@assessment/sdk';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { applyCulture } from '@/lib/i18n/i18n';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import { formatDuration } from '../headline';
import { GridNotice, peakLoss } from './GridNotice';

const COARSE: SeriesGrid = {
  Seconds: 60,
  SetBy: [{ NodeId: 'srv-3', Name: 'SLOW01', IntervalSeconds: 60 }],
  FinerSeconds: 5,
  PeakIops: 3000,
  FinerPeakIops: 10000,
};

const summary = (grid: SeriesGrid | undefined): ProjectSeriesSummary => ({
  From: 1_000_000,
  To: 1_000_600,
  First: 1_000_000,
  Last: 1_000_600,
  EnabledNodes: 3,
  LatencyMinIops: 100,
  Metrics: [],
  TotalIops: { Unit: 'iops', Peak: grid?.PeakIops ?? null, P95: null, Average: null },
  TotalThroughput: { Unit: 'bytesPerSecond', Peak: null, P95: null, Average: null },
  LatencyAllIntervals: { Unit: 'milliseconds', Peak: null, P95: null, Average: null },
  Gaps: [],
  TopByIops: [],
  TopByCpu: [],
  Capacity: [],
  LowIopsPeriods: [],
  ...(grid ? { Grid: grid } : {}),
});

afterEach(async () => {
  await applyCulture('en-US');
});

describe('GridNotice', () => {
  it('names the server that sets the coarser grid, the intervals and the peak it hides, with units', async () => {
    fakeApi({ 'GET /api/projects/7/series/summary': summary(COARSE) });
    const { container } = renderWithProviders(<GridNotice projectId={7} canEdit={false} />);
    const notice = await screen.findByTestId('viewer-grid-notice');
    expect(notice).toHaveTextContent(
      'SLOW01 samples only every 1 minute, so the totals are added up over intervals of 1 minute instead of the other servers’ 5 seconds.',
    );
    // (10,000 − 3,000) / 10,000 = 70 % of the peak.
    expect(notice).toHaveTextContent(
      'Total IOPS peak over intervals of 1 minute: 3,000 IOPS; the other servers alone over intervals of 5 seconds: 10,000 IOPS — the longer intervals hide 70% of the peak.',
    );
    // Read-only: nothing to press.
    expect(screen.queryByRole('button')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('an editor leaves the server out with the node toggle; the totals are asked for again', async () => {
    const { calls } = fakeApi({
      'GET /api/projects/7/series/summary': summary(COARSE),
      'PUT /api/projects/7/viewer/nodes/srv-3': {
        StatusCode: 200,
        ResourceKey: null,
        ErrorState: null,
        Message: null,
        Data: { NodeId: 'srv-3', Name: 'SLOW01', Kind: 'server', Enabled: false },
      },
    });
    renderWithProviders(<GridNotice projectId={7} canEdit />);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Leave SLOW01 out of the totals' }));
    await waitFor(() => {
      expect(calls).toContain('PUT /api/projects/7/viewer/nodes/srv-3?enabled=false');
    });
    // The summary is invalidated and read again (the notice then follows the server's new grid).
    await waitFor(() => {
      expect(calls.filter((c) => c.startsWith('GET /api/projects/7/series/summary'))).toHaveLength(2);
    });
  });

  it('nothing when every enabled server shares one interval, or without a grid (an older server)', async () => {
    fakeApi({
      'GET /api/projects/7/series/summary': summary({
        Seconds: 5,
        SetBy: [],
        FinerSeconds: null,
        PeakIops: 960,
        FinerPeakIops: null,
      }),
    });
    const { container, queryClient } = renderWithProviders(<GridNotice projectId={7} canEdit />);
    await waitFor(() => {
      expect(queryClient.isFetching()).toBe(0);
    });
    expect(container).toBeEmptyDOMElement();
    expect(peakLoss({ ...COARSE, PeakIops: 12000 })).toBeNull();
  });

  it('says the intervals and the share in the culture (German)', async () => {
    await applyCulture('de-DE');
    // The intervals in words through the viewer's one duration format (Intl's units).
    expect(formatDuration(60, 'de-DE')).toBe('1 Minute');
    expect(formatDuration(2, 'de-DE')).toBe('2 Sekunden');
    expect(formatDuration(7200, 'en-US')).toBe('2 hours');
    fakeApi({ 'GET /api/projects/7/series/summary': summary(COARSE) });
    renderWithProviders(<GridNotice projectId={7} canEdit />);
    const notice = await screen.findByTestId('viewer-grid-notice');
    expect(notice).toHaveTextContent('SLOW01 misst nur alle 1 Minute');
    expect(notice).toHaveTextContent('10.000 IOPS – die längeren Intervalle verbergen 70 % der Spitze.');
    expect(screen.getByRole('button', { name: 'SLOW01 aus den Summen herausnehmen' })).toBeVisible();
  });
});
