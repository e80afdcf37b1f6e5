// Issue #32 (a): the size limits of a collector file (docs/collector-format.md "Limits", the contract's
// CollectorFile* schemas). Each is refused with its own ErrorKey as soon as the reader reaches it; the parser is
// checked with small limits (the same code as the defaults), the upload with the real ones: a header over 20 000
// hosts and a gzip bomb are refused on arrival and not kept, a file at the host limit is stored.
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdEnvelope, ProjectSeriesSummary, UploadedFileResponse } from '@assessment/sdk';
import { MessageKey } from '@assessment/sdk';
import {
  COLLECTOR_FILE_ERROR_KEYS,
  COLLECTOR_FILE_LIMITS,
  CollectorFileError,
  isSampleV2,
  parseCollectorFile,
  recordLine,
  type CollectorFileLimits,
  type CollectorRecord,
} from '../src/collector-file/index.ts';
import { MESSAGES } from '../src/messages.ts';
import { MESSAGE_CULTURES } from '../src/message-cultures/index.ts';
import { hostileRecords } from '../bench/hostile-file.ts';
import { Client, signedIn, startServer, type TestServer } from './helpers.ts';

const LIMIT_KEYS = [
  'iokit_file_too_many_hosts',
  'iokit_file_too_many_devices',
  'iokit_file_line_too_long',
  'iokit_file_too_large',
  'iokit_file_compression_ratio',
  'iokit_file_too_many_samples',
] as const;

const text = (records: CollectorRecord[], extra = ''): string =>
  records.map((r) => recordLine(r)).join('') + extra;

async function parseError(data: Buffer, limits: Partial<CollectorFileLimits>): Promise<CollectorFileError> {
  try {
    for await (const record of parseCollectorFile(Readable.from([data]), {
      ...COLLECTOR_FILE_LIMITS,
      ...limits,
    }))
      if (record.type === 'end') expect(record.samples).toBeGreaterThan(0);
  } catch (error) {
    if (error instanceof CollectorFileError) return error;
    throw error;
  }
  throw new Error('the file was read without error');
}

async function parses(data: Buffer, limits: Partial<CollectorFileLimits>): Promise<number> {
  let n = 0;
  for await (const record of parseCollectorFile(Readable.from([data]), {
    ...COLLECTOR_FILE_LIMITS,
    ...limits,
  }))
    if (record.type === 'sample') n += 1;
  return n;
}

/** hostileRecords with `samples` samples of host h0, one minute apart. */
function withSamples(hosts: number, samples: number, disks = 1, nics = 1): CollectorRecord[] {
  const [header, sample] = hostileRecords(hosts, disks, nics);
  if (header?.type !== 'header' || sample?.type !== 'sample' || isSampleV2(sample))
    throw new Error('hostileRecords changed');
  const rows: CollectorRecord[] = Array.from({ length: samples }, (_, i) => ({
    ...sample,
    t: sample.t + i * 60,
  }));
  return [header, ...rows, { type: 'end', samples }];
}

describe('the parser enforces each limit with its own key', () => {
  it('has one message key per limit, in the contract, with English and every culture’s texts', () => {
    for (const key of LIMIT_KEYS) {
      expect(COLLECTOR_FILE_ERROR_KEYS).toContain(key);
      expect(Object.values(MessageKey)).toContain(key);
      expect(MESSAGES[key].message).not.toBe('');
      for (const catalogue of Object.values(MESSAGE_CULTURES))
        expect(catalogue.messages[key]?.[1]).toBeTruthy();
    }
  });

  it('states the documented limits', () => {
    expect(COLLECTOR_FILE_LIMITS).toEqual({
      hosts: 20_000,
      disksPerHost: 1_024,
      nicsPerHost: 64,
      fileSystemsPerHost: 1_024,
      datastores: 4_096,
      lineChars: 32 * 1024 * 1024,
      decompressedBytes: 8 * 1024 ** 3,
      compressionRatio: 100,
      ratioFloorBytes: 16 * 1024 * 1024,
      samples: 10_000_000,
    });
  });

  it.each([
    [
      'hosts',
      { hosts: 3 },
      () => withSamples(4, 1),
      'iokit_file_too_many_hosts',
      /lists 4 hosts; .* at most 3/,
    ],
    ['disks', { disksPerHost: 2 }, () => withSamples(1, 1, 3, 1), 'iokit_file_too_many_devices', /3 disks/],
    ['NICs', { nicsPerHost: 1 }, () => withSamples(1, 1, 1, 2), 'iokit_file_too_many_devices', /2 network/],
    [
      'samples',
      { samples: 5 },
      () => withSamples(1, 6),
      'iokit_file_too_many_samples',
      /more than 5 samples/,
    ],
  ] as const)(
    '%s: at the limit it reads, one over it is refused',
    async (_, limits, records, key, reason) => {
      const over = records();
      const error = await parseError(gzipSync(text(over)), limits);
      expect(error.errorKey).toBe(key);
      expect(error.reason).toMatch(reason);
      // One less (the limit itself) reads.
      const limitKey = Object.keys(limits)[0] as keyof CollectorFileLimits;
      const atLimit = { [limitKey]: (limits as Record<string, number>)[limitKey] ?? 0 };
      const [header] = over;
      if (header?.type !== 'header') throw new Error('no header');
      const under: Record<string, () => CollectorRecord[]> = {
        hosts: () => withSamples(3, 1),
        disksPerHost: () => withSamples(1, 1, 2, 1),
        nicsPerHost: () => withSamples(1, 1, 1, 1),
        samples: () => withSamples(1, 5),
      };
      expect(await parses(gzipSync(text(under[limitKey]?.() ?? [])), atLimit)).toBeGreaterThan(0);
    },
  );

  it('a line over the limit is refused with iokit_file_line_too_long and its line number', async () => {
    const records = withSamples(1, 2);
    const longest = Math.max(...records.map((r) => recordLine(r).length - 1));
    expect(await parses(gzipSync(text(records)), { lineChars: longest })).toBe(2);
    const error = await parseError(gzipSync(text(records)), { lineChars: longest - 1 });
    expect(error.errorKey).toBe('iokit_file_line_too_long');
    expect(error.line).toBeGreaterThanOrEqual(1);
    // A line with no newline yet, longer than the limit, is refused before it ends (memory stays bounded).
    const endless = await parseError(
      gzipSync(`${recordLine(records[0] as CollectorRecord)}${'x'.repeat(4096)}`),
      {
        lineChars: 1000,
      },
    );
    expect(endless.errorKey).toBe('iokit_file_line_too_long');
    expect(endless.line).toBe(2);
  });

  it('more decompressed bytes than the absolute limit are refused with iokit_file_too_large', async () => {
    // Blank lines are ignored by readers: the file is valid, only its size counts.
    const data = gzipSync(text(withSamples(1, 1), '\n'.repeat(200_000)));
    expect(await parses(data, { decompressedBytes: 10_000_000 })).toBe(1);
    const error = await parseError(data, { decompressedBytes: 100_000, compressionRatio: 1e9 });
    expect(error.errorKey).toBe('iokit_file_too_large');
  });

  it('past the floor, more than ratio × the compressed bytes is refused with iokit_file_compression_ratio', async () => {
    const records = withSamples(1, 1);
    const bomb = gzipSync(text(records, ' \n'.repeat(5_000_000)), { level: 9 });
    const error = await parseError(bomb, { ratioFloorBytes: 1_000_000 });
    expect(error.errorKey).toBe('iokit_file_compression_ratio');
    expect(error.reason).toMatch(/more than 100 times/);
    // The same bytes stored (not compressed) read: the ratio is what counts, not the size.
    const stored = gzipSync(text(records, ' \n'.repeat(1_000_000)), { level: 0 });
    expect(await parses(stored, { ratioFloorBytes: 1_000_000 })).toBe(1);
  });
});

describe('uploading a file over a limit (the real limits)', () => {
  let t: TestServer;
  let c: Client;
  beforeAll(async () => {
    t = await startServer();
    c = await signedIn(t, 'staff@dell.example');
  });
  afterAll(async () => t.close());

  const upload = async (name: string, data: Buffer): Promise<UploadedFileResponse> => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), name);
    const r = await c.json<UploadedFileResponse>('POST', '/upload-service/iokit/file', { body: form });
    expect(r.status).toBe(200);
    return r.body;
  };
  const uploads = (): number =>
    t.server.ctx.repo.all<{ n: number }>('SELECT COUNT(*) AS n FROM uploads')[0]?.n ?? 0;

  it('refuses a header of 20 001 hosts and a gzip bomb on arrival, each with its key, and keeps neither', async () => {
    const before = uploads();
    const hosts = await upload(
      'hosts.iokit',
      gzipSync(text(hostileRecords(COLLECTOR_FILE_LIMITS.hosts + 1))),
    );
    expect(hosts.ErrorKey).toBe('iokit_file_too_many_hosts');
    expect(hosts.ErrorReason).toMatch(/lists 20001 hosts/);
    expect(hosts.FileId).toBeNull();
    // 40 MB of blank lines after a valid start: about 40 KB compressed.
    const bomb = await upload(
      'bomb.iokit',
      gzipSync(text(withSamples(1, 1), '\n'.repeat(40_000_000)), { level: 9 }),
    );
    expect(bomb.ErrorKey).toBe('iokit_file_compression_ratio');
    expect(bomb.FileId).toBeNull();
    expect(uploads()).toBe(before);
  });

  it('stores a file at the host limit (20 000 hosts, one sample) and queues it', async () => {
    const file = gzipSync(text(hostileRecords(COLLECTOR_FILE_LIMITS.hosts)));
    const up = await upload('at-limit.iokit', file);
    expect(up.ErrorKey).toBeNull();
    const queued = await c.json<IdEnvelope>('POST', '/upload-service/api/iokitqueue', {
      json: {
        ActionForEmail: null,
        ActionForUserId: null,
        ContainsSiokit: false,
        ExistingCompanyID: null,
        iokits: [up],
        isNewUser: false,
        NewCompanyId: null,
        NewCompanyName: null,
        NewFirstName: null,
        NewLastName: null,
        NewProjectName: 'At the host limit',
        NewSendEmail: false,
        SelectedProjectId: null,
      },
    });
    expect(queued.status).toBe(200);
    const projectId = queued.body.Data.Id;
    await t.server.ctx.ingest.idle();
    const servers = t.server.ctx.repo.all<{ n: number; iops: number }>(
      `SELECT COUNT(*) AS n, MAX(s.iops) AS iops FROM servers s JOIN collector_runs r ON r.id = s.run_id
       WHERE r.project_id = ?`,
      projectId,
    )[0];
    expect(servers?.n).toBe(COLLECTOR_FILE_LIMITS.hosts);
    // The one sampled host got its peak IOPS (read 10 + write 5) through the (run_id, name) match.
    expect(servers?.iops).toBe(15);
    const summary = await c.json<ProjectSeriesSummary>(
      'GET',
      `/api/projects/${String(projectId)}/series/summary`,
    );
    expect(summary.status).toBe(200);
  }, 120_000);
});
