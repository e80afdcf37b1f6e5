import type { CollectorRun } from '@assessment/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyPageSelection,
  parseRunGroup,
  readRunGroup,
  RUN_GROUP_STORAGE_KEY,
  subscribeRunGroup,
  toggleRun,
  writeRunGroup,
} from './run-group';

const run = (Id: number, Name = `Run ${String(Id)}`): CollectorRun => ({
  Id,
  Name,
  Status: 'Completed',
  Progress: 100,
  Duration: 3600,
  EndTime: '2026-11-01T00:00:00Z',
  ArchiveState: 'Active',
  OwnerEmail: `owner${String(Id)}@example.com`,
  OwnerName: 'Owner',
  ProjectId: null,
  ProjectName: null,
});
const item = (Id: number) => ({
  Id,
  Name: `Run ${String(Id)}`,
  OwnerEmail: `owner${String(Id)}@example.com`,
});

afterEach(() => {
  localStorage.clear();
});

describe('collector-run group (spec parts 3 and 4)', () => {
  it('is kept in local storage under collectorRunGroup with name, owner and id per item', () => {
    expect(RUN_GROUP_STORAGE_KEY).toBe('collectorRunGroup');
    writeRunGroup([item(1), item(2)]);
    expect(JSON.parse(localStorage.getItem('collectorRunGroup') ?? '')).toEqual([item(1), item(2)]);
    expect(readRunGroup()).toEqual([item(1), item(2)]);
  });

  it('toggling a run adds it when absent and removes it when present', () => {
    const once = toggleRun([], run(7));
    expect(once).toEqual([item(7)]);
    expect(toggleRun(once, run(7))).toEqual([]);
  });

  it('a page selection changes only the runs of that page; runs of other pages stay', () => {
    const group = [item(1), item(2), item(50)];
    const page = [run(1), run(2), run(3)];
    expect(applyPageSelection(group, page, new Set([2, 3]))).toEqual([item(2), item(50), item(3)]);
    // select-all of the page, then none
    expect(applyPageSelection([], page, new Set([1, 2, 3]))).toEqual([item(1), item(2), item(3)]);
    expect(applyPageSelection(group, page, new Set())).toEqual([item(50)]);
  });

  it('clearing removes the stored entry and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeRunGroup(listener);
    writeRunGroup([item(1)]);
    writeRunGroup([]);
    expect(localStorage.getItem(RUN_GROUP_STORAGE_KEY)).toBeNull();
    expect(readRunGroup()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('an unreadable stored group counts as empty; bad and duplicate items are dropped', () => {
    expect(parseRunGroup('not json')).toEqual([]);
    expect(parseRunGroup('{"Id":1}')).toEqual([]);
    expect(parseRunGroup(JSON.stringify([item(1), { Id: 'x' }, item(1), item(2)]))).toEqual([
      item(1),
      item(2),
    ]);
  });

  it('reads the same array while the stored text is unchanged (useSyncExternalStore needs it)', () => {
    writeRunGroup([item(3)]);
    expect(readRunGroup()).toBe(readRunGroup());
  });
});
