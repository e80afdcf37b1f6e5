// Ingest threads yield the CPU to the server's event loop: on a 2-core machine two threads reading or storing files
// at full speed otherwise share the cores with the thread that answers requests evenly (the viewer's p95 was 114 and
// 346 ms, target 100, while ten files were uploaded). On Linux the niceness of setpriority(pid 0) is the calling
// thread's own, so this lowers the ingest thread only; elsewhere it may lower the whole process, so it is skipped.
import { setPriority } from 'node:os';

/** The niceness of an ingest thread (0 is the event loop's; 10 gives it about a tenth of a contended core). */
export const INGEST_NICENESS = 10;

/** Lowers the calling thread's CPU priority (Linux); a refusal leaves it as it is. */
export function lowerIngestPriority(platform: NodeJS.Platform = process.platform): boolean {
  if (platform !== 'linux') return false;
  try {
    setPriority(INGEST_NICENESS);
    return true;
  } catch {
    return false;
  }
}
