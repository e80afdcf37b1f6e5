// Storing one queued collector file into its run, on whichever connection is given: its inventory, then its series
// (the rows its read-through on arrival spilled, ingest/spill.ts; or parsed and reduced in a thread of their own while
// this one inserts), then the peak IOPS, reporting the percent of the samples the header announces. The pool runs it
// in a worker thread with its own connection (store-worker.ts), so the server's event loop only answers requests
// while a file is stored (SQLite in WAL mode: readers never wait for it).
import type { DatabaseSync } from 'node:sqlite';
import type { CollectorHeader } from '../collector-file/records.ts';
import { transaction } from '../store/db.ts';
import { fillRunPeakIops, insertRunInventory } from '../series/inventory.ts';
import { storeCollectorFileAt } from '../series/ingest.ts';
import { precomputeRunVmBases } from '../sizing/vm-bases.ts';
import { removeSpill } from './spill.ts';

/** Samples the header announces: one per host and interval over the collection (at least one per host). */
export function expectedSamples(header: CollectorHeader): number {
  const seconds = (Date.parse(header.end) - Date.parse(header.start)) / 1000;
  const intervals =
    Number.isFinite(seconds) && header.intervalSeconds > 0 ? seconds / header.intervalSeconds : 1;
  return Math.max(1, header.hosts.length * Math.max(1, Math.round(intervals)));
}

/** Percent stored, 0–99 while storing (100 only once the run is complete and no longer pending). */
export const progressPercent = (stored: number, expected: number): number =>
  Math.min(99, Math.floor((stored / Math.max(1, expected)) * 100));

export async function storeRunFile(
  db: DatabaseSync,
  runId: number,
  filePath: string,
  onProgress: (percent: number) => void,
): Promise<void> {
  let expected = 1;
  let shown = 0;
  // Parsed in a further thread while this one inserts (series/ingest.ts); the inventory goes in before the series.
  await storeCollectorFileAt(db, runId, filePath, {
    onHeader: (header) => {
      expected = expectedSamples(header);
      transaction(db, () => {
        insertRunInventory(db, runId, header);
      });
    },
    onSamples: (stored) => {
      const percent = progressPercent(stored, expected);
      if (percent === shown) return;
      shown = percent;
      onProgress(percent);
    },
  });
  fillRunPeakIops(db, runId);
  // The per-VM sizing's bases, once, while the run's pages are warm (the viewer's sizing answer then reads none).
  precomputeRunVmBases(db, runId);
  // Stored: the rows read on arrival are not needed again (a failed store keeps them for the file's next queueing).
  removeSpill(filePath);
}
