// Why an open collector file cannot be read: the per-file ErrorKey of the upload answer (contract MessageKey) and a
// clear English reason.
import type { MessageKey } from '@assessment/sdk';

/** The classes of unreadable file (docs/collector-format.md, "Errors"). */
export const COLLECTOR_FILE_ERROR_KEYS = [
  'iokit_file_corrupt',
  'iokit_file_truncated',
  'iokit_file_wrong_version',
  'iokit_file_empty',
  'iokit_sample_implausible',
  // One per limit a file is over (docs/collector-format.md, "Limits"; issue #32).
  'iokit_file_too_many_hosts',
  'iokit_file_too_many_devices',
  'iokit_file_line_too_long',
  'iokit_file_line_too_complex',
  'iokit_file_too_large',
  'iokit_file_compression_ratio',
  'iokit_file_too_many_samples',
] as const satisfies readonly MessageKey[];

export type CollectorFileErrorKey = (typeof COLLECTOR_FILE_ERROR_KEYS)[number];

export class CollectorFileError extends Error {
  readonly errorKey: CollectorFileErrorKey;
  /** The English reason (also the message). */
  readonly reason: string;
  /** 1-based line of the (decompressed) file where the problem was found, when it is one line's fault. */
  readonly line: number | undefined;

  constructor(errorKey: CollectorFileErrorKey, reason: string, line?: number) {
    super(line === undefined ? reason : `Line ${String(line)}: ${reason}`);
    this.name = 'CollectorFileError';
    this.errorKey = errorKey;
    this.reason = this.message;
    this.line = line;
  }
}
