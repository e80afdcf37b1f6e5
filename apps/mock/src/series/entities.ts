// One entity across files (docs/collector-format.md, "One entity across files (demo API)"): a vSphere collection comes
// in parts (one file per 100 MB), each a run of its own, and a file may be uploaded twice. Two format-3 entries of runs
// of one project are the same entity when their file's source (kind and name) and their id are equal (series_hosts /
// series_datastores entity_key); every reader of the project takes such an entity once:
// - its node is its first row's (by id: it stays the same as parts are added), and that node's state applies to all
//   its rows;
// - its inventory facts (power state, host, allocation, a datastore's capacity) are its latest part's: the row of the
//   run whose samples end last;
// - a row all of whose sample times an earlier row of the entity already holds (the same file uploaded twice) adds
//   nothing: it is left out of the hosts and subtracted from the totals.
// Rows without a key (no source: Linux files, formats 1 and 2) are each their own entity, as before.
import type { DatabaseSync } from 'node:sqlite';
import { seriesState } from './cache.ts';
import { readSamples, timesHeldBy, type SampleColumns, type SampleField } from './samples.ts';

/** The key of a format-3 entry (a host, VM or server entry, or a datastore) across runs. */
export function entityKey(source: { kind: string; name: string }, id: string): string {
  return JSON.stringify([source.kind, source.name, id]);
}

export interface ProjectEntities {
  /** A row's node id → its entity's node id, for the rows whose node is not their entity's (hosts and datastores). */
  alias: ReadonlyMap<string, string>;
  /** Every row of a merged entity (series_hosts id) → all the entity's rows, in id order. */
  rowsOf: ReadonlyMap<number, readonly number[]>;
  /** Rows of merged entities that are not the latest (their facts give way to the latest part's). */
  superseded: ReadonlySet<number>;
  /** Rows (servers and hosts, not VMs) whose every sample an earlier row of their entity holds at the same t. */
  duplicates: ReadonlySet<number>;
  /** Datastore rows (series_datastores id) superseded by a later part's row of the same datastore. */
  datastoresSuperseded: ReadonlySet<number>;
}

interface KeyedRow {
  id: number;
  key: string;
  nodeId: string | null;
  entity: string;
  first: number | null;
  last: number | null;
  runEnd: number | null;
  runId: number;
}

/** Groups rows by key; in each group the first (by id) and the latest (the run ending last; then the later run). */
function groups<T extends { id: number; key: string; runEnd: number | null; runId: number }>(
  rows: readonly T[],
): { rows: T[]; latest: T }[] {
  const byKey = new Map<string, T[]>();
  for (const r of rows) {
    const g = byKey.get(r.key);
    if (g) g.push(r);
    else byKey.set(r.key, [r]);
  }
  return [...byKey.values()]
    .filter((g) => g.length > 1)
    .map((g) => {
      g.sort((a, b) => a.id - b.id);
      return { rows: g, latest: latestOf(g) ?? (g[0] as T) };
    });
}

/** The row of the run whose samples end last (then the later run); undefined for no rows. */
function latestOf<T extends { runEnd: number | null; runId: number }>(rows: readonly T[]): T | undefined {
  const end = (r: T): number => r.runEnd ?? -Infinity;
  return rows.reduce<T | undefined>(
    (best, r) =>
      best === undefined || end(r) > end(best) || (end(r) === end(best) && r.runId > best.runId) ? r : best,
    undefined,
  );
}

const NONE: ProjectEntities = {
  alias: new Map(),
  rowsOf: new Map(),
  superseded: new Set(),
  duplicates: new Set(),
  datastoresSuperseded: new Set(),
};

/** The last projects' entities, by the series' state (cache.ts seriesState) and project: read many times a request. */
const kept = new Map<string, ProjectEntities>();
const KEPT = 8;

/** The project's entities held by more than one run (of its runs not deleted). */
export function projectEntities(db: DatabaseSync, projectId: number): ProjectEntities {
  const runs = db
    .prepare(
      'SELECT group_concat(id) AS ids, COUNT(*) AS n FROM collector_runs WHERE project_id = ? AND deleted = 0',
    )
    .get(projectId) as { ids: string | null; n: number };
  // One run holds each entity once (a file's ids are unique).
  if (runs.n <= 1) return NONE;
  const key = `${seriesState(db)}|${String(projectId)}|${runs.ids ?? ''}`;
  let found = kept.get(key);
  if (found === undefined) {
    found = computeEntities(db, projectId);
    kept.set(key, found);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value ?? key);
  }
  return found;
}

function computeEntities(db: DatabaseSync, projectId: number): ProjectEntities {
  // A run's end: the last sample time of any of its entries (its latest part is the one that ends last). Read apart:
  // as a correlated subquery of the rows below it was taken again for every row (quadratic in a run's entries).
  const runEnd = new Map(
    (
      db
        .prepare(
          `SELECT r.id, MAX(h.last_t) AS runEnd FROM collector_runs r JOIN series_hosts h ON h.run_id = r.id
           WHERE r.project_id = ? AND r.deleted = 0 GROUP BY r.id`,
        )
        .all(projectId) as { id: number; runEnd: number | null }[]
    ).map((r) => [r.id, r.runEnd]),
  );
  const runs = JSON.stringify([...runEnd.keys()]);
  const withEnd = <T extends { runId: number }>(rows: T[]): (T & { runEnd: number | null })[] =>
    rows.map((r) => ({ ...r, runEnd: runEnd.get(r.runId) ?? null }));
  const hosts = withEnd(
    db
      .prepare(
        `SELECT h.id, h.entity_key AS key, h.node_id AS nodeId, h.entity, h.first_t AS first, h.last_t AS last,
           h.run_id AS runId
         FROM series_hosts h WHERE h.run_id IN (SELECT value FROM json_each(?)) AND h.entity_key IS NOT NULL`,
      )
      .all(runs) as unknown as Omit<KeyedRow, 'runEnd'>[],
  );
  const alias = new Map<string, string>();
  const rowsOf = new Map<number, readonly number[]>();
  const superseded = new Set<number>();
  const duplicates = new Set<number>();
  for (const g of groups(hosts)) {
    const [first] = g.rows;
    if (first === undefined) continue;
    const ids = g.rows.map((r) => r.id);
    for (const r of g.rows) {
      rowsOf.set(r.id, ids);
      if (r !== first && r.nodeId !== null && first.nodeId !== null && r.nodeId !== first.nodeId)
        alias.set(r.nodeId, first.nodeId);
    }
    if (first.entity !== 'vm') findDuplicates(g.rows);
    // The latest part's row among those that count (a duplicate holds the same facts as the row it repeats).
    const latest = latestOf(g.rows.filter((r) => !duplicates.has(r.id))) ?? g.latest;
    for (const r of g.rows) if (r !== latest) superseded.add(r.id);
  }
  function findDuplicates(rows: KeyedRow[]): void {
    rows.forEach((r, i) => {
      if (i === 0 || r.first === null || r.last === null) return;
      const earlier = rows.slice(0, i).filter((e) => !duplicates.has(e.id));
      // Parts that do not overlap in time just follow each other: only an overlapping row is looked into.
      const overlaps = earlier.some(
        (e) => e.first !== null && e.last !== null && e.first <= (r.last ?? 0) && (r.first ?? 0) <= e.last,
      );
      if (!overlaps) return;
      // Is every sample time of the row held by one of the earlier rows?
      if (
        timesHeldBy(
          db,
          r.id,
          earlier.map((e) => e.id),
        )
      )
        duplicates.add(r.id);
    });
  }
  const stores = withEnd(
    db
      .prepare(
        `SELECT d.id, d.entity_key AS key, k.node_id AS nodeId, d.run_id AS runId
         FROM series_datastores d LEFT JOIN series_disks k ON k.id = d.disk_id
         WHERE d.run_id IN (SELECT value FROM json_each(?)) AND d.entity_key IS NOT NULL`,
      )
      .all(runs) as unknown as { id: number; key: string; nodeId: string | null; runId: number }[],
  );
  const datastoresSuperseded = new Set<number>();
  for (const g of groups(stores)) {
    const first = g.rows[0];
    for (const r of g.rows) {
      if (r !== g.latest) datastoresSuperseded.add(r.id);
      if (first && r !== first && r.nodeId !== null && first.nodeId !== null && r.nodeId !== first.nodeId)
        alias.set(r.nodeId, first.nodeId);
    }
  }
  return { alias, rowsOf, superseded, duplicates, datastoresSuperseded };
}

/** A row's node id as its entity's. */
export function entityNode(entities: ProjectEntities, nodeId: string): string {
  return entities.alias.get(nodeId) ?? nodeId;
}

/** All the rows of a row's entity (itself alone when no other run holds it). */
export function entityRows(entities: ProjectEntities, id: number): readonly number[] {
  return entities.rowsOf.get(id) ?? [id];
}

/**
 * The samples of an entity's rows with t in [from, to], in time order, each t once (two runs holding the same sample
 * time, the same file uploaded twice, give it once: the first row's), as columns of the fields asked.
 */
export function entitySamples<F extends SampleField>(
  db: DatabaseSync,
  ids: number | readonly number[],
  fields: readonly F[],
  from: number,
  to: number,
): SampleColumns<F> {
  const list = typeof ids === 'number' ? [ids] : ids;
  if (list.length > 1) {
    // Parts that do not overlap in time (a collection in parts): each row's range in turn, in time order.
    const spans = (
      db
        .prepare(
          `SELECT id, first_t AS first, last_t AS last FROM series_hosts WHERE id IN (SELECT value FROM json_each(?))`,
        )
        .all(JSON.stringify(list)) as { id: number; first: number | null; last: number | null }[]
    )
      .filter((r) => r.first !== null && r.last !== null)
      .sort((a, b) => (a.first ?? 0) - (b.first ?? 0));
    if (spans.every((r, i) => i === 0 || (spans[i - 1]?.last ?? Infinity) < (r.first ?? -Infinity)))
      return concat(
        spans.map((r) => readSamples(db, r.id, fields, { from, to })),
        fields,
      );
  }
  return readSamples(db, list, fields, { from, to });
}

/** Sample columns one after the other. */
function concat<F extends SampleField>(parts: SampleColumns<F>[], fields: readonly F[]): SampleColumns<F> {
  const length = parts.reduce((n, p) => n + p.length, 0);
  const keys: (F | 't')[] = ['t', ...fields];
  const columns = {} as Record<F | 't', Float64Array>;
  for (const k of keys) {
    const out = new Float64Array(length);
    let at = 0;
    for (const p of parts) {
      out.set(p.columns[k], at);
      at += p.length;
    }
    columns[k] = out;
  }
  return { length, columns };
}
