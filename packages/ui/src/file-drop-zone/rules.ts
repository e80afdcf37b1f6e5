/** Promo logo: accepted extensions (spec part 5). */
export const LOGO_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'png', 'gif'];
/** Promo logo: at most 1024 KB (spec part 5 and 9). */
export const LOGO_MAX_KB = 1024;
/** Promo logo size limit in bytes. */
export const LOGO_MAX_BYTES = LOGO_MAX_KB * 1024;
/** Collector upload: only iokit or siokit files (spec part 5). */
export const IOKIT_EXTENSIONS: readonly string[] = ['iokit', 'siokit'];
/** Collector upload: the per-file limit the messages name (spec part 5: "message says 100 MB"). */
export const IOKIT_MAX_FILE_MB = 100;
/** Collector upload per-file limit in bytes. */
export const IOKIT_MAX_FILE_BYTES = IOKIT_MAX_FILE_MB * 1024 * 1024;

/** Why a file was not queued. */
export type FileRejectionReason = 'type' | 'size' | 'combined-size';

export interface FileRejection {
  file: File;
  reason: FileRejectionReason;
}

export interface FileRules {
  /** Accepted extensions without the dot, compared case-insensitively; empty accepts all. */
  acceptedExtensions: readonly string[];
  /** Per-file limit in bytes. */
  maxFileBytes?: number | undefined;
  /** Limit in bytes of all queued files together. */
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

/** "1.5 MB", "980 KB", "12 bytes" (binary units, as the limits are). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}
