import { startTransition, useEffect, useState } from 'react';
import { nextTask } from '../next-task';

/**
 * The viewer's parts below its first screen, in the order they come in (issue #40 item 5): the first screen (the
 * sizing answer, the headline figures, the range controls and the first chart, whose width sets the series' points)
 * lays out alone, then each of these a frame later than the one before.
 */
export const VIEWER_STAGES = ['charts', 'tables', 'nodes'] as const;
export type ViewerStage = (typeof VIEWER_STAGES)[number];

/** Every stage shown (the default of the parts that take one: a part rendered on its own shows all of itself). */
export const ALL_STAGES = VIEWER_STAGES.length;

/** Whether `stage` is among the first `revealed` stages. */
export function isRevealed(stage: ViewerStage, revealed: number): boolean {
  return VIEWER_STAGES.indexOf(stage) < revealed;
}

/** Waits for the next frame, then a task of its own (its paint done): what the next stage renders starts after it. */
function afterNextPaint(then: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') return nextTask(then);
  let cancelTask: () => void = () => undefined;
  const frame = requestAnimationFrame(() => {
    cancelTask = nextTask(then);
  });
  return () => {
    cancelAnimationFrame(frame);
    cancelTask();
  };
}

/**
 * How many of the viewer's VIEWER_STAGES are shown: none at the first render, one more after each paint, each in a
 * transition (React renders it in short slices). The whole page in one render laid out ~1,000 elements in one task
 * of ~40 ms and committed them in another (unthrottled; four times that on a phone's CPU), all of it below the first
 * screen; each stage now lays out and commits its own part. Every stage at once when the address names a part of the
 * page (#viewer-capacity: the browser scrolls to it), so that it is there to scroll to.
 */
export function useStagedReveal(): number {
  const [revealed, setRevealed] = useState(() =>
    typeof window !== 'undefined' && window.location.hash !== '' ? ALL_STAGES : 0,
  );
  useEffect(() => {
    if (revealed >= ALL_STAGES) return;
    return afterNextPaint(() => {
      startTransition(() => {
        setRevealed(revealed + 1);
      });
    });
  }, [revealed]);
  return revealed;
}
