import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { TOAST_REMOVE_MS, TOAST_VISIBLE_MS } from '../constants';

/** Kind of a toast, exposed as `data-variant`. */
export type ToastVariant = 'info' | 'success' | 'error';

/** Life cycle of a shown toast: `visible` (0–2.7 s), `leaving` (2.7–3 s); removed from the DOM at 3 s. */
export type ToastState = 'visible' | 'leaving';

export interface ToastOptions {
  /**
   * Kind of message, exposed as `data-variant`.
   * @default 'info'
   */
  variant?: ToastVariant;
}

interface ToastItem {
  id: number;
  content: ReactNode;
  variant: ToastVariant;
}

export interface ToastApi {
  /** Queues a message; returns its id. */
  show: (content: ReactNode, options?: ToastOptions) => number;
  /** Removes a toast at once. */
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export interface ToastProviderProps {
  /**
   * The application.
   * @default undefined
   */
  children?: ReactNode;
  /**
   * How many toasts show at the same time; further toasts wait in the queue.
   * @default 3
   */
  maxVisible?: number;
  /**
   * Called when a toast is removed (at 3 s or on dismiss).
   * @default undefined
   */
  onRemove?: (id: number) => void;
  /**
   * Accessible label of the toast region.
   * @default 'Notifications'
   */
  label?: string;
}

/**
 * Message box for short confirmations (spec part 4): each toast is visible for 2.7 s, then fades
 * (`data-state="leaving"`) and is removed at 3 s. Toasts queue; the region is a polite live region
 * (role=status) that exists before any message so screen readers announce each one without interrupting.
 */
export function ToastProvider({
  children,
  maxVisible = 3,
  onRemove,
  label = 'Notifications',
}: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const onRemoveRef = useRef(onRemove);
  useEffect(() => {
    onRemoveRef.current = onRemove;
  }, [onRemove]);

  const remove = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id));
    onRemoveRef.current?.(id);
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show: (content, options) => {
        const id = nextId.current;
        nextId.current += 1;
        setToasts((list) => [...list, { id, content, variant: options?.variant ?? 'info' }]);
        return id;
      },
      dismiss: remove,
    }),
    [remove],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        className="ui-toast-region"
        role="status"
        aria-live="polite"
        aria-atomic="false"
        aria-label={label}
      >
        {/* Queued toasts beyond maxVisible are not rendered yet; their timers start when they mount. */}
        {toasts.slice(0, Math.max(1, maxVisible)).map((t) => (
          <ToastView key={t.id} toast={t} onRemove={remove} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastView({ toast, onRemove }: { toast: ToastItem; onRemove: (id: number) => void }) {
  const [state, setState] = useState<ToastState>('visible');
  useEffect(() => {
    const leave = setTimeout(() => {
      setState('leaving');
    }, TOAST_VISIBLE_MS);
    const removal = setTimeout(() => {
      onRemove(toast.id);
    }, TOAST_REMOVE_MS);
    return () => {
      clearTimeout(leave);
      clearTimeout(removal);
    };
  }, [toast.id, onRemove]);
  return (
    <div className="ui-toast" data-state={state} data-variant={toast.variant} data-toast-id={toast.id}>
      {toast.content}
    </div>
  );
}

/** Access to the toast queue of the nearest {@link ToastProvider}. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside a ToastProvider');
  return api;
}
