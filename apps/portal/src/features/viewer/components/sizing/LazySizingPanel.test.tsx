import type { SavedSizingSettings } from '@assessment/sdk';
import { useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '@/test/render';
import { LazySizingPanel, SIZING_NEAR_SCREEN } from './LazySizingPanel';

const SAVED: SavedSizingSettings = {
  Settings: { Basis: 'p95', HeadroomPercent: 30, GrowthPercent: 10, HorizonYears: 3 },
  Saved: false,
};

/** The viewer's own figures, still loading until the test lets them arrive. */
let arrive: () => void = () => undefined;
function ViewerFigures() {
  useQuery({
    queryKey: ['viewer-figures'],
    queryFn: () =>
      new Promise<number>((resolve) => {
        arrive = () => {
          resolve(1);
        };
      }),
  });
  return null;
}

/** The panel's observer (jsdom has none): the test says when the panel comes near the screen. */
let comeNear: () => void = () => undefined;
let margin: string | undefined;

beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(
        callback: (entries: { isIntersecting: boolean }[]) => void,
        options?: IntersectionObserverInit,
      ) {
        margin = options?.rootMargin;
        comeNear = () => {
          callback([{ isIntersecting: true }]);
        };
      }
      observe() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const sizingCalls = (calls: string[]) => calls.filter((c) => c.includes('/sizing'));

describe('LazySizingPanel', () => {
  it('waits while the page is loading its own figures, then loads at the next idle moment', async () => {
    const { calls } = fakeApi({ 'GET /api/projects/7/sizing/settings': SAVED });
    renderWithProviders(
      <>
        <ViewerFigures />
        <LazySizingPanel projectId={7} canEdit={false} search={{}} onChange={vi.fn()} />
      </>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(sizingCalls(calls)).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'Sizing' })).toBeNull();
    act(() => {
      arrive();
    });
    expect(await screen.findByRole('heading', { name: 'Sizing' }, { timeout: 5000 })).toBeInTheDocument();
    expect(sizingCalls(calls)).toContain('GET /api/projects/7/sizing/settings');
  });

  it('loads at once when the reader scrolls near it, loading or not', async () => {
    const { calls } = fakeApi({ 'GET /api/projects/7/sizing/settings': SAVED });
    renderWithProviders(
      <>
        <ViewerFigures />
        <LazySizingPanel projectId={7} canEdit={false} search={{}} onChange={vi.fn()} />
      </>,
    );
    expect(margin).toBe(SIZING_NEAR_SCREEN);
    expect(SIZING_NEAR_SCREEN).toBe('100% 0px');
    expect(screen.queryByRole('heading', { name: 'Sizing' })).toBeNull();
    act(() => {
      comeNear();
    });
    expect(await screen.findByRole('heading', { name: 'Sizing' }, { timeout: 5000 })).toBeInTheDocument();
    expect(sizingCalls(calls)).toContain('GET /api/projects/7/sizing/settings');
  });
});
