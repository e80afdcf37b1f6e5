import { useSyncExternalStore } from 'react';
import { readRunGroup, subscribeRunGroup, writeRunGroup, type RunGroupItem } from '../run-group';

const serverSnapshot = (): readonly RunGroupItem[] => [];

/** The collector-run group kept in local storage, and a setter that stores it (every tab agrees). */
export function useRunGroup(): [readonly RunGroupItem[], (group: readonly RunGroupItem[]) => void] {
  const group = useSyncExternalStore(subscribeRunGroup, readRunGroup, serverSnapshot);
  return [group, writeRunGroup];
}
