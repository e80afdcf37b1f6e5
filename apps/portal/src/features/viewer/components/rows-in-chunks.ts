import { useEffect, useState } from 'react';

/** How many rows of a long table take their figures in one step (one idle moment's work at 4× CPU). */
export const ROWS_PER_CHUNK = 8;
/** How long a step waits for an idle moment at most (ms). */
export const CHUNK_IDLE_TIMEOUT = 500;

/**
 * A long table's rows (the capacity table: a row per server) take their figures a few at a time once they have come
 * (`ready`): the first ROWS_PER_CHUNK at once, then ROWS_PER_CHUNK more at each idle moment (requestIdleCallback, at
 * most CHUNK_IDLE_TIMEOUT later; a task later where the browser has none). Until its turn a row shows `blank(row)`
 * (its stand-in: same key, no figures), so every row is in the table (and the accessibility tree) from the start and
 * no step lays out the whole table's new text at once (issue #29: no long task while the page loads or scrolls).
 * Once every row has been filled, later sets of rows (another range) show at once.
 */
export function useRowsInChunks<Row>(
  rows: readonly Row[],
  ready: boolean,
  blank: (row: Row) => Row,
): readonly Row[] {
  const [filled, setFilled] = useState(ready ? ROWS_PER_CHUNK : 0);
  const [done, setDone] = useState(false);
  const shown = done ? rows.length : ready ? Math.max(filled, ROWS_PER_CHUNK) : 0;
  useEffect(() => {
    if (!ready || done) return;
    if (shown >= rows.length) {
      setDone(true);
      return;
    }
    const next = () => {
      setFilled(shown + ROWS_PER_CHUNK);
    };
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(next, { timeout: CHUNK_IDLE_TIMEOUT });
      return () => {
        cancelIdleCallback(handle);
      };
    }
    const timer = setTimeout(next);
    return () => {
      clearTimeout(timer);
    };
  }, [ready, done, shown, rows.length]);
  if (!ready || shown >= rows.length) return rows;
  return rows.map((row, i) => (i < shown ? row : blank(row)));
}
