import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_IDLE_TIMEOUT, ROWS_PER_CHUNK, useRowsInChunks } from './rows-in-chunks';

const ROWS = Array.from({ length: 20 }, (_, i) => `row ${String(i)}`);
const blank = (row: string) => `${row} (blank)`;

function Rows({ rows, ready }: { rows: readonly string[]; ready: boolean }) {
  const shown = useRowsInChunks(rows, ready, blank);
  return (
    <ul>
      {shown.map((row) => (
        <li key={row}>{row}</li>
      ))}
    </ul>
  );
}

const filled = () =>
  screen.getAllByRole('listitem').filter((li) => !li.textContent.includes('(blank)')).length;

describe('useRowsInChunks', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('pins the chunk size and the idle wait', () => {
    expect(ROWS_PER_CHUNK).toBe(8);
    expect(CHUNK_IDLE_TIMEOUT).toBe(500);
  });

  it('shows the rows as they are until they are ready (stand-ins while loading)', () => {
    render(<Rows rows={ROWS} ready={false} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    expect(filled()).toBe(20);
    act(() => {
      vi.runAllTimers();
    });
    expect(filled()).toBe(20);
  });

  it('fills the rows a chunk at a time once ready, every row in the list throughout', async () => {
    const { rerender } = render(<Rows rows={ROWS} ready={false} />);
    rerender(<Rows rows={ROWS} ready />);
    // Every row is there from the start; only the first chunk has its content.
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    expect(filled()).toBe(8);
    expect(screen.getByText('row 8 (blank)')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersToNextTimerAsync();
    });
    expect(filled()).toBe(16);
    await act(async () => {
      await vi.advanceTimersToNextTimerAsync();
    });
    expect(filled()).toBe(20);
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
  });

  it('once filled, a later set of rows shows at once', async () => {
    const { rerender } = render(<Rows rows={ROWS} ready />);
    for (const step of [16, 20]) {
      await act(async () => {
        await vi.advanceTimersToNextTimerAsync();
      });
      expect(filled()).toBe(step);
    }
    const more = [...ROWS, 'row 20', 'row 21'];
    rerender(<Rows rows={more} ready />);
    expect(filled()).toBe(22);
  });
});
