import { useCallback, useState, type ReactNode } from 'react';
import { LazyServerMessageModal } from '@/features/errors';

interface Current {
  key: string;
}

/**
 * Server-provided messages of the download flow (spec part 8): collectorDownloadError, choose_collector and the
 * keys an envelope names.
 */
export function useCollectorMessage(): {
  messageElement: ReactNode;
  showMessage: (key: string) => void;
} {
  const [current, setCurrent] = useState<Current | null>(null);
  const showMessage = useCallback((key: string) => {
    setCurrent({ key });
  }, []);
  const messageElement = current ? (
    <LazyServerMessageModal
      key={current.key}
      messageKey={current.key}
      onClose={() => {
        setCurrent(null);
      }}
    />
  ) : null;
  return { messageElement, showMessage };
}
