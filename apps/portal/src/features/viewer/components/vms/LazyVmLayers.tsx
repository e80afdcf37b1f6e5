import type { ViewerNode } from '@assessment/sdk';
import { Suspense, lazy, useRef } from 'react';
import { useWhenNearOrSettled } from '../sizing/LazySizingPanel';
import type { VmLayersProps } from './VmLayers';

const VmLayers = lazy(() => import('./VmLayers'));

export interface LazyVmLayersProps extends VmLayersProps {
  /** The project's nodes: only a project with hypervisor hosts (a vSphere file's) can have VMs and clusters. */
  nodes: readonly ViewerNode[];
}

/**
 * The clusters and VMs of a vSphere project, loaded with their own chunk (the viewer's route does not carry their
 * code) once the page's own figures have loaded or the reader scrolls near them, like the sizing panel. A project
 * without hypervisor hosts loads nothing; one whose answer has no VMs and no clusters shows nothing.
 */
export function LazyVmLayers({ nodes, ...props }: LazyVmLayersProps) {
  const slot = useRef<HTMLDivElement>(null);
  const ready = useWhenNearOrSettled(slot);
  if (!nodes.some((node) => node.Kind === 'host')) return null;
  return (
    <div ref={slot}>
      {ready && (
        <Suspense fallback={null}>
          <VmLayers {...props} />
        </Suspense>
      )}
    </div>
  );
}
