import { useSuspenseQuery } from '@tanstack/react-query';
import { viewerQuery } from '../api/get-viewer';

/** The current viewer (loaded by the root route before anything renders). */
export function useViewer() {
  return useSuspenseQuery(viewerQuery()).data;
}
