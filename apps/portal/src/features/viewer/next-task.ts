/**
 * Runs `task` in a task of its own (the next macrotask: `scheduler.postTask` where the browser has it, else a timer),
 * so that each piece of work (a chart's drawing, a stage of the viewer) is a short task of its own; returns what
 * cancels it (the chart or page left before it ran).
 */
export function nextTask(task: () => void): () => void {
  const scheduler = (
    globalThis as {
      scheduler?: { postTask?: (task: () => void, options: { signal: AbortSignal }) => Promise<void> };
    }
  ).scheduler;
  if (typeof scheduler?.postTask === 'function') {
    const controller = new AbortController();
    scheduler.postTask(task, { signal: controller.signal }).catch(() => undefined);
    return () => {
      controller.abort();
    };
  }
  const timer = setTimeout(task, 0);
  return () => {
    clearTimeout(timer);
  };
}
