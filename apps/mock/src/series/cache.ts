// A small cache of recent viewer reads (the last CACHE_LIMIT results). A result is keyed by everything it depends
// on: the caller's key (the project's runs, enabled hosts and disabled nodes, the query), this process's series
// version (bumped by every store, clear and node change made here) and SQLite's data_version (changed by commits
// of other connections). A viewer re-reading the same range after a toggle back, or several viewers of a project,
// get the result without reading the totals again; the first read of any view is computed as before.
import type { DatabaseSync } from 'node:sqlite';

const DEFAULT_LIMIT = 32;
let limit = DEFAULT_LIMIT;
let version = 0;
const results = new Map<string, unknown>();

/** The series changed (a file stored or removed, a node toggled): cached results are dropped. */
export function seriesChanged(): void {
  version += 1;
  results.clear();
}

/** How many results are kept (0: no cache — the benchmark's cold figures). */
export function setSeriesCacheLimit(n: number): void {
  limit = Math.max(0, n);
  results.clear();
}

/**
 * What the series look like now: this process's version and SQLite's data_version. A key for a derived index that is
 * kept whatever the cache's limit (entities.ts), as the limit is for the viewer's results.
 */
export function seriesState(db: DatabaseSync): string {
  const dataVersion = (db.prepare('PRAGMA data_version').get() as { data_version: number }).data_version;
  return `${String(version)}|${String(dataVersion)}`;
}

export function cachedRead<T>(db: DatabaseSync, key: string, compute: () => T): T {
  if (limit === 0) return compute();
  const dataVersion = (db.prepare('PRAGMA data_version').get() as { data_version: number }).data_version;
  const k = `${String(version)}|${String(dataVersion)}|${key}`;
  if (results.has(k)) {
    const hit = results.get(k) as T;
    results.delete(k);
    results.set(k, hit);
    return hit;
  }
  const value = compute();
  results.set(k, value);
  if (results.size > limit) {
    const oldest = results.keys().next();
    if (!oldest.done) results.delete(oldest.value);
  }
  return value;
}
