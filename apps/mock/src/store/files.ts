// Uploaded files, promo logos and generated reports, stored on disk in the data folder.
import { mkdirSync, rmSync, existsSync, createWriteStream } from 'node:fs';
import { writeFile, readFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

export type FileArea = 'uploads' | 'logos' | 'reports';

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
   * Streams an upload to disk, stopping at maxBytes. Returns the stored name and size, or 'too-large'
   * (the partial file is removed).
   */
  async saveStream(
    area: FileArea,
    source: Readable,
    maxBytes: number,
    ext = '',
  ): Promise<{ name: string; size: number } | 'too-large'> {
    const name = `${randomUUID()}${ext}`;
    const target = this.resolve(area, name);
    const seen = { size: 0, tooLarge: false };
    const counter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        seen.size += chunk.length;
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
    return { name, size: seen.size };
  }

  async save(area: FileArea, data: Buffer, ext = ''): Promise<string> {
    const name = `${randomUUID()}${ext}`;
    await writeFile(this.resolve(area, name), data);
    return name;
  }

  read(area: FileArea, name: string): Promise<Buffer> {
    return readFile(this.resolve(area, name));
  }

  exists(area: FileArea, name: string): boolean {
    return existsSync(this.resolve(area, name));
  }

  remove(area: FileArea, name: string): void {
    rmSync(this.resolve(area, name), { force: true });
  }
}
