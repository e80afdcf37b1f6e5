import { useCallback, useState, type ReactNode } from 'react';
import { LazyServerMessageModal } from '../components/LazyServerMessageModal';

/** The affirmative action of the server's confirmation messages (project_delete, remove_cr…). */
export const CONFIRM_ACTION = 'Confirm';

interface Current {
  key: string;
  onAction?: (action: string) => void;
}

/**
 * Server-provided messages of a page (spec part 8): success keys (projectcreated, projectupdated…), validation
 * keys (emptyfield, choose_collector…) and confirmations whose text says what will happen.
 */
export function useServerMessage(): {
  messageElement: ReactNode;
  showMessage: (key: string, onAction?: (action: string) => void) => void;
  confirm: (key: string, onConfirm: () => void) => void;
} {
  const [current, setCurrent] = useState<Current | null>(null);
  const showMessage = useCallback((key: string, onAction?: (action: string) => void) => {
    setCurrent(onAction ? { key, onAction } : { key });
  }, []);
  const confirm = useCallback((key: string, onConfirm: () => void) => {
    setCurrent({
      key,
      onAction: (action) => {
        if (action === CONFIRM_ACTION) onConfirm();
      },
    });
  }, []);
  const messageElement = current ? (
    <LazyServerMessageModal
      key={current.key}
      messageKey={current.key}
      {...(current.onAction ? { onAction: current.onAction } : {})}
      onClose={() => {
        setCurrent(null);
      }}
    />
  ) : null;
  return { messageElement, showMessage, confirm };
}
