// A real local HTTP server with one route per failure path the runtime must handle.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { configureSdk, resetSdkConfig } from '../src/index';
import { validators } from '../src/validators';
import { fileURLToPath } from 'node:url';

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Route = (req: IncomingMessage, res: ServerResponse, body: string) => void;

const json = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(value));
};

/** The contract's own example request body of an operation. */
export function contractRequestExample(path: string, method: string): unknown {
  const operation = contract.paths[path]?.[method] as {
    requestBody?: { content: Record<string, { example?: unknown }> };
  };
  return Object.values(operation.requestBody?.content ?? {})[0]?.example;
}

/**
 * The contract's own example answer of an operation, so the SDK's response validation passes: its `example`, or
 * the first of its named `examples`.
 */
function contractExample(path: string, method: string, status: string): unknown {
  const operation = contract.paths[path]?.[method];
  const media = Object.values(operation?.responses[status]?.content ?? {})[0];
  return media?.example ?? Object.values(media?.examples ?? {})[0]?.value;
}

interface ContractShape {
  paths: Record<
    string,
    Record<
      string,
      {
        responses: Record<
          string,
          { content?: Record<string, { example?: unknown; examples?: Record<string, { value?: unknown }> }> }
        >;
      }
    >
  >;
}
const contract = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../openapi/dist/openapi.json', import.meta.url)), 'utf8'),
) as ContractShape;

const okMessage = { title: 'Saved', message: 'Your changes were saved.', actions: ['OK'] };

const routes: Record<string, Route> = {
  '/api/opticalprime/7/reports/events/0b0e9a52-7c1d-4d2e-9f3a-5b6c7d8e9f01': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    res.end('event: report-status\ndata: {"Status":"Completed"}\n\n');
  },
  '/echo': (req, res, body) =>
    json(res, 200, { method: req.method, url: req.url, headers: req.headers, body }),
  '/ok': (_req, res) =>
    json(res, 200, { StatusCode: 200, ResourceKey: null, Data: { Id: 7 }, Message: null }),
  '/created': (_req, res) => json(res, 201, { StatusCode: 200 }, { Location: '/reports/1' }),
  '/envelope-resource-key': (_req, res) =>
    json(res, 200, {
      StatusCode: 409,
      ResourceKey: 'operationnotallowed',
      ErrorState: { ErrorCode: 'ignored' },
    }),
  '/envelope-error-code': (_req, res) =>
    json(res, 200, { StatusCode: 500, ResourceKey: '', ErrorState: { ErrorCode: 'generalError' } }),
  '/not-found': (_req, res) => json(res, 404, { StatusCode: 404, ResourceKey: 'generalError' }),
  '/conflict': (_req, res) => json(res, 409, { StatusCode: 409, ResourceKey: 'newprimary_cannot_changed' }),
  '/server-error': (_req, res) => {
    res.writeHead(500, { 'Content-Type': 'text/plain' });
    res.end('boom');
  },
  '/redirect': (_req, res) => {
    res.writeHead(302, { Location: '/auth/login' });
    res.end();
  },
  '/slow': (_req, res) => {
    setTimeout(() => json(res, 200, { StatusCode: 200 }), 400);
  },
  '/malformed': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"StatusCode": 200,');
  },
  '/logged-out': (_req, res) => json(res, 200, { StatusCode: 200 }, { 'X-Logged-Out': '1' }),
  '/logged-out-401': (_req, res) => json(res, 401, { StatusCode: 401 }, { 'X-Logged-Out': '1' }),
  '/api/message/ok': (_req, res) => json(res, 200, okMessage),
  '/api/message/bad-shape': (_req, res) => json(res, 200, { title: 42 }),
  '/api/message/missing': (_req, res) => json(res, 404, { StatusCode: 404, ResourceKey: 'generalError' }),
  '/api/message/slow': (_req, res) => {
    setTimeout(() => json(res, 200, okMessage), 400);
  },
  '/api/message/malformed': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"title":');
  },
  '/api/message/envelope': (_req, res) =>
    json(res, 200, { ...okMessage, StatusCode: 400, ResourceKey: 'validate_info' }),
  '/upload-service/api/iokit/6a0f5d2e-3b1c-4c55-8f7e-1d2c3b4a5f60': (req, res) =>
    json(res, 200, contractExample('/api/iokit/{fileId}', 'delete', '200')),
  '/upload-service/api/iokitqueue': (_req, res) => {
    res.writeHead(302, { Location: '/auth/login' });
    res.end();
  },
  '/upload-service/iokit/file': (req, res, body) =>
    json(res, 200, {
      ...(contractExample('/iokit/file', 'post', '200') as object),
      echoedType: req.headers['content-type'],
      size: body.length,
    }),
  '/support-service/api/v2/requests.json': (_req, res) =>
    json(res, 201, contractExample('/api/v2/requests.json', 'post', '201')),
  '/api/message/logged-out': (_req, res) => json(res, 200, okMessage, { 'X-Logged-Out': '1' }),
  '/api/message/logged-out-401': (_req, res) =>
    json(res, 401, { StatusCode: 401, ResourceKey: 'generalError' }, { 'X-Logged-Out': '1' }),
};

export async function startTestServer() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const route = routes[path];
      if (route) route(req, res, body);
      else json(res, 404, { StatusCode: 404 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The error a call rejected with (fails the test if it resolved). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to reject');
}

/**
 * Starts the server for the test file and points the SDK at it before each test, with a fresh config and a
 * fresh `onLoggedOut` spy. `server()` is the running server.
 */
export function useTestServer() {
  let running: Awaited<ReturnType<typeof startTestServer>> | undefined;
  const onLoggedOut = vi.fn();
  const server = () => {
    if (!running) throw new Error('the test server is not running');
    return running;
  };
  beforeAll(async () => {
    running = await startTestServer();
  });
  afterAll(async () => {
    await running?.close();
  });
  beforeEach(() => {
    resetSdkConfig();
    onLoggedOut.mockReset();
    // Validated, as the portal runs (tests of validation off configure it away).
    configureSdk({ baseUrl: server().url, onLoggedOut, validate: true, validators });
  });
  return { server, onLoggedOut };
}
