import { useLingui } from '@lingui/react';
import type { Column } from './DataTable';

export interface StaticTableProps<Row> {
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
}

/**
 * A short read-only table (the dashboard's recent items) in the kit's table look, without the kit's DataTable and
 * TanStack Table: nothing to sort or page, so a first page does not carry their code. Long or sortable lists use
 * {@link import('./DataTable').DataTable}.
 */
export function StaticTable<Row>({ label, columns, rows, rowKey }: StaticTableProps<Row>) {
  const { _: t } = useLingui();
  return (
    <div className="ui-table">
      {/* A focusable region: on a phone the table scrolls sideways inside it, from the keyboard too. */}
      <div className="ui-table__scroll" role="region" aria-label={label} tabIndex={0}>
        <table className="ui-table__table" aria-label={label}>
          <thead className="ui-table__head">
            <tr>
              {columns.map((column) => (
                <th key={column.id} scope="col" className="ui-table__th">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td className="ui-table__td ui-table__empty" colSpan={columns.length}>
                  {t('table.empty')}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td key={column.id} className="ui-table__td">
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
