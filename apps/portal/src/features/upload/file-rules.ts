/**
 * The upload rules (spec parts 4 and 5): only iokit or siokit files; each file at most the configured per-file
 * limit and all files together at most the configured combined limit (both from the upload settings call);
 * iokit and siokit files are not mixed; submit needs at least one file, every file uploaded and none failed.
 */
import { MessageKey, type UploadSettings } from '@assessment/sdk';
import { extensionOf } from '@assessment/ui/file-drop-zone';

const MB = 1024 * 1024;

export interface UploadLimits {
  /** Accepted extensions (lower case, no dot). */
  extensions: readonly string[];
  maxFileBytes: number;
  maxCombinedBytes: number;
}

/** The limits of the upload settings call (MaxFileSizeMb, MaxCombinedSizeMb, AllowedExtensions). */
export function limitsFrom(settings: UploadSettings): UploadLimits {
  return {
    extensions: settings.AllowedExtensions.map((e) => e.toLowerCase()),
    maxFileBytes: settings.MaxFileSizeMb * MB,
    maxCombinedBytes: settings.MaxCombinedSizeMb * MB,
  };
}

export const FILE_RULE_KEYS = {
  type: MessageKey.ONLY_IOKIT_ALLOWED,
  size: MessageKey.ONLY_IOKIT_LESSTHEN_HUNDRED_MB_ALLOWED,
  typeAndSize: MessageKey.ONLY_IOKIT_AND_LESSTHEN_HUNDRED_MB_ALLOWED,
  combined: MessageKey.SIOKIT_UPLOAD_COMBINED_FILE_SIZE_EXCEEDED_LIMIT,
  noFiles: MessageKey.NOFILES,
} as const;

/**
 * The message key of a new file, or null when it may be uploaded. `acceptedBytes` is the size of the files
 * already accepted (the combined limit counts them plus this one).
 */
export function fileRuleKey(
  file: { name: string; size: number },
  limits: UploadLimits,
  acceptedBytes: number,
) {
  const typeOk = limits.extensions.includes(extensionOf(file.name));
  const sizeOk = file.size <= limits.maxFileBytes;
  if (!typeOk && !sizeOk) return FILE_RULE_KEYS.typeAndSize;
  if (!typeOk) return FILE_RULE_KEYS.type;
  if (!sizeOk) return FILE_RULE_KEYS.size;
  if (acceptedBytes + file.size > limits.maxCombinedBytes) return FILE_RULE_KEYS.combined;
  return null;
}

/** Checks a batch in order: each accepted file counts towards the combined limit of the next. */
export function checkBatch(
  files: readonly { name: string; size: number }[],
  limits: UploadLimits,
  acceptedBytes: number,
): (string | null)[] {
  let total = acceptedBytes;
  return files.map((file) => {
    const key = fileRuleKey(file, limits, total);
    if (key === null) total += file.size;
    return key;
  });
}

/** What the submit rule needs to know of a queued file. */
export interface RuleFile {
  name: string;
  status: 'queued' | 'uploading' | 'done' | 'error';
  /** A local rule broken (never uploaded). */
  ruleKey?: string | null | undefined;
}

/** True when iokit and siokit files are both in the queue (files refused for their type don't count). */
export function isMixed(files: readonly RuleFile[]): boolean {
  const kinds = new Set(files.filter((f) => !f.ruleKey).map((f) => extensionOf(f.name)));
  return kinds.size > 1;
}

export type SubmitBlocker = 'no-files' | 'mixed-types' | 'failed-files' | 'pending';

/**
 * Part 4: submit only when no non-iokit or oversized file exists, at least one file exists, every file is
 * completed and none has an error (and, part 4 too, iokit and siokit are not mixed). The first reason, or null.
 */
export function submitBlocker(files: readonly RuleFile[]): SubmitBlocker | null {
  if (files.length === 0) return 'no-files';
  if (isMixed(files)) return 'mixed-types';
  if (files.some((f) => f.ruleKey || f.status === 'error')) return 'failed-files';
  if (files.some((f) => f.status !== 'done')) return 'pending';
  return null;
}

/** The message key shown for a blocked submit (nofiles, the type error, iokit_cant_continue), or null. */
export function submitBlockerKey(blocker: SubmitBlocker | null): string | null {
  if (blocker === 'no-files') return FILE_RULE_KEYS.noFiles;
  if (blocker === 'mixed-types') return FILE_RULE_KEYS.type;
  if (blocker === 'failed-files') return MessageKey.IOKIT_CANT_CONTINUE;
  return null;
}

/** The files that block a submit (iokit_cant_continue lists them). */
export function blockingFiles(files: readonly RuleFile[]): string[] {
  return files.filter((f) => f.ruleKey || f.status === 'error').map((f) => f.name);
}
