import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  EnvelopeError,
  HttpError,
  LOGGED_OUT_HEADER,
  NetworkError,
  ResponseValidationError,
  TimeoutError,
  configureSdk,
  operations,
  resetSdkConfig,
} from '../src/index';
import {
  UPLOAD_FILE_PATHS,
  uploadFile,
  uploadFileUrl,
  type UploadProgress,
  type UploadXhr,
} from '../src/upload-file';
import { validators } from '../src/validators';

/** A scripted XMLHttpRequest: the test decides progress and the answer. */
class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  responseHeaders: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  responseURL = '';
  withCredentials = false;
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name] ?? null;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  answer(status: number, text: string, headers: Record<string, string> = {}, responseURL = this.url) {
    this.status = status;
    this.responseText = text;
    this.responseHeaders = headers;
    this.responseURL = responseURL;
    this.onload?.();
  }
}

const API = 'http://upload.test/upload-service';
const ok = { FileName: 'a.iokit', ErrorKey: null, RequestorId: 7, FileId: 'f-1' };

function start(
  options: { timeoutMs?: number; signal?: AbortSignal; onProgress?: (p: UploadProgress) => void } = {},
) {
  const xhr = new FakeXhr();
  const file = new File(['x'.repeat(1000)], 'a.iokit');
  const promise = uploadFile('uploadIokitFile', file, {
    ...options,
    createXhr: () => xhr as unknown as UploadXhr,
  });
  return { xhr, file, promise };
}

describe('uploadFile (multipart upload with progress)', () => {
  afterEach(() => {
    resetSdkConfig();
    vi.useRealTimers();
  });

  it('posts the File itself as multipart to the configured upload service with the configured headers', async () => {
    configureSdk({ uploadBaseUrl: API, headers: { 'X-Portal': '1' }, credentials: 'include' });
    const { xhr, file, promise } = start();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`${API}/iokit/file`);
    expect(uploadFileUrl('saveSiokitFileToStorage')).toBe(`${API}/iokit/SaveFileToStorage`);
    expect(xhr.headers).toMatchObject({ Accept: 'application/json', 'X-Portal': '1' });
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.body).toBeInstanceOf(FormData);
    expect((xhr.body as FormData).get('file')).toBe(file);
    xhr.answer(200, JSON.stringify(ok));
    await expect(promise).resolves.toEqual(ok);
  });

  it('reports progress with bytes and percent', async () => {
    configureSdk({ uploadBaseUrl: API });
    const events: UploadProgress[] = [];
    const { xhr, promise } = start({ onProgress: (p) => events.push(p) });
    xhr.progress(250, 1000);
    xhr.progress(1000, 1000);
    xhr.answer(200, JSON.stringify(ok));
    await promise;
    expect(events).toEqual([
      { loaded: 250, total: 1000, percent: 25 },
      { loaded: 1000, total: 1000, percent: 100 },
    ]);
  });

  it('rejects an unparsable answer and, validated, an off-contract answer with ResponseValidationError', async () => {
    configureSdk({ uploadBaseUrl: API, validate: true, validators });
    const first = start();
    first.xhr.answer(200, '<html>oops');
    await expect(first.promise).rejects.toBeInstanceOf(ResponseValidationError);
    const second = start();
    second.xhr.answer(200, JSON.stringify({ FileName: 3 }));
    const error = await second.promise.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).operation).toBe('uploadIokitFile');
    expect((error as ResponseValidationError).body).toEqual({ FileName: 3 });
    expect((error as ResponseValidationError).issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: ['FileName'] })]),
    );
  });

  it('honours the configured validation: off, an off-contract answer resolves; a call can turn it on', async () => {
    configureSdk({ uploadBaseUrl: API, validators });
    const unvalidated = start();
    unvalidated.xhr.answer(200, JSON.stringify({ FileName: 3 }));
    await expect(unvalidated.promise).resolves.toEqual({ FileName: 3 });
    const xhr = new FakeXhr();
    const validated = uploadFile('uploadIokitFile', new Blob(['x']), {
      createXhr: () => xhr as unknown as UploadXhr,
      validate: true,
    });
    xhr.answer(200, JSON.stringify({ FileName: 3 }));
    await expect(validated).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it('posts to the contract’s paths of the upload service', () => {
    for (const operation of ['uploadIokitFile', 'saveSiokitFileToStorage'] as const) {
      expect(UPLOAD_FILE_PATHS[operation]).toBe(operations[operation].path);
      expect(operations[operation].service).toBe('upload');
    }
  });

  it('rejects HTTP errors with their status and message key, and envelope errors', async () => {
    configureSdk({ uploadBaseUrl: API });
    const first = start();
    first.xhr.answer(400, JSON.stringify({ StatusCode: 400, ResourceKey: 'only_iokit_allowed' }));
    const error = await first.promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect((error as HttpError).messageKey).toBe('only_iokit_allowed');
    const second = start();
    second.xhr.answer(500, 'boom');
    await expect(second.promise).rejects.toMatchObject({ status: 500 });
    const third = start();
    third.xhr.answer(200, JSON.stringify({ StatusCode: 403, ResourceKey: 'operationnotallowed' }));
    await expect(third.promise).rejects.toBeInstanceOf(EnvelopeError);
  });

  it('reports a followed redirect as HTTP 302 with its target', async () => {
    configureSdk({ uploadBaseUrl: API });
    const { xhr, promise } = start();
    xhr.answer(200, '<html>login</html>', {}, 'http://upload.test/auth/login');
    const error = (await promise.catch((e: unknown) => e)) as HttpError;
    expect(error.status).toBe(302);
    expect(error.location).toBe('http://upload.test/auth/login');
  });

  it('calls onLoggedOut when the answer carries the logged-out header', async () => {
    const onLoggedOut = vi.fn();
    configureSdk({ uploadBaseUrl: API, onLoggedOut });
    const { xhr, promise } = start();
    xhr.answer(200, JSON.stringify(ok), { [LOGGED_OUT_HEADER]: '1' });
    await promise;
    expect(onLoggedOut).toHaveBeenCalledWith(expect.objectContaining({ operation: 'uploadIokitFile' }));
  });

  it('aborts through the signal, times out when idle, and reports network errors', async () => {
    configureSdk({ uploadBaseUrl: API });
    const controller = new AbortController();
    const aborted = start({ signal: controller.signal });
    controller.abort();
    expect(aborted.xhr.aborted).toBe(true);
    await expect(aborted.promise).rejects.toBeInstanceOf(AbortError);

    vi.useFakeTimers();
    const idle = start({ timeoutMs: 100 });
    vi.advanceTimersByTime(90);
    idle.xhr.progress(10, 1000); // progress re-arms the idle timer
    vi.advanceTimersByTime(90);
    expect(idle.xhr.aborted).toBe(false);
    vi.advanceTimersByTime(20);
    await expect(idle.promise).rejects.toBeInstanceOf(TimeoutError);
    vi.useRealTimers();

    const broken = start();
    broken.xhr.onerror?.();
    await expect(broken.promise).rejects.toBeInstanceOf(NetworkError);
  });
});
