// Parse once (issue #41 item 4): the read-through on arrival spills each sample's packed row beside the upload, and the
// store reads those rows instead of parsing the file again — the same rows as parsing, within the same work budget; a
// spill that is stale (the upload changed), incomplete or missing is not used (the file is parsed as before); a file
// refused on arrival leaves none; a stored file's spill is removed.
import { existsSync, readFileSync, truncateSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { Project } from '@assessment/sdk';
import { CollectorFileError } from '../src/collector-file/errors.ts';
import { generateCollectorRecords, saveCollectorFile, sampleCount } from '../src/collector-file/index.ts';
import { generateVsphereRecords, vsphereSampleCount } from '../src/collector-file/generate-vsphere.ts';
import { diurnalLoad } from '../src/collector-file/generate.ts';
import { boundedCheck, ParseSlots } from '../src/ingest/check.ts';
import { openSpill, readThrough, spillPathOf, SPILL_ROWS_PER_BLOCK } from '../src/ingest/spill.ts';
import { storeCollectorFileAt, storeSpill } from '../src/series/ingest.ts';
import { storedSampleCount } from '../src/series/samples.ts';
import {
  backgroundIngestServers,
  freshStore,
  sampleRows,
  signedIn,
  smallCollectorFile,
  uploadIokit,
  uploadModel,
} from './helpers.ts';

const RUN = 1;
const VSPHERE = {
  vsphere: { clusters: 1, hostsPerCluster: 2, vmsPerHost: 3, poweredOffEvery: 4 },
  durationSeconds: 14 * 3600,
  intervalSeconds: 20,
  seed: 7,
  start: Date.parse('2026-11-16T00:00:00Z') / 1000,
};

/** Everything a stored run's series leaves in the database (host ids left out: each store numbers them anew). */
const dump = (db: DatabaseSync): string =>
  JSON.stringify([
    sampleRows(db),
    db.prepare('SELECT * FROM series_run_totals ORDER BY t').all(),
    db.prepare('SELECT * FROM series_host_hours ORDER BY host_id, hour').all(),
    db.prepare('SELECT first_t, last_t, peak_iops FROM series_hosts ORDER BY id').all(),
  ]).replace(/"host_id":\d+/g, '');

/** Sets the first spilled row's CPU % (its 8th number) to value: what is stored then shows the spill was read. */
function patchFirstCpu(file: string, value: number): void {
  const spill = readFileSync(spillPathOf(file));
  const headerBytes = spill.readUInt32LE(24);
  const rows = 32 + headerBytes + ((8 - (headerBytes % 8)) % 8) + 8;
  spill.writeDoubleLE(value, rows + 7 * 8);
  writeFileSync(spillPathOf(file), spill);
}

/** The highest CPU % stored (of the hosts given), read through the sample store. */
const maxCpu = (db: DatabaseSync, hostIds?: readonly number[]): number =>
  sampleRows(db, hostIds).reduce((m, r) => Math.max(m, r.cpu_pct ?? -Infinity), -Infinity);

const count = (db: DatabaseSync, table: string): number =>
  (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('the spill of a read-through', () => {
  let db: DatabaseSync;
  let dir = '';
  freshStore((d, folder) => {
    db = d;
    dir = folder;
  });

  it('stores the same rows as parsing the file, for a vSphere file of several blocks and a version-1 file', async () => {
    const vsphere = path.join(dir, 'v3.iokit');
    await saveCollectorFile(vsphere, generateVsphereRecords(VSPHERE, diurnalLoad));
    const samples = vsphereSampleCount(VSPHERE);
    expect(samples).toBeGreaterThan(SPILL_ROWS_PER_BLOCK);
    const v1 = path.join(dir, 'v1.iokit');
    const v1Spec = { hosts: 3, durationSeconds: 6 * 3600, intervalSeconds: 60, seed: 4 };
    await saveCollectorFile(v1, generateCollectorRecords(v1Spec));
    for (const [file, n] of [
      [vsphere, samples],
      [v1, sampleCount(v1Spec)],
    ] as const) {
      expect(await storeCollectorFileAt(db, RUN, file, { worker: false })).toMatchObject({ samples: n });
      const parsed = dump(db);
      expect(await readThrough(file, true)).toMatchObject({ samples: n });
      expect(openSpill(file)?.samples).toBe(n);
      let headerSeen = false;
      expect(
        await storeCollectorFileAt(db, RUN, file, {
          onHeader: () => (headerSeen = true),
        }),
      ).toMatchObject({ samples: n });
      expect(headerSeen).toBe(true);
      expect(dump(db)).toEqual(parsed);
    }
    // What is stored comes from the spill, not from parsing the file again.
    patchFirstCpu(v1, 99.95);
    await storeCollectorFileAt(db, RUN, v1);
    expect(maxCpu(db)).toBe(99.95);
  });

  it('is not used once the upload changed, when incomplete or missing: the file is parsed (and refused) as before', async () => {
    const file = path.join(dir, 'f.iokit');
    await saveCollectorFile(
      file,
      generateCollectorRecords({ hosts: 2, days: 1 / 24, intervalSeconds: 60, seed: 3 }),
    );
    await readThrough(file, true);
    expect(openSpill(file)).not.toBeNull();
    // Another modification time: stale.
    const { mtime } = statSync(file);
    utimesSync(file, mtime, new Date(mtime.getTime() + 5000));
    expect(openSpill(file)).toBeNull();
    // Read again: current; then cut short: incomplete.
    await readThrough(file, true);
    expect(openSpill(file)).not.toBeNull();
    truncateSync(spillPathOf(file), statSync(spillPathOf(file)).size - 8);
    expect(openSpill(file)).toBeNull();
    // The upload damaged after its read-through: the store parses it and refuses it, storing nothing.
    await readThrough(file, true);
    const bytes = readFileSync(file);
    writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect(openSpill(file)).toBeNull();
    const error = await storeCollectorFileAt(db, RUN, file).catch((e: unknown) => e);
    expect((error as CollectorFileError).errorKey).toBe('iokit_file_truncated');
    expect(storedSampleCount(db)).toBe(0);
    // Without a read-through there is no spill: parsed.
    const other = path.join(dir, 'g.iokit');
    await saveCollectorFile(
      other,
      generateCollectorRecords({ hosts: 1, days: 1 / 24, intervalSeconds: 60, seed: 5 }),
    );
    expect(openSpill(other)).toBeNull();
    expect(await storeCollectorFileAt(db, RUN, other)).toMatchObject({ hosts: 1 });
  });

  it('a store over its work budget is refused as too large (checked once a block, fake clock) and leaves nothing', async () => {
    const file = path.join(dir, 'v3.iokit');
    await saveCollectorFile(file, generateVsphereRecords(VSPHERE, diurnalLoad));
    await readThrough(file, true);
    let now = 0;
    const clock = (): number => (now += 1000);
    const store = (workSeconds: number) => {
      const spill = openSpill(file);
      if (!spill) throw new Error('a spill');
      now = 0;
      return storeSpill(db, RUN, spill, { limits: { workSeconds }, clock });
    };
    expect(await store(60)).toMatchObject({ samples: vsphereSampleCount(VSPHERE) });
    const error = await store(1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CollectorFileError);
    expect((error as CollectorFileError).errorKey).toBe('iokit_file_too_large');
    expect((error as CollectorFileError).reason).toMatch(/more than 1 seconds/);
    expect(storedSampleCount(db)).toBe(0);
    expect(count(db, 'series_run_totals')).toBe(0);
  });

  it('a file refused on arrival leaves no spill; a readable one leaves one', async () => {
    const slots = new ParseSlots(1, 1);
    const good = path.join(dir, 'good.iokit');
    writeFileSync(good, smallCollectorFile(2));
    expect(await boundedCheck(slots, 1, good)).toBeNull();
    expect(existsSync(spillPathOf(good))).toBe(true);
    const cut = path.join(dir, 'cut.iokit');
    const whole = smallCollectorFile(2);
    writeFileSync(cut, whole.subarray(0, whole.length - 40));
    expect((await boundedCheck(slots, 1, cut))?.errorKey).toBe('iokit_file_truncated');
    expect(existsSync(spillPathOf(cut))).toBe(false);
  });
});

describe('an uploaded file is parsed once', { timeout: 60_000 }, () => {
  const server = backgroundIngestServers();

  it('its rows are spilled on arrival, stored from the spill, which is then removed; a removed upload takes its spill', async () => {
    const s = await server();
    const c = await signedIn(s, 'enduser@adventure-works.example');
    const up = await uploadIokit(c, smallCollectorFile(9), 'once.iokit');
    const stored = s.server.ctx.repo.upload(up.FileId ?? '');
    const file = s.server.ctx.files.resolve('uploads', stored?.stored_path ?? '');
    // Placed under the upload's final name, current; the store reads it (its first row's CPU % changed to tell).
    expect(openSpill(file)?.samples).toBe(20);
    patchFirstCpu(file, 99.95);
    const q = await c.json<{ Data: { Id: number } }>('POST', '/upload-service/api/iokitqueue', {
      json: uploadModel([up], { newProjectName: 'Parsed once' }),
    });
    expect(q.status).toBe(200);
    await s.server.ctx.ingest.idle();
    const project = await c.json<Project>('GET', `/api/projects/${String(q.body.Data.Id)}`);
    expect(project.body.CollectorRuns.map((r) => r.Status)).toEqual(['Completed']);
    const runHosts = s.server.ctx.repo
      .all<{ id: number }>(
        'SELECT id FROM series_hosts WHERE run_id = ?',
        project.body.CollectorRuns[0]?.Id ?? 0,
      )
      .map((h) => h.id);
    expect(maxCpu(s.server.ctx.repo.db, runHosts)).toBe(99.95);
    expect(existsSync(spillPathOf(file))).toBe(false);
    // Removing an upload removes its spill.
    const other = await uploadIokit(c, smallCollectorFile(10), 'removed.iokit');
    const otherFile = s.server.ctx.files.resolve(
      'uploads',
      s.server.ctx.repo.upload(other.FileId ?? '')?.stored_path ?? '',
    );
    expect(existsSync(spillPathOf(otherFile))).toBe(true);
    s.server.ctx.files.remove('uploads', path.basename(otherFile));
    expect(existsSync(spillPathOf(otherFile))).toBe(false);
  });
});
