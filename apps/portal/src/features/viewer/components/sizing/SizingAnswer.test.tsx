import type { SavedSizingSettings, Sizing } from '@assessment/sdk';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import type { SizingSearch } from '@/lib/search/sizing-search';
import { SizingAnswer } from './SizingAnswer';
import { useSizing } from './sizing-queries';

/** The answer as the route renders it: the sizing for the URL's settings (else the saved ones). */
function Answer({ search = {} }: { search?: SizingSearch }) {
  const sizing = useSizing(7, search);
  return (
    <>
      <SizingAnswer sizing={sizing} />
      <div id="viewer-sizing">the panel</div>
    </>
  );
}

const SAVED: SavedSizingSettings = {
  Settings: { Basis: 'p95', HeadroomPercent: 30, GrowthPercent: 10, HorizonYears: 3 },
  Saved: true,
};

const SIZING: Sizing = {
  Settings: SAVED.Settings,
  HeadroomFactor: 1.3,
  GrowthFactor: 1.331,
  First: 1763337600,
  Last: 1763942400,
  Totals: [
    { Resource: 'iops', Unit: 'iops', Basis: 41230, Required: 71341 },
    { Resource: 'throughput', Unit: 'megabytesPerSecond', Basis: 512.3, Required: 886.5 },
    { Resource: 'capacity', Unit: 'gibibytes', Basis: 1024.5, Required: 1772.8 },
    { Resource: 'cores', Unit: 'cores', Basis: 22.4, Required: 38.8 },
    { Resource: 'memory', Unit: 'gibibytes', Basis: null, Required: null },
  ],
  Servers: [],
  Shapes: [],
  ShapeTotals: [],
  Catalogue: 'Generic shapes',
};

const figure = (resource: string) => {
  const item = screen.getByTestId('viewer-answer').querySelector(`[data-resource="${resource}"]`);
  if (!(item instanceof HTMLElement)) throw new Error(`no ${resource}`);
  return item;
};

describe('SizingAnswer (the viewer’s first screen answers "how big")', () => {
  it('gives the required cores, memory, capacity, IOPS and throughput with their units, the settings and a link to the panel', async () => {
    fakeApi({ 'GET /api/projects/7/sizing/settings': SAVED, 'GET /api/projects/7/sizing': SIZING });
    const { container } = renderWithProviders(<Answer />);
    expect(
      await screen.findByText(/^Sized on the 95th percentile/, {}, { timeout: 10_000 }),
    ).toHaveTextContent(
      'Sized on the 95th percentile of the whole collection, with 30% headroom and 10% annual growth over 3 years.',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'How big: the sizing answer' })).toBeVisible();
    expect(
      Array.from(screen.getByTestId('viewer-answer').querySelectorAll('[data-resource]')).map((e) =>
        e.getAttribute('data-resource'),
      ),
    ).toEqual(['cores', 'memory', 'capacity', 'iops', 'throughput']);
    expect(figure('cores')).toHaveTextContent('Cores38.8 cores');
    expect(figure('capacity')).toHaveTextContent('Capacity1,772.8 GiB');
    expect(figure('iops')).toHaveTextContent('IOPS71,341 IOPS');
    expect(figure('throughput')).toHaveTextContent('Throughput886.5 MB/s');
    // A figure the sizing has no samples for says so, never 0.
    expect(figure('memory')).toHaveTextContent('MemoryNo samples');
    const link = screen.getByRole('link', {
      name: 'Full sizing: settings, formulas and each server’s shape',
    });
    expect(link).toHaveAttribute('href', '#viewer-sizing');
    await expectNoAxeViolations(container);
  }, 20_000);

  it('takes the URL’s settings over the saved ones (the sizing call asks for them)', async () => {
    const { calls } = fakeApi({
      'GET /api/projects/7/sizing/settings': SAVED,
      'GET /api/projects/7/sizing': {
        ...SIZING,
        Settings: { ...SAVED.Settings, Basis: 'peak', GrowthPercent: -20 },
      },
    });
    renderWithProviders(<Answer search={{ basis: 'peak', growth: -20 }} />);
    expect(await screen.findByText(/^Sized on the Peak/, {}, { timeout: 10_000 })).toHaveTextContent(
      'with 30% headroom and -20% annual growth over 3 years.',
    );
    expect(calls).toContain('GET /api/projects/7/sizing?basis=peak&headroom=30&growth=-20&horizon=3');
  });

  it('while the sizing is computed, keeps its room with dashes and says so', async () => {
    const { fetchMock } = fakeApi({});
    fetchMock.mockImplementation(() => new Promise<Response>(() => undefined));
    renderWithProviders(<Answer />);
    expect(await screen.findByText('Computing the sizing…', { exact: false })).toBeInTheDocument();
    expect(within(figure('iops')).getByText('—')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'How big: the sizing answer' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  });

  it('a failed sizing is said in its block only, the link to the panel kept', async () => {
    fakeApi({
      'GET /api/projects/7/sizing/settings': SAVED,
      'GET /api/projects/7/sizing': Response.json({ Message: 'no' }, { status: 500 }),
    });
    renderWithProviders(<Answer />);
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'The sizing could not be computed.',
    );
    expect(screen.queryByTestId('viewer-answer')).toBeNull();
    expect(screen.getByRole('link', { name: /^Full sizing/ })).toBeInTheDocument();
  });
});
