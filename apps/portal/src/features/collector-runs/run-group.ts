import type { CollectorRun } from '@assessment/sdk';

/** One run of the group as kept in local storage (spec part 3: name, owner, id per item). */
export interface RunGroupItem {
  Id: number;
  Name: string;
  OwnerEmail: string;
}

/** Where the collector-run group lives in local storage (it survives reloads and navigation). */
export const RUN_GROUP_STORAGE_KEY = 'collectorRunGroup';

const EMPTY: readonly RunGroupItem[] = [];

function isItem(value: unknown): value is RunGroupItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.Id === 'number' &&
    Number.isInteger(item.Id) &&
    typeof item.Name === 'string' &&
    typeof item.OwnerEmail === 'string'
  );
}

/** Reads the stored group; anything unreadable (another version, hand-edited) counts as an empty group. */
export function parseRunGroup(text: string | null): readonly RunGroupItem[] {
  if (!text) return EMPTY;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return EMPTY;
    const seen = new Set<number>();
    return parsed.filter((item): item is RunGroupItem => {
      if (!isItem(item) || seen.has(item.Id)) return false;
      seen.add(item.Id);
      return true;
    });
  } catch {
    return EMPTY;
  }
}

const itemOf = (run: CollectorRun): RunGroupItem => ({
  Id: run.Id,
  Name: run.Name,
  OwnerEmail: run.OwnerEmail,
});

/**
 * The group after the checkboxes of one page changed: runs of the page in `selectedIds` join it (in page order),
 * runs of the page not in it leave it, and runs of other pages stay as they are.
 */
export function applyPageSelection(
  group: readonly RunGroupItem[],
  pageRuns: readonly CollectorRun[],
  selectedIds: ReadonlySet<number>,
): readonly RunGroupItem[] {
  const onPage = new Set(pageRuns.map((run) => run.Id));
  const kept = group.filter((item) => !onPage.has(item.Id) || selectedIds.has(item.Id));
  const present = new Set(kept.map((item) => item.Id));
  const added = pageRuns.filter((run) => selectedIds.has(run.Id) && !present.has(run.Id)).map(itemOf);
  return [...kept, ...added];
}

/** The group with one run toggled: added when absent, removed when present. */
export function toggleRun(group: readonly RunGroupItem[], run: CollectorRun): readonly RunGroupItem[] {
  return group.some((item) => item.Id === run.Id)
    ? group.filter((item) => item.Id !== run.Id)
    : [...group, itemOf(run)];
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedText: string | null | undefined;
let cachedGroup: readonly RunGroupItem[] = EMPTY;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled by the browser: the group lives for the page only
  }
}

/** The stored group (the same array while the stored text is unchanged, as useSyncExternalStore needs). */
export function readRunGroup(): readonly RunGroupItem[] {
  const text = storage()?.getItem(RUN_GROUP_STORAGE_KEY) ?? null;
  if (text !== cachedText) {
    cachedText = text;
    cachedGroup = parseRunGroup(text);
  }
  return cachedGroup;
}

/** Stores the group (an empty group removes the entry: clearing empties the storage too). */
export function writeRunGroup(group: readonly RunGroupItem[]): void {
  const store = storage();
  if (group.length === 0) store?.removeItem(RUN_GROUP_STORAGE_KEY);
  else store?.setItem(RUN_GROUP_STORAGE_KEY, JSON.stringify(group));
  cachedText = undefined;
  for (const listener of listeners) listener();
}

/** Subscribes to group changes of this page and of other tabs (the storage event). */
export function subscribeRunGroup(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === RUN_GROUP_STORAGE_KEY || event.key === null) {
      cachedText = undefined;
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
