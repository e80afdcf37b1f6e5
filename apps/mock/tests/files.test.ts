// Upload files are written under a temporary name and placed with their row; a crash mid-upload leaves nothing
// behind after the next start (#14 finding 12).
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedFileResponse } from '@assessment/sdk';
import { Client, collectorFile, startServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  await t.close();
});

const uploadsDir = (): string => path.join(t.dataDir, 'files', 'uploads');

describe('upload files and crashes', () => {
  it('stores an accepted upload under the name its row holds, and sweeps partial and row-less files at start-up', async () => {
    const c = new Client(t.url);
    await c.signIn('enduser@adventure-works.example');
    const form = new FormData();
    form.append('file', new Blob([collectorFile(2048)]), 'kept.iokit');
    const r = await c.json<UploadedFileResponse>('POST', '/upload-service/iokit/file', { body: form });
    expect(r.status).toBe(200);
    const row = t.server.ctx.repo.upload(r.body.FileId ?? '');
    expect(row).toBeDefined();
    const kept = path.join(uploadsDir(), row?.stored_path ?? '');
    expect(existsSync(kept)).toBe(true);
    // Nothing temporary stays after a finished upload.
    expect(readdirSync(uploadsDir()).filter((n) => n.startsWith('.'))).toEqual([]);

    // What a kill -9 leaves: a half-written temporary file, and a placed file whose row was never written.
    const partial = path.join(uploadsDir(), '.partial-0b5e2c1a-crash.iokit');
    const rowless = path.join(uploadsDir(), '7d1f3c2b-no-row.iokit');
    writeFileSync(partial, Buffer.alloc(4096, 2));
    writeFileSync(rowless, Buffer.alloc(4096, 3));
    // An upload's spilled rows (ingest/spill.ts) stay with it; those of a row-less file go with it.
    writeFileSync(`${kept}.rows`, Buffer.alloc(64, 4));
    writeFileSync(`${rowless}.rows`, Buffer.alloc(64, 5));

    await t.stop();
    t = await startServer({}, t.dataDir);
    expect(existsSync(partial)).toBe(false);
    expect(existsSync(rowless)).toBe(false);
    expect(existsSync(kept)).toBe(true);
    expect(existsSync(`${rowless}.rows`)).toBe(false);
    expect(existsSync(`${kept}.rows`)).toBe(true);
  });
});
