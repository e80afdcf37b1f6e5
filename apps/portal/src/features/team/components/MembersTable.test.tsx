import { Role, UserStatus, type TeamMember } from '@assessment/sdk';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { MembersTable } from './MembersTable';

const member = (UserId: number, FirstName: string, JoinedDate: string): TeamMember => ({
  UserId,
  Email: `${FirstName.toLowerCase()}@example.com`,
  FirstName,
  LastName: 'Doe',
  Role: Role.END_USER,
  Status: UserStatus.ACTIVE,
  Verified: true,
  JoinedDate,
});

describe('MembersTable (spec part 9: employee table sorted by column 7 descending)', () => {
  it('column 7 is the joined date, and the rows come newest first', () => {
    renderWithProviders(
      <MembersTable
        label="Members"
        members={[
          member(1, 'Older', '2024-03-01T00:00:00Z'),
          member(2, 'Newest', '2026-01-15T00:00:00Z'),
          member(3, 'Middle', '2025-07-09T00:00:00Z'),
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Members' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers).toHaveLength(7);
    expect(headers[6]).toHaveTextContent('Joined');
    const firstNames = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(firstNames).toEqual(['Newest', 'Middle', 'Older']);
  });
});
