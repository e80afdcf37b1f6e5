import type { SiokitFileModel, UploadedFileResponse, UploadType } from '@assessment/sdk';
import { uploadFile, type UploadProgress } from '@assessment/sdk/upload';

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
  if (type === 'storage-protection') {
    return { type, response: await uploadFile('saveSiokitFileToStorage', file, options) };
  }
  return { type: 'server', response: await uploadFile('uploadIokitFile', file, options) };
}
