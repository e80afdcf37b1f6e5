import type { CollectorRun } from '@assessment/sdk';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { renderWithProviders } from '@/test/render';
import { RunViewDialog } from './RunViewDialog';

const RUN: CollectorRun = {
  Id: 7,
  Name: 'Berlin SQL',
  Status: 'Running',
  Progress: 43,
  Duration: 3 * 86400,
  StartTime: '2026-11-20T09:00:00Z',
  Hosts: ['sql-01', 'sql-02'],
  EndTime: '2026-11-27T09:00:00Z',
  ArchiveState: 'Active',
  OwnerEmail: 'jane@contoso.example',
  OwnerName: 'Jane Doe',
  ProjectId: 5,
  ProjectName: 'Contoso refresh',
};

/** The value (dd) shown for a label (dt) of the facts list. */
const fact = (label: string) => {
  const term = within(screen.getByRole('dialog')).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

describe('RunViewDialog (a run’s Details)', () => {
  it('shows the run’s facts: owner, hosts, start, end, duration, status, project and progress', async () => {
    renderWithProviders(<RunViewDialog run={RUN} onClose={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Berlin SQL' })).toBeInTheDocument();
    expect(fact('Owner')).toBe('Jane Doe (jane@contoso.example)');
    expect(fact('Status')).toBe('Collecting');
    expect(fact('Progress')).toBe('43%');
    expect(fact('Started')).toMatch(/11\/2\d\/26/);
    // Still collecting: no end date in the future, and the duration so far.
    expect(fact('Ended')).toBe('Still collecting');
    expect(fact('Duration')).toBe('3 days so far');
    expect(fact('Project')).toBe('Contoso refresh');
    expect(fact('Hosts')).toBe('2 hostssql-01sql-02');
    await expectNoAxeViolations(document.body);
  });

  it('a finished run without a project or hosts says so', () => {
    renderWithProviders(
      <RunViewDialog
        run={{ ...RUN, Status: 'Completed', Progress: 100, ProjectId: null, ProjectName: null, Hosts: [] }}
        onClose={vi.fn()}
      />,
    );
    expect(fact('Status')).toBe('Completed');
    expect(fact('Ended')).toMatch(/11\/2\d\/26/);
    expect(fact('Duration')).toBe('3 days');
    expect(fact('Project')).toBe('Not in a project');
    expect(fact('Hosts')).toBe('No host has reported yet.');
  });
});
