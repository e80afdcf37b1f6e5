import {
  EnvelopeError,
  HttpError,
  NetworkError,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
} from '@assessment/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAnswerShownByPage, logCaughtError } from './caught-error';

const details = { operation: 'getTeam' };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('logCaughtError (React onCaughtError)', () => {
  it('logs nothing for a server answer the route error page shows: HTTP status, envelope, no connection, timeout', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answers = [
      new HttpError(404, details),
      new EnvelopeError(403, { ...details, body: { StatusCode: 403 } }),
      new NetworkError({ ...details, cause: new TypeError('Failed to fetch') }),
      new TimeoutError(30_000, details),
    ];
    for (const error of answers) {
      expect(isAnswerShownByPage(error), error.name).toBe(true);
      logCaughtError(error, { componentStack: '\n    at Page' });
    }
    expect(log).not.toHaveBeenCalled();
  });

  it('logs a contract mismatch and any other exception with its component stack', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const faults = [
      new ResponseValidationError([], details),
      new RequestValidationError([], details),
      new TypeError("Cannot read properties of undefined (reading 'Name')"),
    ];
    for (const error of faults) {
      expect(isAnswerShownByPage(error)).toBe(false);
      logCaughtError(error, { componentStack: '\n    at Page' });
      expect(log).toHaveBeenLastCalledWith(error, '\n    at Page');
    }
    expect(log).toHaveBeenCalledTimes(3);
  });
});
