// Uploaded files, promo logos and generated reports, stored on disk in the data folder.
import {
  mkdirSync,
  rmSync,
  existsSync,
  createReadStream,
  createWriteStream,
  readdirSync,
  renameSync,
} from 'node:fs';
import { writeFile, readFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';

export type FileArea = 'uploads' | 'logos' | 'reports';

/**
 * Files are written under this prefix and renamed to their final name (`place`) only when their database row is
 * written, so a crash mid-upload leaves just a partial file, which `sweep` removes at start-up.
 */
const PARTIAL_PREFIX = '.partial-';

/** SHA-256 (hex) of the file at path, streamed: tells whether a file changed on disk far faster than parsing it. */
export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 }))
    hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export class FileStore {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'files');
    for (const area of ['uploads', 'logos', 'reports'] as const)
      mkdirSync(path.join(this.root, area), { recursive: true });
  }

  /** Absolute path of a stored file; the relative name never leaves its area. */
  resolve(area: FileArea, name: string): string {
    const p = path.join(this.root, area, path.basename(name));
    return p;
  }

  /**
   * Streams an upload to a temporary name, stopping at maxBytes. Returns the temporary name (to `place` or
   * `remove`), size and SHA-256 of the content (hex), or 'too-large' (the partial file is removed).
   */
  async saveStream(
    area: FileArea,
    source: Readable,
    maxBytes: number,
    ext = '',
  ): Promise<{ name: string; size: number; sha256: string } | 'too-large'> {
    const name = `${PARTIAL_PREFIX}${randomUUID()}${ext}`;
    const target = this.resolve(area, name);
    const seen = { size: 0, tooLarge: false };
    const hash = createHash('sha256');
    const counter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        seen.size += chunk.length;
        hash.update(chunk);
        if (seen.size > maxBytes) {
          seen.tooLarge = true;
          cb(new Error('too-large'));
          return;
        }
        cb(null, chunk);
      },
    });
    try {
      await pipeline(source, counter, createWriteStream(target));
    } catch (err) {
      rmSync(target, { force: true });
      if (seen.tooLarge) {
        source.resume();
        return 'too-large';
      }
      throw err;
    }
    return { name, size: seen.size, sha256: hash.digest('hex') };
  }

  /** Moves a temporary file (from `saveStream`) to its final name; store the returned name in the row. */
  place(area: FileArea, temporaryName: string): string {
    const name = path.basename(temporaryName).slice(PARTIAL_PREFIX.length);
    renameSync(this.resolve(area, temporaryName), this.resolve(area, name));
    return name;
  }

  async save(area: FileArea, data: Buffer, ext = ''): Promise<string> {
    const temporary = `${PARTIAL_PREFIX}${randomUUID()}${ext}`;
    await writeFile(this.resolve(area, temporary), data);
    return this.place(area, temporary);
  }

  /**
   * Start-up clean-up: removes partial files left by a crash in every area and, where `referenced` lists the
   * names the database knows for an area, every other file there (placed just before a crash lost its row).
   */
  sweep(referenced: Partial<Record<FileArea, ReadonlySet<string>>>): string[] {
    const removed: string[] = [];
    for (const area of ['uploads', 'logos', 'reports'] as const) {
      const keep = referenced[area];
      for (const name of readdirSync(path.join(this.root, area))) {
        // An upload's spilled rows (ingest/spill.ts) are kept with it.
        const owner = name.endsWith('.rows') ? name.slice(0, -'.rows'.length) : name;
        if (name.startsWith(PARTIAL_PREFIX) || (keep !== undefined && !keep.has(owner))) {
          rmSync(this.resolve(area, name), { force: true, recursive: true });
          removed.push(`${area}/${name}`);
        }
      }
    }
    return removed;
  }

  read(area: FileArea, name: string): Promise<Buffer> {
    return readFile(this.resolve(area, name));
  }

  exists(area: FileArea, name: string): boolean {
    return existsSync(this.resolve(area, name));
  }

  remove(area: FileArea, name: string): void {
    rmSync(this.resolve(area, name), { force: true });
    // An upload's rows read on arrival (ingest/spill.ts) go with it.
    if (area === 'uploads') rmSync(`${this.resolve(area, name)}.rows`, { force: true });
  }
}
