import { Suspense, lazy } from 'react';
import type { SizingPanelProps } from './SizingPanel';

const SizingPanel = lazy(() => import('./SizingPanel'));

/**
 * The sizing panel, loaded with its own chunk when the viewer shows it: the viewer's first load does not carry its
 * code. It is the last thing on the page: nothing below it moves when it arrives.
 */
export function LazySizingPanel(props: SizingPanelProps) {
  return (
    <Suspense fallback={null}>
      <SizingPanel {...props} />
    </Suspense>
  );
}
