// The body of a virtualized DataTable, in its own module: DataTable loads it with React.lazy only when
// `isVirtualized` is set, so tables without virtualization do not ship TanStack Virtual.
import type { Row } from '@tanstack/react-table';
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, type CSSProperties, type ReactNode } from 'react';
import { ROW_HEIGHT_PX } from './query';

/** Props of the virtualized body (internal to DataTable, not exported from the kit). */
export interface VirtualBodyProps<T> {
  /** All rows of the table (sorted); only the visible window is rendered. */
  rows: Row<T>[];
  /** The table's scroll area, once mounted. */
  scrollElement: HTMLDivElement | null;
  /** Fixed CSS height of the scroll area, used until it has been measured. */
  height: number;
  /** Number of columns, spanned by the spacer rows. */
  columnCount: number;
  /** Renders one row at its index in `rows`, with the style giving its fixed height. */
  renderRow: (row: Row<T>, index: number, style: CSSProperties) => ReactNode;
}

/** Renders only the rows in view (plus overscan), with spacer rows keeping the full scroll height. */
export function VirtualBody<T>({ rows, scrollElement, height, columnCount, renderRow }: VirtualBodyProps<T>) {
  // Before layout (and in jsdom) the scroll area measures 0: fall back to its fixed CSS height.
  const observeRect = useCallback(
    (instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void) =>
      observeElementRect(instance, (rect) => {
        cb(rect.height > 0 ? rect : { width: rect.width, height });
      }),
    [height],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual returns a stable instance by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: 8,
    observeElementRect: observeRect,
    initialRect: { width: 0, height },
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const paddingTop = first ? first.start : 0;
  const paddingBottom = last ? virtualizer.getTotalSize() - last.end : 0;
  return (
    <tbody className="ui-table__body">
      {paddingTop > 0 && (
        <tr aria-hidden="true" className="ui-table__spacer">
          <td colSpan={columnCount} style={{ height: paddingTop, padding: 0, border: 0 }} />
        </tr>
      )}
      {items.map((item) => {
        const row = rows[item.index];
        return row ? renderRow(row, item.index, { height: ROW_HEIGHT_PX }) : null;
      })}
      {paddingBottom > 0 && (
        <tr aria-hidden="true" className="ui-table__spacer">
          <td colSpan={columnCount} style={{ height: paddingBottom, padding: 0, border: 0 }} />
        </tr>
      )}
    </tbody>
  );
}
