// Server-sent events for the lean fetch client (src/fetch-client.ts): hey-api's stream client (reconnects with
// Last-Event-ID, retry delays, typed events) run with the client's own request steps — merged configuration, URL,
// body, the request interceptors (timeout, service base URL). Only the stream operations import it (generation
// writes `streams(options.client ?? client).get(...)` into them: scripts/lean-client.ts), so an app without
// them does not carry it.
import type { Client } from './gen/client/types.gen';
import { createSseClient } from './gen/core/serverSentEvents.gen';
import { internalsOf } from './fetch-client';

/** The `sse` methods of `client`: for a client of the SDK, its stream client; any other client's own. */
export function streams(client: Client): Client['sse'] {
  const internals = internalsOf(client);
  if (!internals) return client.sse;
  const { beforeRequest, intercept, requestBody, byMethod } = internals;
  return byMethod((method) => async (options: Parameters<typeof beforeRequest>[0]) => {
    const { opts, url } = await beforeRequest({ ...options, method });
    return createSseClient({
      ...opts,
      body: opts.body as RequestInit['body'],
      method,
      onRequest: (target: string, init: RequestInit) => intercept(new Request(target, init), opts),
      serializedBody: requestBody(opts),
      url,
    });
  }) as unknown as Client['sse'];
}
