import {
  AbortError,
  EnvelopeError,
  HttpError,
  NetworkError,
  ResponseValidationError,
  TimeoutError,
} from '@assessment/sdk';
import { describe, expect, it } from 'vitest';
import { ERROR_404_TEXT, GENERIC_MESSAGE_KEY, TIMEOUT_TEXT, describeError } from './describe-error';

const isUpload = (operation: string) => operation === 'uploadIokitFile';

describe('describeError (spec part 8)', () => {
  it('fixes the texts of the spec', () => {
    expect(ERROR_404_TEXT).toBe("Error 404 - The file you're looking for could not be found.");
    expect(TIMEOUT_TEXT).toBe("Connection Interrupted - Looks like you're having some connectivity issues.");
    expect(GENERIC_MESSAGE_KEY).toBe('generalError');
  });

  it('a non-200 StatusCode uses ResourceKey as the message key', () => {
    const error = new EnvelopeError(409, {
      operation: 'createProject',
      body: { StatusCode: 409, ResourceKey: 'emptyfield', ErrorState: null },
    });
    expect(describeError(error)).toEqual({ kind: 'message', key: 'emptyfield' });
  });

  it('falls back to ErrorState.ErrorCode when there is no ResourceKey', () => {
    const error = new EnvelopeError(500, {
      operation: 'createProject',
      body: { StatusCode: 500, ResourceKey: null, ErrorState: { ErrorCode: 'choose_project' } },
    });
    expect(describeError(error)).toEqual({ kind: 'message', key: 'choose_project' });
  });

  it('an envelope failure without any key shows the generic message', () => {
    const error = new EnvelopeError(500, {
      operation: 'x',
      body: { StatusCode: 500, ResourceKey: null, ErrorState: null },
    });
    expect(describeError(error)).toEqual({ kind: 'message', key: 'generalError' });
  });

  it('an HTTP error carrying an envelope uses its key', () => {
    const error = new HttpError(409, {
      operation: 'stopCollectorRun',
      body: { StatusCode: 409, ResourceKey: 'newprimary_cannot_changed' },
    });
    expect(describeError(error)).toEqual({ kind: 'message', key: 'newprimary_cannot_changed' });
  });

  it('HTTP 404 shows the fixed 404 text', () => {
    expect(describeError(new HttpError(404, { operation: 'getProject' }))).toEqual({
      kind: 'text',
      text: ERROR_404_TEXT,
    });
  });

  it('a timeout shows the fixed connectivity text', () => {
    expect(describeError(new TimeoutError(30000, { operation: 'getProjects' }))).toEqual({
      kind: 'text',
      text: TIMEOUT_TEXT,
    });
  });

  it('HTTP 302 on an upload-related call reloads the page', () => {
    expect(
      describeError(new HttpError(302, { operation: 'uploadIokitFile' }), { isUploadOperation: isUpload }),
    ).toEqual({
      kind: 'reload',
    });
  });

  it('HTTP 302 on another call is a generic failure', () => {
    expect(
      describeError(new HttpError(302, { operation: 'getProjects' }), { isUploadOperation: isUpload }),
    ).toEqual({
      kind: 'message',
      key: 'generalError',
    });
  });

  it('an HTTP 500 without envelope shows the generic message', () => {
    expect(describeError(new HttpError(500, { operation: 'getProjects', body: 'oops' }))).toEqual({
      kind: 'message',
      key: 'generalError',
    });
  });

  it('a network error, a contract violation and an unknown throw show the generic message', () => {
    for (const error of [
      new NetworkError({ operation: 'getViewer' }),
      new ResponseValidationError([], { operation: 'getViewer' }),
      new Error('boom'),
      'weird',
      undefined,
    ]) {
      expect(describeError(error)).toEqual({ kind: 'message', key: 'generalError' });
    }
  });

  it('an aborted request shows nothing', () => {
    expect(describeError(new AbortError({ operation: 'getViewer' }))).toEqual({ kind: 'none' });
  });
});
