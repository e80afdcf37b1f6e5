// The catalogue of target shapes sizing recommends from: data shipped in apps/mock/data/sizing-shapes.json, in the
// format docs/sizing.md documents (a team replaces the file with its own). Read and checked once; a file that
// breaks the format stops the server with the reason instead of sizing against nonsense.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { bySize, type Shape } from './arithmetic.ts';

export const CATALOGUE_FILE = fileURLToPath(new URL('../../data/sizing-shapes.json', import.meta.url));

const id = z.string().regex(/^[a-z0-9][a-z0-9._-]{0,63}$/);

/** The file's format (docs/sizing.md, "The shape catalogue"). */
export const catalogueFormat = z
  .object({
    name: z.string().min(1).max(100),
    diskClasses: z
      .array(
        z.object({
          id,
          name: z.string().min(1).max(60),
          maxIops: z.number().int().positive(),
          maxThroughputMBps: z.number().positive(),
        }),
      )
      .min(1),
    shapes: z
      .array(
        z.object({
          id,
          name: z.string().min(1).max(60),
          vCpu: z.number().int().positive(),
          memoryGiB: z.number().positive(),
          diskClass: id,
        }),
      )
      .min(1),
  })
  .superRefine((doc, issues) => {
    const classes = new Set(doc.diskClasses.map((c) => c.id));
    const seen = new Set<string>();
    doc.shapes.forEach((s, i) => {
      if (!classes.has(s.diskClass))
        issues.addIssue({
          code: 'custom',
          path: ['shapes', i, 'diskClass'],
          message: `unknown disk class ${s.diskClass}`,
        });
      if (seen.has(s.id))
        issues.addIssue({ code: 'custom', path: ['shapes', i, 'id'], message: `duplicate id ${s.id}` });
      seen.add(s.id);
    });
  });

export interface Catalogue {
  name: string;
  /** Smallest first (arithmetic.ts bySize), each with its disk class's name and limits. */
  shapes: Shape[];
}

/** A catalogue document (parsed JSON) as shapes; throws naming the first problems when it breaks the format. */
export function parseCatalogue(doc: unknown): Catalogue {
  const r = catalogueFormat.safeParse(doc);
  if (!r.success)
    throw new Error(
      `The shape catalogue breaks its format: ${r.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ')}`,
    );
  const classes = new Map(r.data.diskClasses.map((c) => [c.id, c]));
  const shapes = r.data.shapes.map((s): Shape => {
    const c = classes.get(s.diskClass);
    return {
      id: s.id,
      name: s.name,
      vCpu: s.vCpu,
      memoryGiB: s.memoryGiB,
      diskClass: c?.name ?? s.diskClass,
      maxIops: c?.maxIops ?? 0,
      maxThroughputMBps: c?.maxThroughputMBps ?? 0,
    };
  });
  return { name: r.data.name, shapes: shapes.sort(bySize) };
}

let loaded: Catalogue | null = null;

/** The shipped catalogue (read once). */
export function shippedCatalogue(): Catalogue {
  loaded ??= parseCatalogue(JSON.parse(readFileSync(CATALOGUE_FILE, 'utf8')) as unknown);
  return loaded;
}
