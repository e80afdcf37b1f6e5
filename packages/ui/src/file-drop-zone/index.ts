export { DEFAULT_FILE_DROP_ZONE_LABELS, FileDropZone } from './FileDropZone';
export type { FileDropZoneLabels, FileDropZoneProps, UploadItem, UploadStatus } from './FileDropZone';
export {
  checkFiles,
  extensionOf,
  formatBytes,
  IOKIT_COMBINED_SIZE_ERROR_KEY,
  IOKIT_EXTENSIONS,
  IOKIT_MAX_FILE_BYTES,
  IOKIT_MAX_FILE_MB,
  IOKIT_NO_FILES_KEY,
  IOKIT_REJECTION_KEYS,
  IOKIT_SIZE_ERROR_KEY,
  IOKIT_TYPE_AND_SIZE_ERROR_KEY,
  IOKIT_TYPE_ERROR_KEY,
  iokitMessageKey,
  LOGO_EXTENSIONS,
  LOGO_MAX_BYTES,
  LOGO_MAX_KB,
  uploadSubmitBlocker,
  uploadSubmitMessageKey,
} from './rules';
export type { FileRejection, FileRejectionReason, FileRules, UploadSubmitBlocker } from './rules';
export { useUploadQueue } from './useUploadQueue';
export type { UploadContext, UploadQueue, UploadQueueOptions } from './useUploadQueue';
