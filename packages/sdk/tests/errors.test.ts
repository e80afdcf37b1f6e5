// Spec part 8: a failure's message key is ResourceKey, else ErrorState.ErrorCode; none when neither is given.
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  EnvelopeError,
  HttpError,
  NetworkError,
  RequestValidationError,
  ResponseValidationError,
  SdkError,
  TimeoutError,
  envelopeMessageKey,
  messageKeyOf,
} from '../src/index';

const operation = 'getMessage';

describe('envelopeMessageKey', () => {
  it.each([
    [
      'ResourceKey first',
      { ResourceKey: 'projectcreated', ErrorState: { ErrorCode: 'generalError' } },
      'projectcreated',
    ],
    [
      'ErrorCode when ResourceKey is null',
      { ResourceKey: null, ErrorState: { ErrorCode: 'generalError' } },
      'generalError',
    ],
    [
      'ErrorCode when ResourceKey is empty',
      { ResourceKey: '', ErrorState: { ErrorCode: 'validate_info' } },
      'validate_info',
    ],
    ['ErrorCode when ResourceKey is absent', { ErrorState: { ErrorCode: 'emptyfield' } }, 'emptyfield'],
    ['none when both are empty', { ResourceKey: '', ErrorState: { ErrorCode: '' } }, undefined],
    ['none when ErrorState is null', { ResourceKey: null, ErrorState: null }, undefined],
    ['none for a text body', 'boom', undefined],
    ['none for an array', [{ ResourceKey: 'generalError' }], undefined],
    ['none without a body', undefined, undefined],
  ])('%s', (_case, body, key) => {
    expect(envelopeMessageKey(body)).toBe(key);
  });
});

describe('messageKeyOf', () => {
  it('gives the key of HTTP and envelope errors', () => {
    const body = { StatusCode: 409, ResourceKey: 'newprimary_cannot_changed' };
    expect(messageKeyOf(new HttpError(409, { operation, body }))).toBe('newprimary_cannot_changed');
    expect(messageKeyOf(new EnvelopeError(409, { operation, body }))).toBe('newprimary_cannot_changed');
  });

  it('gives none for an envelope refusal without a key (the caller shows the default error)', () => {
    const error = new EnvelopeError(500, {
      operation,
      body: { StatusCode: 500, ResourceKey: null, ErrorState: null },
    });
    expect(error.messageKey).toBeUndefined();
    expect(messageKeyOf(error)).toBeUndefined();
  });

  it('gives none for failures without an answer and for foreign errors', () => {
    expect(messageKeyOf(new NetworkError({ operation }))).toBeUndefined();
    expect(messageKeyOf(new TimeoutError(30_000, { operation }))).toBeUndefined();
    expect(messageKeyOf(new Error('boom'))).toBeUndefined();
  });
});

describe('error names', () => {
  const details = { operation };
  const errors = [
    new SdkError('x', details),
    new HttpError(500, details),
    new EnvelopeError(400, details),
    new NetworkError(details),
    new TimeoutError(10, details),
    new AbortError(details),
    new RequestValidationError([], details),
    new ResponseValidationError([], details),
  ];

  it('each error names its class in words, as logs and `error.name` checks read it', () => {
    expect(errors.map((e) => e.name)).toEqual([
      'SdkError',
      'HttpError',
      'EnvelopeError',
      'NetworkError',
      'TimeoutError',
      'AbortError',
      'RequestValidationError',
      'ResponseValidationError',
    ]);
    expect(String(errors[1])).toBe('HttpError: getMessage failed with HTTP 500');
  });

  it('the name does not come from the class identifier, which a consumer’s minifier renames', () => {
    // A class under another identifier, as a minified build has it ("iu"): still an HttpError by name.
    const iu = class extends HttpError {};
    expect(new iu(404, details).name).toBe('HttpError');
  });
});
