import { lazy, Suspense } from 'react';
import type { ServerMessageModalProps } from './ServerMessageModal';

const ServerMessageModal = lazy(() =>
  import('./ServerMessageModal').then((module) => ({ default: module.ServerMessageModal })),
);

/** The server message modal, loaded on first use (its dialog and DOMPurify stay out of the page's initial JS). */
export function LazyServerMessageModal(props: ServerMessageModalProps) {
  return (
    <Suspense fallback={null}>
      <ServerMessageModal {...props} />
    </Suspense>
  );
}
