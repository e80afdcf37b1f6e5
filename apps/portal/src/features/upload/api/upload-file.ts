import type { SiokitFileModel, UploadedFileResponse, UploadType } from '@assessment/sdk';
import { uploadFile, type UploadProgress } from '@assessment/sdk/upload';

declare global {
  interface Window {
    /** A shorter upload idle timeout for the e2e journeys (to see the timeout without waiting 30 s). */
    assessmentUploadIdleMs?: number;
  }
}

/** The idle timeout of an upload: the SDK's configured timeout unless a journey injected a shorter one. */
function idleTimeoutMs(): number | undefined {
  const injected = typeof window === 'undefined' ? undefined : window.assessmentUploadIdleMs;
  return typeof injected === 'number' && injected > 0 ? injected : undefined;
}

/** What the server recorded for an uploaded file: the iokit answer or the siokit storage model. */
export type UploadResult =
  | { type: 'server'; response: UploadedFileResponse }
  | { type: 'storage-protection'; response: SiokitFileModel };

/**
 * POST {api}/iokit/file (server) or POST {api}/iokit/SaveFileToStorage (storage protection): one file as
 * multipart, streamed, with upload progress (the SDK's XHR upload; fetch has no upload progress).
 */
export async function uploadCollectorFile(
  type: UploadType,
  file: File,
  options: { signal: AbortSignal; onProgress: (progress: UploadProgress) => void },
): Promise<UploadResult> {
  const timeoutMs = idleTimeoutMs();
  const call = timeoutMs === undefined ? options : { ...options, timeoutMs };
  if (type === 'storage-protection') {
    return { type, response: await uploadFile('saveSiokitFileToStorage', file, call) };
  }
  return { type: 'server', response: await uploadFile('uploadIokitFile', file, call) };
}
