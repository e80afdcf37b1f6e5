// Serving over HTTPS with HTTP/2 (TLS_CERT / TLS_KEY), as production hosts do: pages, sign-in (the Origin check reads
// HTTP/2's :authority), a Secure session cookie, HSTS, and the report event stream (no connection headers in HTTP/2).
// HTTP/1.1 over TLS is still answered. The certificate is a throwaway self-signed one made with openssl.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportStatus } from '@assessment/sdk';
import { loadConfig } from '../src/config.ts';
import { HSTS } from '../src/http/security.ts';
import { EXCEL_REPORT, startServer, type TestServer } from './helpers.ts';

const certDir = mkdtempSync(path.join(tmpdir(), 'tls-test-'));
const cert = path.join(certDir, 'cert.pem');
const key = path.join(certDir, 'key.pem');
let t: TestServer;
let origin: string;
let session: ClientHttp2Session;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One HTTP/2 request; the body is read until the stream ends, or only up to `until` (an event stream stays open). */
function h2(
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: string; until?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':method': method, ':path': url, ...options.headers });
    let headers: IncomingHttpHeaders = {};
    let body = '';
    stream.setEncoding('utf8');
    stream.on('response', (h) => (headers = h));
    stream.on('data', (chunk: string) => {
      body += chunk;
      if (options.until !== undefined && body.includes(options.until)) {
        stream.close();
        resolve({ status: Number(headers[':status']), headers, body });
      }
    });
    stream.on('end', () => resolve({ status: Number(headers[':status']), headers, body }));
    stream.on('error', reject);
    stream.end(options.body);
  });
}

beforeAll(async () => {
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  t = await startServer({ tls: { certFile: cert, keyFile: key } });
  origin = t.url;
  session = connect(origin, { rejectUnauthorized: false });
});
afterAll(async () => {
  session.close();
  await t.close();
  rmSync(certDir, { recursive: true, force: true });
});

describe('HTTPS with HTTP/2', () => {
  it('listens on https and answers pages over HTTP/2 with HSTS', async () => {
    expect(origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const page = await h2('GET', '/api/viewer');
    expect(page.status).toBe(200);
    expect(page.headers['strict-transport-security']).toBe(HSTS);
  });

  it('signs in with the Origin check against :authority, with a Secure session cookie; reports stream their events', async () => {
    const refused = await h2('POST', '/api/auth/signin', {
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email: 'staff@dell.example', password: 'Demo-Portal-2026' }),
    });
    expect(refused.status).toBe(403);
    const signedIn = await h2('POST', '/api/auth/signin', {
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'staff@dell.example', password: 'Demo-Portal-2026' }),
    });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(/; Secure/);
    const sessionCookie = cookie.split(';')[0] ?? '';
    const project = t.server.ctx.repo.db
      .prepare(
        'SELECT p.id FROM projects p JOIN collector_runs r ON r.project_id = p.id WHERE p.deleted = 0 AND p.archive_state IS NULL ORDER BY p.id LIMIT 1',
      )
      .get() as { id: number };
    const created = await h2('POST', `/api/opticalprime/${String(project.id)}/reports`, {
      headers: { 'content-type': 'application/json', origin, cookie: sessionCookie },
      body: JSON.stringify(EXCEL_REPORT),
    });
    expect(created.status).toBe(201);
    const report = JSON.parse(created.body) as ReportStatus;
    const events = await h2(
      'GET',
      `/api/opticalprime/${String(project.id)}/reports/events/${report.ReportId}`,
      {
        headers: { cookie: sessionCookie },
        until: '\n\n',
      },
    );
    expect(events.status).toBe(200);
    expect(events.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(events.body).toContain(`"ReportId":"${report.ReportId}"`);
  });

  it('still answers HTTP/1.1 over TLS', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpsRequest(`${origin}/api/viewer`, { rejectUnauthorized: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(200);
  });
});

describe('TLS settings', () => {
  it('take the certificate and key together, or neither', () => {
    expect(loadConfig({}, []).tls).toBeNull();
    expect(loadConfig({ TLS_CERT: 'c.pem', TLS_KEY: 'k.pem' }, []).tls).toEqual({
      certFile: path.resolve('c.pem'),
      keyFile: path.resolve('k.pem'),
    });
    expect(() => loadConfig({ TLS_CERT: 'c.pem' }, [])).toThrow(/TLS_CERT and TLS_KEY go together/);
  });
});
