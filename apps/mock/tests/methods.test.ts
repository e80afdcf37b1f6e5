// Methods outside the contract, on every path it defines: 405 with an Allow header listing the methods the contract
// defines there (RFC 9110 15.5.6; where templates shadow one another, the most specific one's: GET
// /api/projects/share is a 405 naming POST, not getProject with the id "share") — also for QUERY (which Fastify would refuse with 400 for its missing
// Content-Type before the not-found handler) and for a method Node's HTTP parser does not know at all.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '@assessment/sdk';
import { bySpecificity } from '../src/http/server.ts';
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
    template: (PREFIX[op.service] ?? '') + op.path,
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
    // Where templates shadow one another the URL is the most specific one's (a literal segment wins).
    const matching = templates.filter((other) => other.pattern.test(url));
    const best = matching.map((other) => other.template).sort(bySpecificity)[0];
    const methods = new Set<string>(
      matching.filter((other) => other.template === best).map((other) => other.method),
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

  it('a path a more specific template shadows is that path, not the shadowed template (405, its own Allow)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const share = await fetch(`${t.url}/api/projects/share`, {
        method,
        headers: { accept: 'application/json' },
      });
      expect(share.status, method).toBe(405);
      expect(share.headers.get('allow')).toBe('POST');
    }
    const retry = await fetch(`${t.url}/api/project/7/retry`, { method: 'PUT' });
    expect(retry.status).toBe(405);
    expect(retry.headers.get('allow')).toBe('POST');
    expect(bySpecificity('/api/projects/share', '/api/projects/{id}')).toBeLessThan(0);
    expect(bySpecificity('/api/project/{action}/{id}', '/api/project/{id}/retry')).toBeGreaterThan(0);
  });

  it('the methods the contract defines are still routed (no 405)', async () => {
    const r = await fetch(`${t.url}/api/projects/7`);
    expect(r.status).not.toBe(405);
  });
});
