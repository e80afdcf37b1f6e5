import {
  AbortError,
  EnvelopeError,
  HttpError,
  NetworkError,
  ResponseValidationError,
  TimeoutError,
} from '@assessment/sdk';
import { describe, expect, it } from 'vitest';
import { fileFailureKey, fileListOf, SERVER_ERROR, TIMEOUT, uploadFailureOf } from './upload-errors';

const operation = 'uploadIokitFile';

describe('upload failures (spec part 8)', () => {
  it('reloads the page on HTTP 302 of an upload call', () => {
    expect(uploadFailureOf(new HttpError(302, { operation }))).toEqual({ kind: 'reload' });
    expect(fileFailureKey(new HttpError(302, { operation }))).toBe('reload');
  });

  it('shows iokit_generic_error for HTTP 500, and for 400+ without a key of its own', () => {
    const withKey = { StatusCode: 500, ResourceKey: 'only_iokit_allowed' };
    expect(uploadFailureOf(new HttpError(500, { operation, body: withKey }))).toEqual({
      kind: 'message',
      key: 'iokit_generic_error',
    });
    expect(uploadFailureOf(new HttpError(400, { operation, body: '' }))).toEqual({
      kind: 'message',
      key: 'iokit_generic_error',
    });
    expect(uploadFailureOf(new HttpError(403, { operation, body: {} }))).toEqual({
      kind: 'message',
      key: 'iokit_generic_error',
    });
    expect(
      uploadFailureOf(
        new HttpError(400, { operation, body: { StatusCode: 400, ResourceKey: 'iokit_cant_continue' } }),
      ),
    ).toEqual({ kind: 'message', key: 'iokit_cant_continue' });
  });

  it('shows the key of an envelope error', () => {
    const error = new EnvelopeError(400, {
      operation,
      body: { StatusCode: 400, ResourceKey: 'siokit_upload_failed' },
    });
    expect(uploadFailureOf(error)).toEqual({ kind: 'message', key: 'siokit_upload_failed' });
  });

  it('marks a file whose answer is unparsable (or unreachable) as a Server error, a stalled one as timed out', () => {
    expect(fileFailureKey(new ResponseValidationError([], { operation }))).toBe(SERVER_ERROR);
    expect(fileFailureKey(new NetworkError({ operation }))).toBe(SERVER_ERROR);
    expect(fileFailureKey(new TimeoutError(10, { operation }))).toBe(TIMEOUT);
    expect(fileFailureKey(new AbortError({ operation }))).toBe('aborted');
    expect(uploadFailureOf(new TimeoutError(10, { operation }))).toEqual({ kind: 'report' });
  });

  it('reads the file list of iokit_cant_continue', () => {
    const error = new HttpError(400, {
      operation,
      body: { StatusCode: 400, ResourceKey: 'iokit_cant_continue', Message: 'a.iokit, b.iokit' },
    });
    expect(fileListOf(error)).toEqual(['a.iokit', 'b.iokit']);
    expect(fileListOf(new Error('x'))).toEqual([]);
  });
});
