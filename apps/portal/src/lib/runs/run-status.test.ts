import { zArchiveState, zCollectorRunStatus } from '@assessment/sdk';
import { describe, expect, it } from 'vitest';
import { archiveStateText, isCollecting, runActionsFor, runStatusText } from './run-status';
import de from '@/locales/de.json';
import en from '@/locales/en.json';

function text(tree: unknown, id: string): unknown {
  return id.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree);
}

describe('collector run statuses as words', () => {
  it.each([
    ['en', en],
    ['de', de],
  ])('every status and archive state has a distinct %s text that is not the enum name', (_, tree) => {
    const statuses = zCollectorRunStatus.options.map((s) => text(tree, runStatusText(s)));
    const states = zArchiveState.options.map((s) => text(tree, archiveStateText(s)));
    for (const [index, value] of statuses.entries()) {
      expect(typeof value).toBe('string');
      expect(value).not.toBe('');
      if (tree === de) expect(value).not.toBe(zCollectorRunStatus.options[index]);
    }
    expect(new Set(statuses).size).toBe(statuses.length);
    expect(new Set(states).size).toBe(states.length);
    // "Running" is never shown as the enum name
    expect(text(tree, runStatusText('Running'))).not.toBe('Running');
  });
});

describe('run actions by state (spec part 4)', () => {
  it('stop while running, archive once stopped, restore when archived', () => {
    expect(runActionsFor({ Status: 'Running', ArchiveState: 'Active' })).toEqual({
      stop: true,
      archive: false,
      restore: false,
    });
    expect(runActionsFor({ Status: 'Completed', ArchiveState: 'Restored' })).toEqual({
      stop: false,
      archive: true,
      restore: false,
    });
    expect(runActionsFor({ Status: 'Stopped', ArchiveState: 'Archived' })).toEqual({
      stop: false,
      archive: false,
      restore: true,
    });
    expect(runActionsFor({ Status: 'Stopping', ArchiveState: 'Active' }).archive).toBe(false);
  });

  it('collecting runs have no end time to show', () => {
    expect(isCollecting({ Status: 'Running' })).toBe(true);
    expect(isCollecting({ Status: 'Stopping' })).toBe(true);
    expect(isCollecting({ Status: 'Completed' })).toBe(false);
  });
});
