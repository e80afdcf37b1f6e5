// The API reference at /docs (issue #38): the contract's built page, answered with this answer's CSP nonces on its
// inline scripts and styles, and a CSP that differs from the global one only by what the page needs.
import Fastify from 'fastify';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReference } from '../../../openapi/scripts/reference.ts';
import { docsCsp, prepareReference, REFERENCE_MISSING, registerDocsRoutes } from '../src/http/docs.ts';
import { startServer, type TestServer } from './helpers.ts';

const directives = (csp: string): Map<string, string> =>
  new Map(csp.split(';').map((d) => d.trim().split(/ (.*)/s) as [string, string]));

describe('the reference page prepared for the CSP', () => {
  const built =
    '<!DOCTYPE html><html><head><title>T</title><script>names()</script><style>body{}</style>' +
    '<style data-styled="true">.a{}</style></head>' +
    '<body><div id="redoc"><script>mode()</script><div style="display:none;height:0px"></div>' +
    '<div style="a:&quot;b&quot;"></div></div>\n<script type="module">const s = "<script>x<\\/script>";</script></body></html>';
  const { html, styleAttributeHashes } = prepareReference(built);

  it('gives every inline script and style of its own markup a nonce placeholder, and none inside the module', () => {
    expect(html).toContain('<meta property="csp-nonce" nonce="{{csp-nonce}}" />');
    expect(html.match(/<style nonce="\{\{csp-nonce\}\}"/g)).toHaveLength(2);
    expect(html).toContain('<script nonce="{{csp-script-nonce}}">names()</script>');
    expect(html).toContain('<script nonce="{{csp-script-nonce}}">mode()</script>');
    expect(html).toContain('<script type="module" nonce="{{csp-script-nonce}}">');
    expect(html).toContain('const s = "<script>x<\\/script>"');
  });

  it('hashes each pre-rendered style attribute as the browser reads it (entities decoded)', () => {
    expect(styleAttributeHashes).toEqual(
      [
        "'sha256-" + Buffer.from(sha('display:none;height:0px')).toString('base64') + "'",
        "'sha256-" + Buffer.from(sha('a:"b"')).toString('base64') + "'",
      ].sort(),
    );
  });

  it('refuses a page that is not a build-docs page', () => {
    expect(() => prepareReference('<html><body>nothing</body></html>')).toThrow(/build-docs/);
  });

  it("adds the style attributes' hashes and data: fonts to the global CSP, and nothing else", () => {
    const global =
      "default-src 'self'; style-src 'self' 'nonce-n'; font-src 'self'; script-src 'self' 'nonce-s'";
    expect(docsCsp(global, ["'sha256-x'"])).toBe(
      "default-src 'self'; style-src 'self' 'nonce-n' 'unsafe-hashes' 'sha256-x'; font-src 'self' data:; script-src 'self' 'nonce-s'",
    );
  });
});

function sha(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

describe('GET /docs', () => {
  let server: TestServer;
  // Building the page when it is missing or stale takes ~10 s.
  beforeAll(async () => {
    ensureReference();
    server = await startServer();
  }, 60_000);
  afterAll(async () => {
    await server.close();
  });

  it('answers the reference with fresh nonces that the CSP names, under the global CSP plus the page hashes', async () => {
    const [first, second, api] = await Promise.all([
      fetch(`${server.url}/docs`),
      fetch(`${server.url}/docs`),
      fetch(`${server.url}/api/viewer`),
    ]);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await first.text();
    // Standards mode (a formatter once dropped the template's doctype).
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<title>Assessment portal API reference</title>');
    const csp = directives(first.headers.get('content-security-policy') ?? '');
    const scriptNonce = /'nonce-([^']+)'/.exec(csp.get('script-src') ?? '')?.[1] ?? '';
    const styleNonce = /'nonce-([^']+)'/.exec(csp.get('style-src') ?? '')?.[1] ?? '';
    expect(scriptNonce).toMatch(/^[0-9a-f]{32}$/);
    expect(html).toContain(`<meta property="csp-nonce" nonce="${styleNonce}" />`);
    expect(html).toContain(`<script type="module" nonce="${scriptNonce}">`);
    expect(html).not.toContain('{{csp-');
    expect(csp.get('style-src')).toMatch(/'unsafe-hashes'( 'sha256-[A-Za-z0-9+/=]+')+$/);
    expect(csp.get('style-src')).not.toContain('unsafe-inline');
    expect(csp.get('script-src')).toBe(`'self' 'nonce-${scriptNonce}'`);
    // Every other directive is the global one.
    const global = directives(api.headers.get('content-security-policy') ?? '');
    for (const [name, value] of global)
      if (!['style-src', 'script-src', 'font-src'].includes(name)) expect(csp.get(name), name).toBe(value);
    expect(csp.get('font-src')).toBe(`${global.get('font-src') ?? ''} data:`);
    expect(await second.text()).not.toContain(scriptNonce);
  });

  it('says how to build the page when it is missing', async () => {
    const app = Fastify();
    registerDocsRoutes(app, path.join(server.dataDir, 'missing.html'));
    const answer = await app.inject({ method: 'GET', url: '/docs' });
    expect(answer.statusCode).toBe(503);
    expect(answer.body).toBe(REFERENCE_MISSING);
    await app.close();
  });
});
