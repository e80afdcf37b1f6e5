/**
 * A tiny store for the one error modal of the app: anything may report a failure, the ErrorModalHost shows it.
 * Kept outside React so query caches, the SDK runtime and event handlers can all report.
 */
type Listener = (error: unknown) => void;

const listeners = new Set<Listener>();

export function reportError(error: unknown): void {
  for (const listener of listeners) listener(error);
}

export function onErrorReported(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
