import { EnvelopeError, HttpError, NetworkError, TimeoutError } from '@assessment/sdk';
import { describe, expect, it } from 'vitest';
import { failureKind } from './RouteError';

describe('failureKind: what a failed page says and offers', () => {
  it.each([
    ['HTTP 404', new HttpError(404, { operation: 'getProject' }), 'notFound'],
    [
      'envelope 404',
      new EnvelopeError(404, {
        operation: 'getProject',
        body: { StatusCode: 404, ResourceKey: 'generalError' },
      }),
      'notFound',
    ],
    ['HTTP 403', new HttpError(403, { operation: 'getProject' }), 'refused'],
    [
      'operationnotallowed in an envelope',
      new EnvelopeError(400, {
        operation: 'getProject',
        body: { StatusCode: 400, ResourceKey: 'operationnotallowed' },
      }),
      'refused',
    ],
    ['HTTP 500', new HttpError(500, { operation: 'getDashboard' }), 'fault'],
    ['a timeout', new TimeoutError(30_000, { operation: 'getDashboard' }), 'fault'],
    ['a network failure', new NetworkError({ operation: 'getDashboard' }), 'fault'],
    ['anything else', new Error('boom'), 'fault'],
  ])('%s → %s', (_name, error, kind) => {
    expect(failureKind(error)).toBe(kind);
  });
});
