// Multipart file uploads with upload progress. fetch reports no upload progress, so the upload service's file
// operations (uploadIokitFile, saveSiokitFileToStorage) go through XMLHttpRequest here, with the same
// configuration (base URL, headers, credentials, timeout) and the same typed errors as every generated call.
// The File is handed to FormData as is: the browser streams it from disk, it is never read into memory.
// The answer is validated as every generated call's is: when the configured `validate` (or this call's `validate`)
// says so, with the operation's validators from the configured `validators`; without validation no validator code
// is in an app's bundle.
import {
  assertEnvelopeOk,
  getSdkConfig,
  isValidationFailure,
  LOGGED_OUT_HEADER,
  operationValidators,
  serviceBaseUrl,
} from './config';
import {
  AbortError,
  HttpError,
  NetworkError,
  ResponseValidationError,
  SdkError,
  TimeoutError,
} from './errors';
import type { SaveSiokitFileToStorageResponse, UploadIokitFileResponse } from './gen/types.gen';

/** The multipart file operations of the upload service, and what each answers. */
export interface UploadFileResults {
  uploadIokitFile: UploadIokitFileResponse;
  saveSiokitFileToStorage: SaveSiokitFileToStorageResponse;
}
export type UploadFileOperation = keyof UploadFileResults;

/** One upload progress event: bytes sent so far, of how many, and the percent (0–100). */
export interface UploadProgress {
  loaded: number;
  total: number;
  percent: number;
}

/** The part of XMLHttpRequest the helper uses (tests pass a double). */
export type UploadXhr = Pick<
  XMLHttpRequest,
  | 'open'
  | 'send'
  | 'abort'
  | 'setRequestHeader'
  | 'getResponseHeader'
  | 'status'
  | 'responseText'
  | 'responseURL'
  | 'withCredentials'
  | 'upload'
  | 'onload'
  | 'onerror'
  | 'onabort'
>;

export interface UploadFileOptions {
  /** Called on every upload progress event of the browser. */
  onProgress?: (progress: UploadProgress) => void;
  /** Aborts the upload (AbortError). */
  signal?: AbortSignal;
  /**
   * Milliseconds without any progress before the upload fails with TimeoutError (an idle timeout: a large file
   * on a slow line may take longer than this in total).
   * @default the configured timeoutMs
   */
  timeoutMs?: number;
  /** The multipart field name. @default 'file' */
  fieldName?: string;
  /** Creates the request (tests). @default () => new XMLHttpRequest() */
  createXhr?: () => UploadXhr;
  /** Validate the answer against the contract (ResponseValidationError). @default the configured `validate` */
  validate?: boolean;
}

/** The paths of the upload service's multipart operations (the contract's; a test compares them with it). */
export const UPLOAD_FILE_PATHS: Readonly<Record<UploadFileOperation, string>> = {
  uploadIokitFile: '/iokit/file',
  saveSiokitFileToStorage: '/iokit/SaveFileToStorage',
};

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: text === '' ? undefined : JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** The URL of an operation of the upload service (its path has no parameters). */
export function uploadFileUrl(operation: UploadFileOperation): string {
  return `${serviceBaseUrl('upload').replace(/\/$/, '')}${UPLOAD_FILE_PATHS[operation]}`;
}

/**
 * Uploads one file to `operation` as multipart/form-data and resolves with the validated 200 answer.
 * Rejects with HttpError (HTTP ≠ 200; a followed redirect is reported as HTTP 302 with its target as location),
 * ResponseValidationError (an unparsable or off-contract answer), TimeoutError, AbortError or NetworkError.
 * A response carrying the logged-out header calls the configured onLoggedOut.
 */
export function uploadFile<Op extends UploadFileOperation>(
  operation: Op,
  file: Blob & { name?: string },
  options: UploadFileOptions = {},
): Promise<UploadFileResults[Op]> {
  const config = getSdkConfig();
  const url = uploadFileUrl(operation);
  const timeoutMs = options.timeoutMs ?? config.timeoutMs;
  return new Promise<UploadFileResults[Op]>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new AbortError({ operation }));
      return;
    }
    const xhr = options.createXhr ? options.createXhr() : new XMLHttpRequest();
    let idle: ReturnType<typeof setTimeout> | undefined;
    let timedOut = false;
    const clearIdle = () => {
      if (idle !== undefined) clearTimeout(idle);
    };
    const armIdle = () => {
      clearIdle();
      idle = setTimeout(() => {
        timedOut = true;
        xhr.abort();
      }, timeoutMs);
    };
    const onAbortSignal = () => {
      xhr.abort();
    };
    const finish = () => {
      clearIdle();
      options.signal?.removeEventListener('abort', onAbortSignal);
    };

    xhr.open('POST', url);
    xhr.withCredentials = config.credentials === 'include';
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(config.headers)) xhr.setRequestHeader(name, value);

    xhr.upload.onprogress = (event) => {
      armIdle();
      const total = event.lengthComputable ? event.total : file.size;
      options.onProgress?.({
        loaded: event.loaded,
        total,
        percent: total > 0 ? Math.min(100, (event.loaded / total) * 100) : 0,
      });
    };
    xhr.onload = () => {
      finish();
      if (xhr.getResponseHeader(LOGGED_OUT_HEADER) === '1') {
        config.onLoggedOut?.({ operation, url: xhr.responseURL || url });
      }
      // XMLHttpRequest follows redirects itself: an answer from another URL was a redirect (spec part 4: 302).
      const redirectedTo = xhr.responseURL && xhr.responseURL !== url ? xhr.responseURL : undefined;
      if (redirectedTo !== undefined || xhr.status === 302) {
        reject(
          new HttpError(302, { operation, location: redirectedTo ?? xhr.getResponseHeader('Location') }),
        );
        return;
      }
      const parsed = parseJson(xhr.responseText);
      if (xhr.status !== 200) {
        reject(
          new HttpError(xhr.status, {
            operation,
            body: parsed.ok ? parsed.value : xhr.responseText,
            location: xhr.getResponseHeader('Location'),
          }),
        );
        return;
      }
      if (!parsed.ok) {
        reject(
          new ResponseValidationError([{ message: 'The response body is not valid JSON' }], {
            operation,
            body: xhr.responseText,
          }),
        );
        return;
      }
      try {
        assertEnvelopeOk(parsed.value, operation);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      const answer = parsed.value as UploadFileResults[Op];
      operationValidators(operation, options.validate)
        .then((validators) => validators?.response?.(answer))
        .then(
          () => {
            resolve(answer);
          },
          (error: unknown) => {
            reject(
              error instanceof SdkError
                ? error
                : new ResponseValidationError(
                    isValidationFailure(error) ? error.issues : [{ message: String(error) }],
                    { operation, body: answer, cause: error },
                  ),
            );
          },
        );
    };
    xhr.onerror = () => {
      finish();
      reject(new NetworkError({ operation }));
    };
    xhr.onabort = () => {
      finish();
      reject(timedOut ? new TimeoutError(timeoutMs, { operation }) : new AbortError({ operation }));
    };
    options.signal?.addEventListener('abort', onAbortSignal, { once: true });

    const form = new FormData();
    if (file instanceof File) form.append(options.fieldName ?? 'file', file);
    else form.append(options.fieldName ?? 'file', file, file.name ?? 'file');
    armIdle();
    xhr.send(form);
  });
}
