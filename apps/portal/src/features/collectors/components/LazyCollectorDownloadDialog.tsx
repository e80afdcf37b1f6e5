import { lazy, Suspense } from 'react';
import type { CollectorDownloadDialogProps } from './CollectorDownloadDialog';

const CollectorDownloadDialog = lazy(() =>
  import('./CollectorDownloadDialog').then((module) => ({ default: module.CollectorDownloadDialog })),
);

/** The collector download dialog, loaded when opened (its dialog, select and calls stay out of the first page). */
export function LazyCollectorDownloadDialog(props: CollectorDownloadDialogProps) {
  return (
    <Suspense fallback={null}>
      <CollectorDownloadDialog {...props} />
    </Suspense>
  );
}
