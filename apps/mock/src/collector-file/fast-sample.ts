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

/** One scanned sample; null values are NaN (a number of the file is never NaN). Reused line after line. */
export class SampleScan {
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

/**
 * Scans one line as a plain sample into out: true when it is one (every value a number ≥ 0 written without sign or
 * null, ids and the type plain strings of at most maxToken characters), false when the general reader must read it.
 */
export function scanSample(text: string, out: SampleScan, maxToken: number): boolean {
  const n = text.length;
  if (text.charCodeAt(0) !== 0x7b) return false;
  let i = 1;
  let seen = 0;
  out.nDisks = 0;
  out.nNics = 0;
  out.hasCpuMhz = false;
  out.hasMemActive = false;
  out.cpuMhz = Number.NaN;
  out.memActiveBytes = Number.NaN;
  /** The end (closing quote) of a plain string starting at quote i, or -1. */
  const stringEnd = (at: number): number => {
    if (text.charCodeAt(at) !== 0x22) return -1;
    const close = text.indexOf('"', at + 1);
    if (close < 0 || close - at - 1 > maxToken) return -1;
    for (let k = at + 1; k < close; k++) {
      const c = text.charCodeAt(k);
      if (c === 0x5c || c < 0x20) return -1;
    }
    return close;
  };
  // The number or null at i: its value (NaN for null) in `value`, the index after it in `at`; false when neither.
  let value = 0;
  let at = 0;
  const numberOrNull = (start: number): boolean => {
    let j = start;
    let c = text.charCodeAt(j);
    if (c === 0x6e) {
      if (!text.startsWith('null', j)) return false;
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
        c = text.charCodeAt(++j);
      }
    c = text.charCodeAt(j);
    if (c === 0x2e) {
      c = text.charCodeAt(++j);
      if (!(c >= 0x30 && c <= 0x39)) return false;
      while (c >= 0x30 && c <= 0x39) {
        m = m * 10 + (c - 0x30);
        digits += 1;
        scale += 1;
        c = text.charCodeAt(++j);
      }
    }
    if (c === 0x65 || c === 0x45) {
      c = text.charCodeAt(++j);
      if (c === 0x2b || c === 0x2d) c = text.charCodeAt(++j);
      if (!(c >= 0x30 && c <= 0x39)) return false;
      while (c >= 0x30 && c <= 0x39) c = text.charCodeAt(++j);
      digits = Infinity;
    }
    if (j - start > maxToken) return false;
    // Up to 15 digits the mantissa is exact (< 2^53); longer or with an exponent, the engine's own conversion.
    value = digits <= 15 ? (scale === 0 ? m : m / (POW10[scale] ?? 1)) : Number(text.slice(start, j));
    at = j;
    return true;
  };
  // Keys are looked for from the one after the last: in a collector's order each is found at the first try.
  let expected = 0;
  for (;;) {
    let key = -1;
    const first = text.charCodeAt(i + 1);
    for (let c = 0; c < TOP.length; c++) {
      const k = (expected + c) % TOP.length;
      const q = TOP[k] ?? '';
      if (q.charCodeAt(1) === first && text.startsWith(q, i)) {
        key = k;
        break;
      }
    }
    expected = key + 1;
    if (key < 0 || (seen & (1 << key)) !== 0) return false;
    seen |= 1 << key;
    i += (TOP[key] ?? '').length;
    if (key === TYPE) {
      if (!text.startsWith('"sample"', i)) return false;
      i += 8;
    } else if (key === HOST) {
      const close = stringEnd(i);
      if (close < 0) return false;
      out.host = text.slice(i + 1, close);
      i = close + 1;
    } else if (key === DISKS || key === NET) {
      const disk = key === DISKS;
      const keys = disk ? DISK : NIC;
      const all = disk ? ALL_DISK : ALL_NIC;
      if (text.charCodeAt(i) !== 0x7b) return false;
      i += 1;
      if (text.charCodeAt(i) === 0x7d) i += 1;
      else
        for (;;) {
          const close = stringEnd(i);
          if (close < 0 || text.charCodeAt(close + 1) !== 0x3a || text.charCodeAt(close + 2) !== 0x7b)
            return false;
          const id = text.slice(i + 1, close);
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
              if (text.startsWith(keys[k] ?? '', i)) {
                f = k;
                break;
              }
            }
            next = f + 1;
            if (f < 0 || (fields & (1 << f)) !== 0) return false;
            fields |= 1 << f;
            if (!numberOrNull(i + (keys[f] ?? '').length)) return false;
            values[index * width + f] = value;
            i = at;
            const c = text.charCodeAt(i);
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
          const c = text.charCodeAt(i);
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
    const c = text.charCodeAt(i);
    i += 1;
    if (c === 0x7d) break;
    if (c !== 0x2c) return false;
  }
  return i === n && (seen & REQUIRED) === REQUIRED;
}
