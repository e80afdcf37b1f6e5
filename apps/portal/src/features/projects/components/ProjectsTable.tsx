import type { ProjectSummary } from '@assessment/sdk';
import { DataTable, type Column, type ServerPaging } from '@/components/DataTable';
import { useProjectColumns } from './project-columns';
import './projects.css';

export interface ProjectsTableProps {
  projects: readonly ProjectSummary[];
  label: string;
  /** Server-side paging and sorting of /projects and /project/search. */
  paging?: ServerPaging;
  /** Columns after the project's own (the row actions of the list pages). */
  extraColumns?: readonly Column<ProjectSummary>[];
  /** What the empty table says (a search: "No search results"). */
  emptyText?: string;
}

/** Project rows of the list pages (sortable, paged on the server); the row actions come as extra columns. */
export function ProjectsTable({ projects, label, paging, extraColumns = [], emptyText }: ProjectsTableProps) {
  const columns = [...useProjectColumns(), ...extraColumns];
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={projects}
      rowKey={(project) => project.Id}
      cardsOnPhones
      {...(paging ? { paging } : {})}
      {...(emptyText === undefined ? {} : { emptyText })}
    />
  );
}
