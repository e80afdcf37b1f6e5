// A hand-tuned scanner for the common line of a version-2/3 file (issue #41 item 4): a sample written as
// JSON.stringify writes it — no whitespace, no escapes, only the format's keys, each once. It reads the numbers
// straight into a reused SampleScan (no object per line, no second pass for the line's shape). Anything else (another
// key, a duplicate, whitespace, an escape, a negative number, a value of the wrong kind) answers false and the line
// goes to the general reader (lineShape, JSON.parse, the rules of parse.ts), which gives the line's error or record.
// So this scanner only ever accepts a subset of what JSON.parse accepts, and reads the same numbers: property-tested
// against JSON.parse and the general reader in tests/collector-fast-sample.test.ts.

/** The measures of a disk entry, in the order SampleScan keeps them. */
export const DISK_MEASURES = [
  'readIops',
  'writeIops',
  'readBps',
  'writeBps',
  'readLatencyMs',
  'writeLatencyMs',
  'queueDepth',
] as const;
const NET_MEASURES = ['rxBps', 'txBps'] as const;

const TOP_KEYS = [
  'type',
  'tMs',
  'intervalMs',
  'host',
  'cpuPct',
  'cpuMhz',
  'memUsedBytes',
  'memActiveBytes',
  'disks',
  'net',
] as const;
const TYPE = 0;
const T_MS = 1;
const INTERVAL = 2;
const HOST = 3;
const CPU_PCT = 4;
const CPU_MHZ = 5;
const MEM = 6;
const MEM_ACTIVE = 7;
const DISKS = 8;
const NET = 9;
/** Keys a sample must have (the general reader refuses a line without one: it gives that error). */
const REQUIRED =
  (1 << TYPE) |
  (1 << T_MS) |
  (1 << INTERVAL) |
  (1 << HOST) |
  (1 << CPU_PCT) |
  (1 << MEM) |
  (1 << DISKS) |
  (1 << NET);

/** Each key with its quotes and colon, so a match is the whole key. */
const quoted = (keys: readonly string[]): string[] => keys.map((k) => `"${k}":`);
const TOP = quoted(TOP_KEYS);
const DISK = quoted(DISK_MEASURES);
const NIC = quoted(NET_MEASURES);
const ALL_DISK = (1 << DISK_MEASURES.length) - 1;
const ALL_NIC = (1 << NET_MEASURES.length) - 1;

/** 10^k for k ≤ 22: exact doubles, so m / 10^k is the correctly rounded value of the decimal (as JSON.parse's). */
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);

/** Bytes of an id kept with its string (IdStrings): a longer id is decoded every time. */
const ID_CACHE_BYTES = 64;

/**
 * The strings of the ids the scanner met, by their bytes: a host's id and its disks' and interfaces' come back on every
 * line of the host, and decoding them again (a string made per id and line) was a sixth of the scanner's time. A slot
 * per hash of the bytes, checked byte for byte: the string given back is always the one the bytes decode to.
 * Bounded: `slots` ids of at most ID_CACHE_BYTES bytes.
 */
export class IdStrings {
  private readonly keys: (Uint8Array | null)[];
  private readonly values: string[];
  private readonly mask: number;

  /** slots: a power of two. */
  constructor(slots = 4096) {
    this.keys = new Array<Uint8Array | null>(slots).fill(null);
    this.values = new Array<string>(slots).fill('');
    this.mask = slots - 1;
  }

  /** The string of b[from, to) decoded as UTF-8 when `wide` (a byte ≥ 0x80), else as Latin-1. */
  get(b: Buffer, from: number, to: number, wide: boolean): string {
    const n = to - from;
    if (n > ID_CACHE_BYTES) return b.toString(wide ? 'utf8' : 'latin1', from, to);
    // FNV-1a over the bytes.
    let h = 0x811c9dc5;
    for (let k = from; k < to; k++) h = Math.imul(h ^ (b[k] as number), 0x01000193);
    const slot = h & this.mask;
    const key = this.keys[slot];
    if (key?.length === n) {
      let same = true;
      for (let j = 0; j < n; j++)
        if (key[j] !== b[from + j]) {
          same = false;
          break;
        }
      if (same) return this.values[slot] as string;
    }
    const text = b.toString(wide ? 'utf8' : 'latin1', from, to);
    this.keys[slot] = new Uint8Array(b.subarray(from, to));
    this.values[slot] = text;
    return text;
  }
}

/** One scanned sample; null values are NaN (a number of the file is never NaN). Reused line after line. */
export class SampleScan {
  /** The ids' strings met so far (kept line after line). */
  ids: IdStrings;
  constructor(ids: IdStrings = new IdStrings()) {
    this.ids = ids;
  }

  host = '';
  tMs = 0;
  intervalMs = 0;
  cpuPct = 0;
  memUsedBytes = 0;
  /** NaN when null or left out (hasCpuMhz tells which). */
  cpuMhz = Number.NaN;
  hasCpuMhz = false;
  memActiveBytes = Number.NaN;
  hasMemActive = false;
  diskIds: string[] = [];
  /** DISK_MEASURES.length numbers per disk, in diskIds' order. */
  disks = new Float64Array(16 * DISK_MEASURES.length);
  nDisks = 0;
  nicIds: string[] = [];
  nics = new Float64Array(16 * NET_MEASURES.length);
  nNics = 0;
}

/** A key's bytes (its quotes and colon included). */
const bytesOf = (keys: readonly string[]): Uint8Array[] => keys.map((k) => Buffer.from(k, 'latin1'));
const TOP_B = bytesOf(TOP);
const DISK_B = bytesOf(DISK);
const NIC_B = bytesOf(NIC);
const TYPE_SAMPLE = Buffer.from('"sample"', 'latin1');
/** A lone surrogate (no character UTF-8 can spell: its bytes would read back as U+FFFD). */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Scans one line as a plain sample into out: true when it is one (every value a number ≥ 0 written without sign or
 * null, ids and the type plain strings of at most maxToken characters), false when the general reader must read it.
 * The line as text: its UTF-8 bytes scanned (scanSampleBytes); a line with a lone surrogate is left to the reader.
 */
export function scanSample(text: string, out: SampleScan, maxToken: number): boolean {
  if (LONE_SURROGATE.test(text)) return false;
  const b = Buffer.from(text, 'utf8');
  return scanSampleBytes(b, 0, b.length, out, maxToken);
}

/**
 * The same scan over a line's UTF-8 bytes b[start, end) as they come out of gunzip (no string made of the line: the
 * decoding was the read-through's largest cost). An id is decoded alone; a string of more than maxToken bytes is left
 * to the general reader (which counts characters), as is anything else unusual.
 */
export function scanSampleBytes(
  b: Buffer,
  start: number,
  end: number,
  out: SampleScan,
  maxToken: number,
): boolean {
  // A byte of the line, -1 past its end (as charCodeAt's NaN, it matches nothing).
  const at0 = (k: number): number => (k < end ? (b[k] as number) : -1);
  const startsWith = (key: Uint8Array, k: number): boolean => {
    const len = key.length;
    if (k + len > end) return false;
    for (let j = 0; j < len; j++) if (b[k + j] !== key[j]) return false;
    return true;
  };
  if (at0(start) !== 0x7b) return false;
  let i = start + 1;
  let seen = 0;
  out.nDisks = 0;
  out.nNics = 0;
  out.hasCpuMhz = false;
  out.hasMemActive = false;
  out.cpuMhz = Number.NaN;
  out.memActiveBytes = Number.NaN;
  /** Whether the last plain string found by stringEnd holds a byte ≥ 0x80 (decoded as UTF-8, else as Latin-1). */
  let wide = false;
  /** The end (closing quote) of a plain string starting at quote i, or -1. */
  const stringEnd = (from: number): number => {
    if (at0(from) !== 0x22) return -1;
    wide = false;
    const limit = Math.min(end, from + 2 + maxToken);
    for (let k = from + 1; k < limit; k++) {
      const c = b[k] as number;
      if (c === 0x22) return k;
      if (c === 0x5c || c < 0x20) return -1;
      if (c >= 0x80) wide = true;
    }
    return -1;
  };
  const ids = out.ids;
  const text = (from: number, to: number): string => ids.get(b, from, to, wide);
  // The number or null at i: its value (NaN for null) in `value`, the index after it in `at`; false when neither.
  let value = 0;
  let at = 0;
  const numberOrNull = (first: number): boolean => {
    let j = first;
    let c = at0(j);
    if (c === 0x6e) {
      if (at0(j + 1) !== 0x75 || at0(j + 2) !== 0x6c || at0(j + 3) !== 0x6c) return false;
      value = Number.NaN;
      at = j + 4;
      return true;
    }
    if (c < 0x30 || c > 0x39) return false;
    let m = 0;
    let digits = 0;
    let scale = 0;
    if (c === 0x30) {
      j += 1;
      digits = 1;
    } else
      while (c >= 0x30 && c <= 0x39) {
        m = m * 10 + (c - 0x30);
        digits += 1;
        c = at0(++j);
      }
    c = at0(j);
    if (c === 0x2e) {
      c = at0(++j);
      if (!(c >= 0x30 && c <= 0x39)) return false;
      while (c >= 0x30 && c <= 0x39) {
        m = m * 10 + (c - 0x30);
        digits += 1;
        scale += 1;
        c = at0(++j);
      }
    }
    if (c === 0x65 || c === 0x45) {
      c = at0(++j);
      if (c === 0x2b || c === 0x2d) c = at0(++j);
      if (!(c >= 0x30 && c <= 0x39)) return false;
      while (c >= 0x30 && c <= 0x39) c = at0(++j);
      digits = Infinity;
    }
    if (j - first > maxToken) return false;
    // Up to 15 digits the mantissa is exact (< 2^53); longer or with an exponent, the engine's own conversion.
    value =
      digits <= 15 ? (scale === 0 ? m : m / (POW10[scale] ?? 1)) : Number(b.toString('latin1', first, j));
    at = j;
    return true;
  };
  // Keys are looked for from the one after the last: in a collector's order each is found at the first try.
  let expected = 0;
  for (;;) {
    let key = -1;
    const first = at0(i + 1);
    for (let c = 0; c < TOP_B.length; c++) {
      const k = (expected + c) % TOP_B.length;
      const q = TOP_B[k] as Uint8Array;
      if (q[1] === first && startsWith(q, i)) {
        key = k;
        break;
      }
    }
    expected = key + 1;
    if (key < 0 || (seen & (1 << key)) !== 0) return false;
    seen |= 1 << key;
    i += (TOP_B[key] as Uint8Array).length;
    if (key === TYPE) {
      if (!startsWith(TYPE_SAMPLE, i)) return false;
      i += 8;
    } else if (key === HOST) {
      const close = stringEnd(i);
      if (close < 0) return false;
      out.host = text(i + 1, close);
      i = close + 1;
    } else if (key === DISKS || key === NET) {
      const disk = key === DISKS;
      const keys = disk ? DISK_B : NIC_B;
      const all = disk ? ALL_DISK : ALL_NIC;
      if (at0(i) !== 0x7b) return false;
      i += 1;
      if (at0(i) === 0x7d) i += 1;
      else
        for (;;) {
          const close = stringEnd(i);
          if (close < 0 || at0(close + 1) !== 0x3a || at0(close + 2) !== 0x7b) return false;
          const id = text(i + 1, close);
          i = close + 3;
          const index = disk ? out.nDisks : out.nNics;
          let values = disk ? out.disks : out.nics;
          const width = keys.length;
          if ((index + 1) * width > values.length) {
            const grown = new Float64Array(values.length * 2);
            grown.set(values);
            values = grown;
            if (disk) out.disks = grown;
            else out.nics = grown;
          }
          let fields = 0;
          for (let next = 0; ;) {
            let f = -1;
            for (let c = 0; c < width; c++) {
              const k = (next + c) % width;
              if (startsWith(keys[k] as Uint8Array, i)) {
                f = k;
                break;
              }
            }
            next = f + 1;
            if (f < 0 || (fields & (1 << f)) !== 0) return false;
            fields |= 1 << f;
            if (!numberOrNull(i + (keys[f] as Uint8Array).length)) return false;
            values[index * width + f] = value;
            i = at;
            const c = at0(i);
            i += 1;
            if (c === 0x7d) break;
            if (c !== 0x2c) return false;
          }
          if (fields !== all) return false;
          if (disk) {
            out.diskIds[index] = id;
            out.nDisks += 1;
          } else {
            out.nicIds[index] = id;
            out.nNics += 1;
          }
          const c = at0(i);
          i += 1;
          if (c === 0x7d) break;
          if (c !== 0x2c) return false;
        }
    } else {
      if (!numberOrNull(i)) return false;
      i = at;
      if (key === T_MS) out.tMs = value;
      else if (key === INTERVAL) out.intervalMs = value;
      else if (key === CPU_PCT) out.cpuPct = value;
      else if (key === MEM) out.memUsedBytes = value;
      else if (key === CPU_MHZ) {
        out.cpuMhz = value;
        out.hasCpuMhz = true;
      } else if (key === MEM_ACTIVE) {
        out.memActiveBytes = value;
        out.hasMemActive = true;
      }
    }
    const c = at0(i);
    i += 1;
    if (c === 0x7d) break;
    if (c !== 0x2c) return false;
  }
  return i === end && (seen & REQUIRED) === REQUIRED;
}
