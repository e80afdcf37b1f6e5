import {
  IOKIT_COMBINED_SIZE_ERROR_KEY,
  IOKIT_NO_FILES_KEY,
  IOKIT_SIZE_ERROR_KEY,
  IOKIT_TYPE_AND_SIZE_ERROR_KEY,
  IOKIT_TYPE_ERROR_KEY,
} from '../constants';
import type { UploadItem } from './FileDropZone';

// The spec's upload constants (extensions, limits, message keys) live in src/constants.ts; they are
// re-exported here so `@assessment/ui/file-drop-zone` offers them next to the rules that use them.
export {
  IOKIT_COMBINED_SIZE_ERROR_KEY,
  IOKIT_EXTENSIONS,
  IOKIT_MAX_FILE_BYTES,
  IOKIT_MAX_FILE_MB,
  IOKIT_NO_FILES_KEY,
  IOKIT_SIZE_ERROR_KEY,
  IOKIT_TYPE_AND_SIZE_ERROR_KEY,
  IOKIT_TYPE_ERROR_KEY,
  LOGO_EXTENSIONS,
  LOGO_MAX_BYTES,
  LOGO_MAX_KB,
} from '../constants';

/** Why a file was not queued. */
export type FileRejectionReason = 'type' | 'size' | 'combined-size';

export interface FileRejection {
  /** The refused file. */
  file: File;
  /** The first rule it broke. */
  reason: FileRejectionReason;
}

export interface FileRules {
  /** Accepted extensions without the dot, compared case-insensitively; empty accepts all. */
  acceptedExtensions: readonly string[];
  /**
   * Per-file limit in bytes.
   * @default undefined (no limit)
   */
  maxFileBytes?: number | undefined;
  /**
   * Limit in bytes of all queued files together.
   * @default undefined (no limit)
   */
  maxTotalBytes?: number | undefined;
}

/** Lower-case extension of a file name ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Splits new files into accepted ones and rejections, in order: extension, per-file size, then the
 * combined size of the already queued bytes plus the files accepted before it. Already queued files
 * are never affected.
 */
export function checkFiles(
  files: readonly File[],
  rules: FileRules,
  queuedBytes: number,
): { accepted: File[]; rejected: FileRejection[] } {
  const accepted: File[] = [];
  const rejected: FileRejection[] = [];
  const allowed = rules.acceptedExtensions.map((e) => e.replace(/^\./, '').toLowerCase());
  let total = queuedBytes;
  for (const file of files) {
    if (allowed.length > 0 && !allowed.includes(extensionOf(file.name))) {
      rejected.push({ file, reason: 'type' });
    } else if (rules.maxFileBytes !== undefined && file.size > rules.maxFileBytes) {
      rejected.push({ file, reason: 'size' });
    } else if (rules.maxTotalBytes !== undefined && total + file.size > rules.maxTotalBytes) {
      rejected.push({ file, reason: 'combined-size' });
    } else {
      total += file.size;
      accepted.push(file);
    }
  }
  return { accepted, rejected };
}

const byteFormats = new Map<string, Intl.NumberFormat>();

/**
 * A size as the culture says it, through the platform's unit format: "12 bytes", "1.5 kB", "100 MB" in English;
 * "12 Byte", "1,5 kB" in German; "12 octets", "1,5 ko" in French; "12 バイト" in Japanese. Binary steps (1 kB =
 * 1024 bytes), as the limits are.
 * @param locale a BCP 47 tag. @default 'en-US'
 */
export function formatBytes(bytes: number, locale = 'en-US'): string {
  const [value, unit] =
    bytes >= 1024 * 1024
      ? [bytes / (1024 * 1024), 'megabyte']
      : bytes >= 1024
        ? [bytes / 1024, 'kilobyte']
        : [bytes, 'byte'];
  const key = `${locale}|${unit}`;
  let format = byteFormats.get(key);
  if (!format) {
    // Whole bytes read best spelled out ("12 bytes", not "12 byte"); larger units take their symbol.
    format = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit,
      unitDisplay: unit === 'byte' ? 'long' : 'short',
      maximumFractionDigits: 1,
    });
    byteFormats.set(key, format);
  }
  return format.format(value);
}

/** Message key of the collector upload for each per-file reason (spec part 5). */
export const IOKIT_REJECTION_KEYS: Readonly<Record<FileRejectionReason, string>> = {
  type: IOKIT_TYPE_ERROR_KEY,
  size: IOKIT_SIZE_ERROR_KEY,
  'combined-size': IOKIT_COMBINED_SIZE_ERROR_KEY,
};

/**
 * The one message key of the collector upload for a batch of rejections (spec part 5): both wrong
 * type and oversized files give only_iokit_and_lessthen_hundred_mb_allowed; otherwise the key of the
 * first rule broken, combined size last. Null when nothing was rejected.
 */
export function iokitMessageKey(rejections: readonly FileRejection[]): string | null {
  const reasons = new Set(rejections.map((r) => r.reason));
  if (reasons.has('type') && reasons.has('size')) return IOKIT_TYPE_AND_SIZE_ERROR_KEY;
  if (reasons.has('type')) return IOKIT_REJECTION_KEYS.type;
  if (reasons.has('size')) return IOKIT_REJECTION_KEYS.size;
  if (reasons.has('combined-size')) return IOKIT_REJECTION_KEYS['combined-size'];
  return null;
}

/** Why a collector upload cannot be submitted yet (spec part 4), or null when it can. */
export type UploadSubmitBlocker = 'no-files' | 'mixed-types' | 'pending' | 'error';

/**
 * The submit rule of the collector upload (spec part 4): at least one file, iokit and siokit files not
 * mixed, every file completed and none with an error. Wrong-type and oversized files never reach the
 * queue (`checkFiles`). Returns the first reason in that order, or null when submit is allowed.
 */
export function uploadSubmitBlocker(
  items: readonly Pick<UploadItem, 'name' | 'status'>[],
): UploadSubmitBlocker | null {
  if (items.length === 0) return 'no-files';
  if (new Set(items.map((i) => extensionOf(i.name))).size > 1) return 'mixed-types';
  if (items.some((i) => i.status === 'error')) return 'error';
  if (items.some((i) => i.status !== 'done')) return 'pending';
  return null;
}

/**
 * The spec message key of a blocked collector upload: no files gives nofiles (spec part 5), mixing iokit
 * and siokit gives the type error only_iokit_allowed (spec part 4). Null when the blocker has no spec
 * message (files still uploading or a file with its own server error) or submit is allowed.
 */
export function uploadSubmitMessageKey(items: readonly Pick<UploadItem, 'name' | 'status'>[]): string | null {
  const blocker = uploadSubmitBlocker(items);
  if (blocker === 'no-files') return IOKIT_NO_FILES_KEY;
  if (blocker === 'mixed-types') return IOKIT_TYPE_ERROR_KEY;
  return null;
}
