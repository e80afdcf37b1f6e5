// The generated operations get the same semantics as the generic helper through the runtime's interceptors.
import { beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  AbortError,
  EnvelopeError,
  HttpError,
  NO_VALIDATORS_MESSAGE,
  NetworkError,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
  configureSdk,
  createSupportTicket,
  deleteUploadedIokit,
  STREAMS_MESSAGE,
  client,
  getMessage,
  operations,
  streamReportEvents,
  queueIokitUpload,
  resetSdkConfig,
  unlistedValidatorsMessage,
  uploadIokitFile,
  validatorsOf,
} from '../src/index';
import { validators, type Validators } from '../src/validators';
import { contractRequestExample, rejection, useTestServer } from './test-server';

const { server, onLoggedOut } = useTestServer();

describe('generated operations', () => {
  it('return the validated body', async () => {
    const { data } = await getMessage({ path: { key: 'ok' } });
    expect(data).toEqual({ title: 'Saved', message: 'Your changes were saved.', actions: ['OK'] });
    expect(server().received.at(-1)?.url).toBe('/api/message/ok');
  });

  it('name the operation in a typed HTTP error', async () => {
    const error = (await rejection(getMessage({ path: { key: 'missing' } }))) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(404);
    expect(error.operation).toBe('getMessage');
    expect(error.messageKey).toBe('generalError');
  });

  it('reject a response that breaks the contract', async () => {
    const error = (await rejection(getMessage({ path: { key: 'bad-shape' } }))) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.operation).toBe('getMessage');
    expect(error.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: ['title'] })]));
  });

  it('reject malformed JSON, saying so', async () => {
    const error = (await rejection(getMessage({ path: { key: 'malformed' } }))) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.issues).toEqual([{ message: 'The response body is not valid JSON' }]);
  });

  it('reject a request that breaks the contract before sending it', async () => {
    const before = server().received.length;
    const badOptions = { path: { key: 42 } } as unknown as Parameters<typeof getMessage>[0];
    expect(await rejection(getMessage(badOptions))).toBeInstanceOf(RequestValidationError);
    expect(server().received.length).toBe(before);
  });

  it('reject an envelope error inside HTTP 200', async () => {
    const error = (await rejection(getMessage({ path: { key: 'envelope' } }))) as EnvelopeError;
    expect(error).toBeInstanceOf(EnvelopeError);
    expect(error.messageKey).toBe('validate_info');
  });

  it('time out, per call through meta', async () => {
    type Meta = NonNullable<Parameters<typeof getMessage>[0]['meta']>;
    expectTypeOf<Meta>().toEqualTypeOf<{ timeoutMs?: number; validate?: boolean }>();
    const error = await rejection(getMessage({ path: { key: 'slow' }, meta: { timeoutMs: 50 } }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(50);
  });

  it('time out with the configured default', async () => {
    configureSdk({ timeoutMs: 60 });
    expect(await rejection(getMessage({ path: { key: 'slow' } }))).toBeInstanceOf(TimeoutError);
  });

  it('abort through the caller signal', async () => {
    const controller = new AbortController();
    const pending = getMessage({ path: { key: 'slow' }, signal: controller.signal });
    controller.abort();
    expect(await rejection(pending)).toBeInstanceOf(AbortError);
  });

  it('report a network error', async () => {
    configureSdk({ baseUrl: 'http://127.0.0.1:9' });
    expect(await rejection(getMessage({ path: { key: 'ok' } }))).toBeInstanceOf(NetworkError);
  });

  it('call onLoggedOut when the header says 1', async () => {
    await getMessage({ path: { key: 'logged-out' } });
    expect(onLoggedOut).toHaveBeenCalledWith(expect.objectContaining({ operation: 'getMessage' }));
  });

  it('check failures for the logged-out header too', async () => {
    const error = (await rejection(getMessage({ path: { key: 'logged-out-401' } }))) as HttpError;
    expect(error.status).toBe(401);
    expect(onLoggedOut).toHaveBeenCalledTimes(1);
    await getMessage({ path: { key: 'ok' } });
    expect(onLoggedOut).toHaveBeenCalledTimes(1);
  });
});

describe('operations of the other services', () => {
  beforeEach(() => {
    configureSdk({
      uploadBaseUrl: `${server().url}/upload-service`,
      ticketBaseUrl: `${server().url}/support-service`,
    });
  });

  it('send upload-service calls to the upload base URL', async () => {
    const fileId = '6a0f5d2e-3b1c-4c55-8f7e-1d2c3b4a5f60';
    await deleteUploadedIokit({ path: { fileId } });
    expect(server().received.at(-1)).toMatchObject({
      method: 'DELETE',
      url: `/upload-service/api/iokit/${fileId}`,
    });
  });

  it('send multipart uploads with the file to the upload service', async () => {
    const file = new File(['iokit-bytes'], 'week47.iokit', { type: 'application/octet-stream' });
    await uploadIokitFile({ body: { file } });
    const received = server().received.at(-1);
    expect(received?.url).toBe('/upload-service/iokit/file');
    expect(received?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(received?.body).toContain('filename="week47.iokit"');
    expect(received?.body).toContain('iokit-bytes');
  });

  it('surface an HTTP 302 on upload-related calls instead of following it', async () => {
    const error = (await rejection(
      queueIokitUpload({ body: contractRequestExample('/api/iokitqueue', 'post') as never }),
    )) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(302);
    expect(error.location).toBe('/auth/login');
  });

  it('send support tickets to the ticket service', async () => {
    const { response } = await createSupportTicket({
      body: contractRequestExample('/api/v2/requests.json', 'post') as never,
    });
    expect(response.status).toBe(201);
    expect(server().received.at(-1)?.url).toBe('/support-service/api/v2/requests.json');
  });
});

describe('configuration', () => {
  it('sends the configured headers, and no longer once they are configured away or reset', async () => {
    configureSdk({ headers: { 'X-Team': 'north', 'X-Trace': 'on' } });
    await getMessage({ path: { key: 'ok' } });
    expect(server().received.at(-1)?.headers).toMatchObject({ 'x-team': 'north', 'x-trace': 'on' });

    configureSdk({ headers: { 'X-Team': 'south' } });
    await getMessage({ path: { key: 'ok' } });
    expect(server().received.at(-1)?.headers['x-team']).toBe('south');
    expect(server().received.at(-1)?.headers).not.toHaveProperty('x-trace');

    resetSdkConfig();
    configureSdk({ baseUrl: server().url });
    await getMessage({ path: { key: 'ok' } });
    expect(server().received.at(-1)?.headers).not.toHaveProperty('x-team');
  });

  it('calls fetch unbound, as a browser requires (its fetch throws "Illegal invocation" as a method)', async () => {
    const receivers: unknown[] = [];
    configureSdk({
      fetch: function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
        receivers.push(this);
        return fetch(input, init);
      },
    });
    await getMessage({ path: { key: 'ok' } });
    expect(receivers).toEqual([undefined]);
  });

  it('uses a configured fetch, and the global one again once it is configured away', async () => {
    const custom = vi.fn<typeof fetch>((input, init) => fetch(input, init));
    configureSdk({ fetch: custom });
    await getMessage({ path: { key: 'ok' } });
    expect(custom).toHaveBeenCalledTimes(1);

    configureSdk({ fetch: undefined });
    await getMessage({ path: { key: 'ok' } });
    expect(custom).toHaveBeenCalledTimes(1);
  });
});

describe('validation, chosen at configureSdk and per call', () => {
  const badRequest = { path: { key: 42 } } as unknown as Parameters<typeof getMessage>[0];

  it('is off by default: an off-contract answer is returned as is and an off-contract request is sent', async () => {
    resetSdkConfig();
    configureSdk({ baseUrl: server().url });
    const { data } = await getMessage({ path: { key: 'bad-shape' } });
    expect(data).toEqual(expect.objectContaining({ title: 42 }));
    const before = server().received.length;
    await getMessage(badRequest).catch(() => undefined);
    expect(server().received.length).toBe(before + 1);
  });

  it('can be turned on for one call, and off for one call', async () => {
    configureSdk({ validate: false });
    expect(
      await rejection(getMessage({ path: { key: 'bad-shape' }, meta: { validate: true } })),
    ).toBeInstanceOf(ResponseValidationError);
    configureSdk({ validate: true });
    const { data } = await getMessage({ path: { key: 'bad-shape' }, meta: { validate: false } });
    expect(data).toEqual(expect.objectContaining({ title: 42 }));
  });

  it('loads an operation’s validators on its first validated call only', async () => {
    const loaded: string[] = [];
    const counting: Validators = async () =>
      Object.fromEntries(
        Object.entries(await validators()).map(([operation, load]) => [
          operation,
          () => {
            loaded.push(operation);
            return load?.() ?? Promise.reject(new Error(operation));
          },
        ]),
      );
    configureSdk({ validate: false, validators: counting });
    await getMessage({ path: { key: 'ok' } });
    expect(loaded).toEqual([]);
    await getMessage({ path: { key: 'ok' }, meta: { validate: true } });
    expect(loaded).toEqual(['getMessage']);
  });

  it('needs the validators: configureSdk refuses validate without them, a validated call says what to import', async () => {
    expect(NO_VALIDATORS_MESSAGE).toBe(
      "Validation needs the validators: import { validators } from '@assessment/sdk/validators' and pass configureSdk({ validate: true, validators })",
    );
    resetSdkConfig();
    expect(() => configureSdk({ baseUrl: server().url, validate: true })).toThrow(
      new TypeError(NO_VALIDATORS_MESSAGE),
    );
    configureSdk({ baseUrl: server().url });
    const error = (await rejection(
      getMessage({ path: { key: 'ok' }, meta: { validate: true } }),
    )) as RequestValidationError;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.operation).toBe('getMessage');
    expect(error.issues).toEqual([{ message: NO_VALIDATORS_MESSAGE }]);
  });

  it('has validators for every operation of the contract', async () => {
    expect(Object.keys(await validators()).sort()).toEqual(Object.keys(operations).sort());
  });

  it('validatorsOf: only the listed operations’ validators, each from its own entry (@assessment/sdk/validators/<op>)', async () => {
    configureSdk({
      baseUrl: server().url,
      validate: true,
      validators: validatorsOf({ getMessage: () => import('@assessment/sdk/validators/getMessage') }),
    });
    const { data } = await getMessage({ path: { key: 'ok' } });
    expect(data.title).toBe('Saved');
    const error = (await rejection(getMessage({ path: { key: 'bad-shape' } }))) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.operation).toBe('getMessage');
    expect(error.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: ['title'] })]));
    // The entry is the operation's module of the table, the names are the contract's operationIds.
    expect(await import('@assessment/sdk/validators/getMessage')).toBe(
      await (await validators()).getMessage?.(),
    );
    // @ts-expect-error: not an operation of the contract
    validatorsOf({ getMesage: () => import('@assessment/sdk/validators/getMessage') });
  });

  it('a validated call of an operation validatorsOf does not list rejects with RequestValidationError, nothing sent', async () => {
    expect(unlistedValidatorsMessage('deleteUploadedIokit')).toBe(
      "Validation of deleteUploadedIokit needs its validators: validatorsOf({ deleteUploadedIokit: () => import('@assessment/sdk/validators/deleteUploadedIokit') })",
    );
    configureSdk({
      uploadBaseUrl: `${server().url}/upload-service`,
      validate: true,
      validators: validatorsOf({ getMessage: () => import('@assessment/sdk/validators/getMessage') }),
    });
    const fileId = '6a0f5d2e-3b1c-4c55-8f7e-1d2c3b4a5f60';
    const before = server().received.length;
    const error = (await rejection(deleteUploadedIokit({ path: { fileId } }))) as RequestValidationError;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.operation).toBe('deleteUploadedIokit');
    expect(error.issues).toEqual([{ message: unlistedValidatorsMessage('deleteUploadedIokit') }]);
    expect(server().received.length).toBe(before);
    // Not validated on request: sent, its answer returned as it is.
    await deleteUploadedIokit({ path: { fileId }, meta: { validate: false } });
    expect(server().received.length).toBe(before + 1);
  });
});

describe('server-sent events', () => {
  it('stream through the generated operation, which brings the stream client', async () => {
    const { stream } = await streamReportEvents({
      path: { projectId: 7, reportId: '0b0e9a52-7c1d-4d2e-9f3a-5b6c7d8e9f01' },
      sseMaxRetryAttempts: 1,
    });
    const events: unknown[] = [];
    for await (const event of stream) events.push(event);
    expect(events).toEqual([{ Status: 'Completed' }]);
    expect(server().received.at(-1)?.url).toBe(
      '/api/opticalprime/7/reports/events/0b0e9a52-7c1d-4d2e-9f3a-5b6c7d8e9f01',
    );
  });

  it('are not part of the client itself: client.sse names what to call', async () => {
    expect(STREAMS_MESSAGE).toBe(
      "client.sse does not come with the client: call the generated stream operation (e.g. streamReportEvents), or streams(client) from '@assessment/sdk'",
    );
    await expect(
      client.sse.get({ url: '/api/opticalprime/7/reports/events/0b0e9a52-7c1d-4d2e-9f3a-5b6c7d8e9f01' }),
    ).rejects.toThrow(STREAMS_MESSAGE);
  });
});
