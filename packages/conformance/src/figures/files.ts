// The reference collector files shipped in the package (figures/*.jsonl: JSON Lines, gzipped when uploaded), and
// what each one exercises. scripts/figures-files.ts wrote them.
import { readFileSync } from 'node:fs';
import type { Rec } from './reference.ts';

/** The files, in the order they run, with what each proves. */
export const FIGURE_FILES: readonly { file: string; proves: string }[] = [
  { file: 'one-host', proves: 'one server on the grid (format 1): each sample is one bucket' },
  {
    file: 'offset-hosts',
    proves:
      'two servers 17 s and 7 s past the grid, sampled every 60 s and 30 s (format 2): totals aligned in time',
  },
  {
    file: 'gaps-unknown',
    proves:
      'a gap, unknown (null) values and used space, an interval under 100 IOPS with a high latency (format 2)',
  },
  {
    file: 'vsphere',
    proves:
      'vSphere layers (format 3): hosts added, VMs never; datastores counted once; a powered-off VM sized by its allocation',
  },
];

/** figures/ beside src/ and dist/ alike (the package root's). */
const DIR = new URL('../../figures/', import.meta.url);

/** A reference file's records (header first). */
export function figureRecords(file: string): Rec[] {
  return readFileSync(new URL(`${file}.jsonl`, DIR), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Rec);
}
