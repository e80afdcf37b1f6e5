// Every answer of the one origin carries the security headers (issue #14 §2), and built assets are served
// precompressed with the right caching (§1). A small fake portal build stands in for apps/portal/dist.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspDirectives, HSTS, PERMISSIONS_POLICY } from '../src/http/security.ts';
import { freshDataDir, HEADER_PROBES, startServer, type TestServer } from './helpers.ts';

/** A raw HTTP GET (fetch would decompress and hide Content-Encoding). */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

let server: TestServer;

beforeAll(async () => {
  const dataDir = freshDataDir();
  const dist = path.join(dataDir, 'portal-dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><meta property="csp-nonce" nonce="{{csp-nonce}}"><title>Portal</title><div id="root"></div>',
  );
  mkdirSync(path.join(dist, 'auth'), { recursive: true });
  writeFileSync(
    path.join(dist, 'auth', 'login.html'),
    '<!doctype html><meta property="csp-nonce" nonce="{{csp-nonce}}"><title>Sign in</title>' +
      '<script type="module" nonce="{{csp-script-nonce}}">boot()</script><div id="root"></div>',
  );
  // A signed-in page's document: its pre-rendered shell makes it a few kilobytes.
  writeFileSync(
    path.join(dist, 'dashboard.html'),
    '<!doctype html><meta property="csp-nonce" nonce="{{csp-nonce}}"><title>Dashboard</title>' +
      `<div id="root"></div><div class="boot-shell">${'<span class="ui-side-nav__icon"></span>'.repeat(60)}</div>`,
  );
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
  server = await startServer({ portalDist: dist, connectOrigins: ['https://upload.example'] }, dataDir);
});
afterAll(async () => {
  await server.close();
});

/** The policy, with this answer's fresh script and style nonces (32 hex digits each). */
const EXPECTED_CSP = new RegExp(
  "^default-src 'self';script-src 'self' 'nonce-([0-9a-f]{32})';style-src 'self' 'nonce-([0-9a-f]{32})';" +
    "img-src 'self' data: blob:;font-src 'self';connect-src 'self' https://upload\\.example;object-src 'none';" +
    "base-uri 'self';form-action 'self';frame-ancestors 'none';frame-src 'none';worker-src 'self';manifest-src 'self'$",
);

describe('security headers on every answer', () => {
  it.each(HEADER_PROBES)('%s (%s)', async (_name, url) => {
    const res = await rawGet(server.url + url);
    expect(res.headers['content-security-policy']).toMatch(EXPECTED_CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    // Plain HTTP: no HSTS (it is sent only over HTTPS).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('the CSP allows no inline or eval script, no inline style and no framing', () => {
    const csp = cspDirectives({ connectOrigins: [], vpnProbeUrl: null });
    const all = Object.values(csp).flat();
    expect(all).not.toContain("'unsafe-inline'");
    expect(all).not.toContain("'unsafe-eval'");
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
  });

  it('the VPN probe host joins connect-src (its origin only, once)', () => {
    const csp = cspDirectives({
      connectOrigins: ['https://upload.example', 'https://intranet.corp.example'],
      vpnProbeUrl: 'https://intranet.corp.example/ping.gif?x=1',
    });
    expect(csp['connect-src']).toEqual(["'self'", 'https://upload.example', 'https://intranet.corp.example']);
  });

  it('no HSTS over plain HTTP even with a forged X-Forwarded-Proto (no proxy is trusted)', async () => {
    const { app } = server.server;
    const res = await app.inject({
      method: 'GET',
      url: '/api/viewer',
      headers: { 'x-forwarded-proto': 'https' },
    });
    // Fastify trusts no proxy by default: the header alone does not make a request HTTPS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(HSTS).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('built assets: precompressed and cached', () => {
  it('sends the brotli copy to a browser that accepts it, immutable for a year', async () => {
    const res = await rawGet(`${server.url}/assets/app-abc123.js`, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.equals(brotliCompressSync(SCRIPT))).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('sends the gzip copy when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await rawGet(`${server.url}/assets/app-abc123.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await rawGet(`${server.url}/assets/app-abc123.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('pages (index.html) are revalidated on every visit and carry their own style nonce for React Aria', async () => {
    const first = await rawGet(`${server.url}/projects`);
    const second = await rawGet(`${server.url}/projects`);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.body.toString()).toContain('<div id="root">');
    const nonces = [first, second].map((res) => {
      const policyNonce = EXPECTED_CSP.exec(String(res.headers['content-security-policy']))?.[2];
      expect(res.body.toString()).toContain(`<meta property="csp-nonce" nonce="${String(policyNonce)}">`);
      return policyNonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("a page the build wrote its own document for gets it (any letter case), with this answer's nonces", async () => {
    for (const url of ['/auth/login', '/Auth/Login?ReturnUrl=%2Fprojects', '/auth/login/']) {
      const res = await rawGet(`${server.url}${url}`);
      const [, scriptNonce, styleNonce] =
        EXPECTED_CSP.exec(String(res.headers['content-security-policy'])) ?? [];
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.body.toString()).toContain('<title>Sign in</title>');
      expect(res.body.toString()).toContain(`<meta property="csp-nonce" nonce="${String(styleNonce)}">`);
      // The inline boot script runs by this answer's script nonce (and nothing else inline can).
      expect(res.body.toString()).toContain(
        `<script type="module" nonce="${String(scriptNonce)}">boot()</script>`,
      );
      expect(scriptNonce).not.toBe(styleNonce);
    }
    // Any other page, and paths that only look like one, get index.html.
    for (const url of ['/auth/login/x', '/auth', '/..%2fauth/login'])
      expect((await rawGet(`${server.url}${url}`)).body.toString()).toContain('<title>Portal</title>');
  });

  it('a page document is compressed for the browser that accepts it (brotli, else gzip), plain otherwise', async () => {
    const br = await rawGet(`${server.url}/dashboard`, { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await rawGet(`${server.url}/dashboard`, { 'accept-encoding': 'gzip' });
    const plain = await rawGet(`${server.url}/dashboard`);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const res of [br, gz, plain]) expect(res.headers.vary).toMatch(/accept-encoding/i);
    const pages = [brotliDecompressSync(br.body), gunzipSync(gz.body), plain.body].map(String);
    pages.forEach((page, i) => {
      const res = [br, gz, plain][i];
      const styleNonce = EXPECTED_CSP.exec(String(res?.headers['content-security-policy']))?.[2];
      expect(page).toContain('<title>Dashboard</title>');
      expect(page).toContain(`<meta property="csp-nonce" nonce="${String(styleNonce)}">`);
    });
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    // A document under a kilobyte goes plain whatever the browser accepts.
    expect(
      (await rawGet(`${server.url}/projects`, { 'accept-encoding': 'br' })).headers['content-encoding'],
    ).toBe(undefined);
  });

  it('large JSON answers are compressed', async () => {
    const signIn = await fetch(`${server.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@dell.example', password: 'Demo-Portal-2026' }),
    });
    const cookie = signIn.headers.get('set-cookie')?.split(';')[0] ?? '';
    expect(cookie).not.toBe('');
    const res = await rawGet(`${server.url}/api/projects?PageSize=100`, { cookie, 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
  });
});
