// A v3 header's collection (docs/collector-format.md, "A collection in parts"; issue #41): the vSphere collector
// splits a long collection into files under the upload limit and says in each which collection and part it is. The
// reader accepts the field within its bounds and refuses every other value as a malformed header, with its reason;
// the contract's CollectorFileHeaderV3 states the same bounds.
import { describe, expect, it } from 'vitest';
import { zCollectorFileHeaderV3 } from '@assessment/sdk';
import type { CollectorHeader } from '../src/collector-file/index.ts';
import { COLLECTION } from '../src/collector-file/parse.ts';
import { collectorFileFailure, readCollectorRecords } from './helpers.ts';
import { lines, vsphereHeader, vsphereSample } from './vsphere-fixture.ts';

/** A file of the estate's header with `collection` (left out when undefined) and one sample. */
function withCollection(collection: unknown): Buffer {
  const h: Record<string, unknown> = structuredClone(vsphereHeader()) as never;
  if (collection !== undefined) h.collection = collection;
  return lines(h, vsphereSample('host-21', 0), { type: 'end', samples: 1 });
}

const headerWith = (collection: unknown): unknown => ({ ...vsphereHeader(), collection });

const ID = "The header's collection.id must be a string of 1 to 64 characters";
const PART = "The header's collection.part must be a whole number from 1 to 9999";
const SHAPE = "The header's collection, when given, must be { id, part }";

describe('a v3 header’s collection', () => {
  it('states the bounds the contract states', () => {
    expect(COLLECTION).toEqual({ idChars: 64, parts: 9999 });
  });

  it.each([
    ['a UUID and part 1', { id: '0b6c3c8e-5d0a-4f7e-9c1e-2f4a8e6b1d30', part: 1 }],
    ['a one-character id and the last part', { id: 'x', part: 9999 }],
    ['an id of 64 characters', { id: 'a'.repeat(64), part: 2 }],
  ])('reads %s and keeps it in the header', async (_, collection) => {
    const records = await readCollectorRecords(withCollection(collection));
    expect(records).toHaveLength(3);
    expect((records[0] as CollectorHeader).collection).toEqual(collection);
    expect(zCollectorFileHeaderV3.safeParse(headerWith(collection)).success).toBe(true);
  });

  it('reads a header without it (a whole collection)', async () => {
    const records = await readCollectorRecords(withCollection(undefined));
    expect((records[0] as CollectorHeader).collection).toBeUndefined();
    expect(zCollectorFileHeaderV3.safeParse(vsphereHeader()).success).toBe(true);
  });

  it('counts the id in characters, not UTF-16 units, as the contract’s maxLength does', async () => {
    const clef = '\u{1D11E}'; // one character, two UTF-16 units
    await expect(
      readCollectorRecords(withCollection({ id: clef.repeat(64), part: 1 })),
    ).resolves.toHaveLength(3);
    const e = await collectorFileFailure(withCollection({ id: clef.repeat(65), part: 1 }));
    expect(e.reason).toBe(`Line 1: ${ID} (corrupt).`);
  });

  it.each([
    ['null', null, SHAPE],
    ['a string', 'c1/1', SHAPE],
    ['a list', ['c1', 1], SHAPE],
    ['no id', { part: 1 }, ID],
    ['an empty id', { id: '', part: 1 }, ID],
    ['an id of 65 characters', { id: 'a'.repeat(65), part: 1 }, ID],
    ['a numeric id', { id: 7, part: 1 }, ID],
    ['no part', { id: 'c1' }, PART],
    ['part 0', { id: 'c1', part: 0 }, PART],
    ['part 10000', { id: 'c1', part: 10_000 }, PART],
    ['a negative part', { id: 'c1', part: -1 }, PART],
    ['a fractional part', { id: 'c1', part: 1.5 }, PART],
    ['a part as a string', { id: 'c1', part: '1' }, PART],
  ])(
    'refuses %s as a malformed header with its reason; so does the contract',
    async (_, collection, reason) => {
      const e = await collectorFileFailure(withCollection(collection));
      expect(e.errorKey).toBe('iokit_file_corrupt');
      expect(e.line).toBe(1);
      expect(e.reason).toBe(`Line 1: ${reason} (corrupt).`);
      expect(zCollectorFileHeaderV3.safeParse(headerWith(collection)).success).toBe(false);
    },
  );

  it('is a version-3 field: a version-2 file’s is ignored as any unknown field', async () => {
    const h = structuredClone(vsphereHeader(false));
    h.formatVersion = 2;
    for (const x of h.hosts) delete (x as unknown as Record<string, unknown>).entity;
    const file = lines({ ...h, collection: { id: '', part: 0 } }, vsphereSample('srv-1', 0), {
      type: 'end',
      samples: 1,
    });
    expect(await readCollectorRecords(file)).toHaveLength(3);
  });
});
