import type { TeamMember } from '@assessment/sdk';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { DataTable, ROW_ACTIONS_COLUMN_ID, type Column } from '@/components/DataTable';
import { formatDate } from '@/lib/i18n/i18n';
import { roleLabel, statusLabel } from '../labels';
import './team.css';

/** Team employees, sorted by the joined date (the table's 7th column) descending (spec part 9). */
export function sortMembers(members: readonly TeamMember[]): TeamMember[] {
  return [...members].sort((a, b) => Date.parse(b.JoinedDate) - Date.parse(a.JoinedDate));
}

export function MembersTable({
  members,
  label,
  actions,
}: {
  members: readonly TeamMember[];
  label: string;
  /** Admin actions of a row (an 8th column); none for read-only viewers. */
  actions?: (member: TeamMember) => ReactNode;
}) {
  const { _: t } = useLingui();
  const columns: Column<TeamMember>[] = [
    { id: 'first', sortable: true, header: t('team.firstName'), cell: (member) => member.FirstName },
    { id: 'last', sortable: true, header: t('team.lastName'), cell: (member) => member.LastName },
    {
      id: 'email',
      sortable: true,
      header: t('columns.email'),
      // A long address may break (team.css), so the table fits a laptop's page and the sticky actions cover nothing.
      cell: (member) => <span className="team-email">{member.Email}</span>,
    },
    { id: 'role', header: t('columns.role'), cell: (member) => t(roleLabel(member.Role)) },
    { id: 'status', header: t('columns.status'), cell: (member) => t(statusLabel(member.Status)) },
    {
      id: 'verified',
      header: t('team.verified'),
      cell: (member) => (member.Verified ? t('project.yes') : t('project.no')),
    },
    { id: 'joined', header: t('team.joined'), cell: (member) => formatDate(member.JoinedDate) },
  ];
  if (actions) columns.push({ id: ROW_ACTIONS_COLUMN_ID, header: t('team.actions'), cell: actions });
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={sortMembers(members)}
      rowKey={(member) => member.UserId}
    />
  );
}
