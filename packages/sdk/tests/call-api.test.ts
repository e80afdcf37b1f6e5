import { describe, expect, it } from 'vitest';
import {
  AbortError,
  CACHE_BUST_PARAM,
  DEFAULT_TIMEOUT_MS,
  EnvelopeError,
  HttpError,
  LOGGED_OUT_HEADER,
  NetworkError,
  ResponseValidationError,
  SdkError,
  TimeoutError,
  callApi,
  configureSdk,
  messageKeyOf,
} from '../src/index';
import { rejection, useTestServer } from './test-server';

const { server, onLoggedOut } = useTestServer();

describe('the generic helper (spec part 7)', () => {
  it('is a GET with Accept JSON by default', async () => {
    const echo = await callApi<{ method: string; headers: Record<string, string>; body: string }>('/echo');
    expect(echo.method).toBe('GET');
    expect(echo.headers.accept).toBe('application/json');
    expect(echo.body).toBe('');
  });

  it('sends form-encoded bodies by default', async () => {
    const echo = await callApi<{ headers: Record<string, string>; body: string }>('/echo', {
      method: 'POST',
      form: { sortByField: 'Email', pageSize: 25, sortOrder: 0, isOpm: true, note: null, team: undefined },
    });
    expect(echo.headers['content-type']).toBe('application/x-www-form-urlencoded; charset=UTF-8');
    expect(echo.body).toBe('sortByField=Email&pageSize=25&sortOrder=0&isOpm=true');
  });

  it('sends a JSON body with the JSON content type when data is supplied', async () => {
    const echo = await callApi<{ headers: Record<string, string>; body: string }>('/echo', {
      method: 'POST',
      data: { collectorRunIds: [1, 2], actionType: 'archive' },
    });
    expect(echo.headers['content-type']).toBe('application/json');
    expect(JSON.parse(echo.body)).toEqual({ collectorRunIds: [1, 2], actionType: 'archive' });
  });

  it('adds the cache-busting query parameter only when asked', async () => {
    const plain = await callApi<{ url: string }>('/echo', { query: { a: 1, b: 'x y', c: null } });
    expect(plain.url).toBe('/echo?a=1&b=x+y');
    const busted = await callApi<{ url: string }>('/echo', { cacheBust: true });
    const param = new URL(busted.url, 'http://x').searchParams.get(CACHE_BUST_PARAM);
    expect(CACHE_BUST_PARAM).toBe('_');
    expect(Number(param)).toBeGreaterThan(0);
  });

  it('resolves on 200 with the parsed JSON', async () => {
    await expect(callApi('/ok')).resolves.toEqual({
      StatusCode: 200,
      ResourceKey: null,
      Data: { Id: 7 },
      Message: null,
    });
  });

  it('rejects any status other than 200 with the parsed body, even a 201', async () => {
    const error = await rejection(callApi('/created'));
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(201);
    expect((error as HttpError).body).toEqual({ StatusCode: 200 });
  });

  it.each([
    ['/not-found', 404, 'generalError'],
    ['/conflict', 409, 'newprimary_cannot_changed'],
  ])('rejects %s with HttpError %i carrying the message key', async (path, status, key) => {
    const error = await rejection(callApi(path));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toBeInstanceOf(SdkError);
    expect(error).toBeInstanceOf(Error);
    expect((error as HttpError).status).toBe(status);
    expect(messageKeyOf(error)).toBe(key);
    expect((error as HttpError).operation).toBe(`GET ${path}`);
  });

  it('rejects a 500 with a text body', async () => {
    const error = (await rejection(callApi('/server-error'))) as HttpError;
    expect(error.status).toBe(500);
    expect(error.body).toBe('boom');
    expect(messageKeyOf(error)).toBeUndefined();
  });

  it('rejects an envelope whose StatusCode is not 200 inside HTTP 200, keyed by ResourceKey first', async () => {
    const error = (await rejection(callApi('/envelope-resource-key'))) as EnvelopeError;
    expect(error).toBeInstanceOf(EnvelopeError);
    expect(error.statusCode).toBe(409);
    expect(error.messageKey).toBe('operationnotallowed');
    expect(error.body).toMatchObject({ StatusCode: 409, ResourceKey: 'operationnotallowed' });
  });

  it('falls back to ErrorState.ErrorCode when ResourceKey is empty', async () => {
    const error = (await rejection(callApi('/envelope-error-code'))) as EnvelopeError;
    expect(error.messageKey).toBe('generalError');
  });

  it('rejects malformed JSON on 200 as a response-validation error', async () => {
    const error = await rejection(callApi('/malformed'));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).body).toBe('{"StatusCode": 200,');
  });

  it('rejects on timeout', async () => {
    const error = await rejection(callApi('/slow', { timeoutMs: 50 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(50);
  });

  it('has a sensible default timeout', () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
  });

  it('rejects on a caller abort, distinct from a timeout', async () => {
    const controller = new AbortController();
    const pending = callApi('/slow', { signal: controller.signal });
    controller.abort();
    expect(await rejection(pending)).toBeInstanceOf(AbortError);
  });

  it('rejects on a network error', async () => {
    configureSdk({ baseUrl: 'http://127.0.0.1:9' });
    expect(await rejection(callApi('/ok'))).toBeInstanceOf(NetworkError);
  });

  it('checks every response for the logged-out header, success or failure', async () => {
    expect(LOGGED_OUT_HEADER).toBe('X-Logged-Out');
    await callApi('/logged-out');
    expect(onLoggedOut).toHaveBeenCalledTimes(1);
    expect(onLoggedOut.mock.calls[0]?.[0]).toMatchObject({ operation: 'GET /logged-out' });
    await rejection(callApi('/logged-out-401'));
    expect(onLoggedOut).toHaveBeenCalledTimes(2);
    await callApi('/ok');
    expect(onLoggedOut).toHaveBeenCalledTimes(2);
  });

  it('follows redirects of portal calls', async () => {
    const error = (await rejection(callApi('/redirect'))) as HttpError;
    expect(error.status).toBe(404); // /auth/login is not a route of the test server
    expect(server().received.at(-1)?.url).toBe('/auth/login');
  });

  it('surfaces a 302 on upload-service calls instead of following it', async () => {
    configureSdk({ uploadBaseUrl: server().url });
    const error = (await rejection(callApi('/redirect', { service: 'upload' }))) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(302);
    expect(error.location).toBe('/auth/login');
    expect(server().received.at(-1)?.url).toBe('/redirect');
  });

  it('sends calls of another service to that service base URL', async () => {
    configureSdk({ uploadBaseUrl: `${server().url}/upload-service` });
    const error = (await rejection(callApi('/echo', { service: 'upload' }))) as HttpError;
    expect(error.status).toBe(404);
    expect(server().received.at(-1)?.url).toBe('/upload-service/echo');
  });
});
