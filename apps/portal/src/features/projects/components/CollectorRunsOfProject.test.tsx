import type { CollectorRun } from '@assessment/sdk';
import { I18nProvider } from '@lingui/react';
import { renderHook, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCollectorRunColumns } from '@/components/collector-run-columns';
import { applyCulture, i18n } from '@/lib/i18n/i18n';
import { renderWithProviders } from '@/test/render';
import { CollectorRunsOfProject, PROJECT_COLUMN_ID } from './CollectorRunsOfProject';

const run = (Id: number, Name: string, Status: CollectorRun['Status']): CollectorRun => ({
  Id,
  Name,
  Status,
  Progress: Status === 'Running' ? 43 : 100,
  Duration: 2 * 86400,
  // A running run's end lies in the future: a table must not show it as if it had ended.
  EndTime: Status === 'Running' ? '2099-01-01T00:00:00Z' : '2026-11-01T00:00:00Z',
  ArchiveState: 'Active',
  OwnerEmail: 'jane@contoso.example',
  OwnerName: 'Jane Doe',
  ProjectId: null,
  ProjectName: null,
});

const RUNS = [run(1, 'Berlin', 'Running'), run(2, 'Paris', 'Completed'), run(3, 'Rome', 'Stopped')];

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

afterEach(async () => {
  await applyCulture('en-US');
});

describe('CollectorRunsOfProject (the run table of project details and edit)', () => {
  it('has the run search’s columns and words: Collecting, Still collecting, days so far', async () => {
    await applyCulture('en-US');
    renderWithProviders(<CollectorRunsOfProject runs={RUNS} />);
    // The headers (a sortable one also holds its sort icon), in the run search's order.
    const headers = screen
      .getAllByRole('columnheader')
      .map((header) => header.textContent.replace(/[↕↑↓]/g, ''));
    // No project column: on a project's own page it would name that project on every row.
    expect(headers).toEqual(['Name', 'Status', 'Progress', 'Duration', 'Ended', 'Owner']);
    const berlin = rowOf('Berlin');
    expect(within(berlin).getByRole('cell', { name: 'Collecting' })).toBeInTheDocument();
    expect(within(berlin).getByRole('cell', { name: 'Still collecting' })).toBeInTheDocument();
    expect(within(berlin).queryByText(/2099|1\/1\/99/)).not.toBeInTheDocument();
    expect(within(berlin).getByRole('cell', { name: '2 days so far' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Running' })).not.toBeInTheDocument();
  });

  it('leaves out only the project column of the run search’s columns', async () => {
    await applyCulture('en-US');
    const inProject = RUNS.map((r) => ({ ...r, ProjectId: 7, ProjectName: 'Contoso refresh' }));
    renderWithProviders(<CollectorRunsOfProject runs={inProject} />);
    const { result } = renderHook(() => useCollectorRunColumns(), {
      wrapper: ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>,
    });
    const expected = result.current.filter((c) => c.id !== PROJECT_COLUMN_ID).map((c) => c.id);
    expect(result.current.map((c) => c.id)).toContain(PROJECT_COLUMN_ID);
    expect(screen.getAllByRole('columnheader')).toHaveLength(expected.length);
    expect(screen.queryByRole('columnheader', { name: /Projects/ })).not.toBeInTheDocument();
    expect(screen.getByRole('table').textContent).not.toContain('Contoso refresh');
  });

  it.each([
    ['de-DE', ['Sammelt', 'Abgeschlossen', 'Angehalten']],
    ['ja-JP', ['収集中', '完了', '停止済み']],
  ])('%s: run statuses are words of the language, never the English enum names', async (culture, words) => {
    await applyCulture(culture);
    renderWithProviders(<CollectorRunsOfProject runs={RUNS} />);
    const statuses = ['Berlin', 'Paris', 'Rome'].map(
      (name) => within(rowOf(name)).getAllByRole('cell')[1]?.textContent,
    );
    expect(statuses).toEqual(words);
    expect(screen.getByRole('table').textContent).not.toMatch(/Completed|Running|Stopped/);
  });
});
