// Methods outside the contract, on every path it defines: 405 with an Allow header listing the methods the contract
// defines there (RFC 9110 15.5.6) — also for QUERY (which Fastify would refuse with 400 for its missing
// Content-Type before the not-found handler) and for a method Node's HTTP parser does not know at all.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '@assessment/sdk';
import { startServer, type TestServer } from './helpers.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  await t.close();
});

const PREFIX: Record<string, string> = { portal: '', upload: '/upload-service', ticket: '/support-service' };
const TRIED = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'QUERY', 'PROPFIND'];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every path of the contract as a request path (parameters filled in), with the methods defined on it. */
function contractPaths(): Map<string, Set<string>> {
  const templates = Object.values(operations).map((op) => ({
    method: op.method,
    url: (PREFIX[op.service] ?? '') + op.path.replace(/\{[^}]+\}/g, '7'),
    pattern: new RegExp(
      `^${
        (PREFIX[op.service] ?? '') +
        op.path
          .split(/\{[^}]+\}/)
          .map(escape)
          .join('[^/]+')
      }$`,
    ),
  }));
  const paths = new Map<string, Set<string>>();
  for (const { url } of templates) {
    const methods = new Set<string>(
      templates.filter((other) => other.pattern.test(url)).map((other) => other.method),
    );
    if (methods.has('GET')) methods.add('HEAD');
    paths.set(url, methods);
  }
  return paths;
}

/** One raw HTTP/1.1 request (for methods fetch would not send); resolves with the whole answer. */
function rawRequest(requestLine: string): Promise<string> {
  const { hostname, port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`${requestLine}\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
    });
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('methods outside the contract', () => {
  it('answer 405 with the Allow header of the path, on every path of the contract', async () => {
    const paths = contractPaths();
    expect(paths.size).toBeGreaterThan(60);
    const wrong: string[] = [];
    let tried = 0;
    for (const [url, methods] of paths)
      for (const method of TRIED.filter((m) => !methods.has(m))) {
        tried++;
        const r = await fetch(t.url + url, { method });
        const allow = r.headers.get('allow');
        const body = (await r.text()).slice(0, 120);
        const expected = [...methods].sort().join(', ');
        if (r.status !== 405 || allow !== expected || !body.includes('"ResourceKey":"operationnotallowed"'))
          wrong.push(
            `${method} ${url}: ${String(r.status)} Allow ${String(allow)} (expected ${expected}) ${body}`,
          );
      }
    expect(tried).toBeGreaterThan(300);
    expect(wrong).toEqual([]);
  });

  it('QUERY with a body and a type answers 405 too', async () => {
    const r = await fetch(`${t.url}/api/projects/7`, {
      method: 'QUERY',
      headers: { 'content-type': 'application/json' },
      body: '{"Name":"x"}',
    });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('DELETE, GET, HEAD');
  });

  it("a method Node's parser does not know answers 405 with Allow on a contract path, 400 elsewhere", async () => {
    const known = await rawRequest('FROB /api/projects/7 HTTP/1.1');
    expect(known).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(known).toMatch(/\r\nAllow: DELETE, GET, HEAD\r\n/);
    expect(known).toContain('"ResourceKey":"operationnotallowed"');
    const unknown = await rawRequest('FROB /no/such/path HTTP/1.1');
    expect(unknown).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
  });

  it('the methods the contract defines are still routed (no 405)', async () => {
    const r = await fetch(`${t.url}/api/projects/7`);
    expect(r.status).not.toBe(405);
  });
});
