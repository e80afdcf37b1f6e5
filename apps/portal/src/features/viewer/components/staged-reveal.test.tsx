import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_STAGES, VIEWER_STAGES, isRevealed, useStagedReveal } from './staged-reveal';

function Stages() {
  const revealed = useStagedReveal();
  return (
    <ul>
      {VIEWER_STAGES.map((stage) => (
        <li key={stage}>{`${stage}: ${isRevealed(stage, revealed) ? 'shown' : 'later'}`}</li>
      ))}
    </ul>
  );
}

const shown = () => screen.getAllByRole('listitem').map((item) => item.textContent);

/** One frame (16 ms of fake time), then the task the stage waits for after it. */
function nextPaint() {
  act(() => {
    vi.advanceTimersByTime(16);
  });
  act(() => {
    vi.advanceTimersByTime(1);
  });
}

describe('useStagedReveal', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  it('pins the stages below the first screen and their order', () => {
    expect(VIEWER_STAGES).toEqual(['charts', 'tables', 'nodes']);
    expect(ALL_STAGES).toBe(3);
    expect(isRevealed('charts', 1)).toBe(true);
    expect(isRevealed('tables', 1)).toBe(false);
  });

  it('shows no stage at the first render, then one more after each paint', () => {
    render(<Stages />);
    expect(shown()).toEqual(['charts: later', 'tables: later', 'nodes: later']);
    // Nothing before the first frame.
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(shown()).toEqual(['charts: later', 'tables: later', 'nodes: later']);
    nextPaint();
    expect(shown()).toEqual(['charts: shown', 'tables: later', 'nodes: later']);
    nextPaint();
    expect(shown()).toEqual(['charts: shown', 'tables: shown', 'nodes: later']);
    nextPaint();
    expect(shown()).toEqual(['charts: shown', 'tables: shown', 'nodes: shown']);
    // Nothing more is scheduled once every stage is shown.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows every stage at once when the address names a part of the page (the browser scrolls to it)', () => {
    window.history.replaceState(null, '', '/dpackviewer/7#viewer-capacity');
    render(<Stages />);
    expect(shown()).toEqual(['charts: shown', 'tables: shown', 'nodes: shown']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('schedules nothing more once unmounted', () => {
    const { unmount } = render(<Stages />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
