import { zListProjectsQuery, zLanguageCulture } from '@assessment/sdk';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

// One import of zod classic anywhere puts all of classic (~15 KB gz) back into the initial load (budget 150 KB).
describe('validation runs on zod mini', () => {
  it('the portal imports zod only as zod/mini', () => {
    const files = sources(src);
    const imports = (file: string) => readFileSync(file, 'utf8');
    // The scan sees the files that do use zod (mini), so an empty result below means something.
    expect(files.filter((file) => imports(file).includes("from 'zod/mini'")).length).toBeGreaterThanOrEqual(
      9,
    );
    expect(files.filter((file) => /from ['"]zod(?:\/v4|\/v3)?['"]/.test(imports(file)))).toEqual([]);
  });

  it("the SDK's schemas are zod mini schemas (no classic chaining methods)", () => {
    for (const schema of [zListProjectsQuery, zLanguageCulture]) {
      expect(typeof schema.check).toBe('function');
      expect(typeof schema.safeParse).toBe('function');
      expect('optional' in schema).toBe(false);
      expect('catch' in schema).toBe(false);
    }
  });
});
