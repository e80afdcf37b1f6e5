// Serving over HTTPS with HTTP/2 (TLS_CERT / TLS_KEY), as production hosts do: pages, sign-in (the Origin check reads
// HTTP/2's :authority), a Secure session cookie, HSTS, and the report event stream (no connection headers in HTTP/2).
// HTTP/1.1 over TLS is still answered. The certificate is a throwaway self-signed one made with openssl.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportStatus } from '@assessment/sdk';
import { loadConfig } from '../src/config.ts';
import { HSTS } from '../src/http/security.ts';
import { EXCEL_REPORT, freshDataDir, HEADER_PROBES, startServer, type TestServer } from './helpers.ts';

const certDir = mkdtempSync(path.join(tmpdir(), 'tls-test-'));
const cert = path.join(certDir, 'cert.pem');
const key = path.join(certDir, 'key.pem');
let t: TestServer;
/** The same demo over plain HTTP (the same fake portal build), for the table over both modes. */
let plain: TestServer;
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
  // A small portal build both servers serve: a page, a hashed asset.
  const dist = path.join(certDir, 'portal-dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><meta property="csp-nonce" nonce="{{csp-nonce}}"><title>Portal</title><div id="root"></div>',
  );
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1);\n');
  t = await startServer({ tls: { certFile: cert, keyFile: key }, portalDist: dist });
  plain = await startServer({ portalDist: dist }, freshDataDir());
  origin = t.url;
  session = connect(origin, { rejectUnauthorized: false });
});
afterAll(async () => {
  session.close();
  await t.close();
  await plain.close();
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

/** One HTTP/1.1 request to the plain-HTTP server. */
function h1(method: string, url: string, options: { headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(`${plain.url}${url}`, { method, headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const MODES = [
  { mode: 'plain HTTP', ask: h1, origin: () => plain.url },
  { mode: 'TLS (HTTP/2)', ask: h2, origin: () => origin },
] as const;

/** What differs per answer or per transport, not per mode: left out of the comparison. */
const PER_ANSWER = new Set([
  ':status',
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/** An answer's headers with this answer's CSP nonces blanked (a fresh pair per answer). */
function comparable(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !PER_ANSWER.has(name))
      .map(([name, value]) => [name, String(value).replace(/'nonce-[0-9a-f]{32}'/g, "'nonce-…'")]),
  );
}

describe('TLS against plain HTTP: one table over both modes (issue #39 item 7)', () => {
  it.each(HEADER_PROBES)('%s (%s): every header as over plain HTTP, plus HSTS', async (_name, url) => {
    const [overHttp, overTls] = await Promise.all(MODES.map((m) => m.ask('GET', url)));
    if (!overHttp || !overTls) throw new Error('no answer');
    expect(overTls.status).toBe(overHttp.status);
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    expect(overTls.headers['strict-transport-security']).toBe(HSTS);
    const tlsRest = comparable(overTls.headers);
    delete tlsRest['strict-transport-security'];
    expect(tlsRest).toEqual(comparable(overHttp.headers));
    // The security headers are there to compare (not two empty sets).
    expect(Object.keys(tlsRest)).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'x-content-type-options',
        'referrer-policy',
        'permissions-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
      ]),
    );
  });

  it.each(MODES.map((m) => [m.mode, m] as const))(
    '%s: the session cookie is HttpOnly and SameSite=Lax, Secure only over TLS, set and cleared alike',
    async (mode, m) => {
      const headers = { 'content-type': 'application/json', origin: m.origin() };
      const signedIn = await m.ask('POST', '/api/auth/signin', {
        headers,
        body: JSON.stringify({ email: 'staff@dell.example', password: 'Demo-Portal-2026' }),
      });
      expect(signedIn.status).toBe(200);
      const set = String(signedIn.headers['set-cookie']?.[0]);
      const cookie = set.split(';')[0] ?? '';
      const signedOut = await m.ask('POST', '/api/auth/signout', { headers: { ...headers, cookie } });
      const cleared = String(signedOut.headers['set-cookie']?.[0]);
      const culture = await m.ask('POST', '/culture/setculture?culturecode=fr-FR', { headers });
      const cultureCookie = String(culture.headers['set-cookie']?.[0]);
      const secure = mode === 'TLS (HTTP/2)';
      for (const c of [set, cleared]) {
        expect(c).toMatch(/^assessment_session=/);
        expect(c).toMatch(/; HttpOnly/);
        expect(c).toMatch(/; SameSite=Lax/);
        expect(c).toMatch(/; Path=\//);
        expect(/; Secure/.test(c)).toBe(secure);
      }
      expect(cultureCookie).toMatch(/^culture=fr-FR; .*SameSite=Lax/);
      expect(/; Secure/.test(cultureCookie)).toBe(secure);
    },
  );
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
