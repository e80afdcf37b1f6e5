import { useCallback, useState, type ReactNode } from 'react';
import { LazyServerMessageModal } from '@/features/errors';

/** The affirmative action of the server's confirmation messages (confirm_disable_collector…). */
export const CONFIRM_ACTION = 'Confirm';

interface Current {
  key: string;
  onConfirm?: () => void;
}

/**
 * Server-provided messages of the collector screens (spec part 8): collectorDownloadError, choose_collector, and
 * the confirmations confirm_disable_collector / confirm_enable_collector whose Confirm action goes ahead.
 */
export function useCollectorMessage(): {
  messageElement: ReactNode;
  showMessage: (key: string) => void;
  confirm: (key: string, onConfirm: () => void) => void;
} {
  const [current, setCurrent] = useState<Current | null>(null);
  const showMessage = useCallback((key: string) => {
    setCurrent({ key });
  }, []);
  const confirm = useCallback((key: string, onConfirm: () => void) => {
    setCurrent({ key, onConfirm });
  }, []);
  const onConfirm = current?.onConfirm;
  const messageElement = current ? (
    <LazyServerMessageModal
      key={current.key}
      messageKey={current.key}
      {...(onConfirm
        ? {
            onAction: (action: string) => {
              if (action === CONFIRM_ACTION) onConfirm();
            },
          }
        : {})}
      onClose={() => {
        setCurrent(null);
      }}
    />
  ) : null;
  return { messageElement, showMessage, confirm };
}
