// The API reference at /docs: the static page the contract's build renders (openapi/scripts/reference.ts, Redocly's
// build-docs with the Redoc bundle inlined). Nothing in it comes from a request: the built file is prepared once
// (per build) and each answer only writes its CSP nonces in, as the portal's pages do.
//
// The page needs three things the global CSP (security.ts) allows only by nonce or not at all:
// - its inline scripts (the template's example-switcher naming, the colour-mode snippet and the module that hydrates
//   Redoc): given the answer's script nonce;
// - its <style> elements and those styled-components adds at run time: given the style nonce, which
//   styled-components reads from `<meta property="csp-nonce">` like React Aria in the portal;
// - a few `style` attributes in the pre-rendered HTML (collapsed menus: `display:none;height:0px;…`): allowed by
//   their hashes with 'unsafe-hashes', on /docs answers only. That adds exactly those declarations (none scriptable),
//   never 'unsafe-inline';
// - fonts inlined in its bundle: font-src gains `data:`. Every other directive is the global one. Two refusals stay
//   and are harmless: the Redocly logo from a CDN (img-src; the page hides it when it fails) and the search index's
//   Function-built worker (no 'unsafe-eval'; it falls back to indexing on the main thread).
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  CSP_NONCE_PLACEHOLDER,
  CSP_SCRIPT_NONCE_PLACEHOLDER,
  cspNonces,
  sendPage,
  withCspNonce,
} from './security.ts';

export const REFERENCE_HTML = fileURLToPath(
  new URL('../../../../openapi/dist/reference.html', import.meta.url),
);
export const DOCS_PATH = '/docs';
export const REFERENCE_MISSING =
  'The API reference is not built. Run `pnpm --filter @assessment/openapi run build` and reload.';

export interface PreparedReference {
  /** The page with nonce placeholders on every inline script and style element. */
  html: string;
  /** CSP sources for the pre-rendered `style` attributes: `'sha256-…'`, one per distinct value. */
  styleAttributeHashes: string[];
}

const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * Gives the build's inline scripts and styles their nonce placeholders. Only the page's own markup is touched: the
 * head (the template's example-switcher naming script), and the body up to and including the opening tag of the hydrating module, whose inlined
 * Redoc bundle contains `<script` in its strings.
 */
export function prepareReference(built: string): PreparedReference {
  const head = built.indexOf('<head>');
  const headEnd = built.indexOf('</head>');
  const root = built.indexOf('<div id="redoc">');
  const moduleTag = '<script type="module">';
  const moduleStart = built.indexOf(moduleTag, root);
  if (head < 0 || headEnd < head || root < headEnd || moduleStart < root)
    throw new Error('openapi/dist/reference.html is not a Redocly build-docs page');
  const styleNonce = `nonce="${CSP_NONCE_PLACEHOLDER}"`;
  const scriptNonce = `nonce="${CSP_SCRIPT_NONCE_PLACEHOLDER}"`;
  const headPart = built
    .slice(head + '<head>'.length, headEnd)
    .replaceAll('<style', `<style ${styleNonce}`)
    .replaceAll('<script>', `<script ${scriptNonce}>`);
  const prerendered = built.slice(root, moduleStart);
  const attributes = new Set([...prerendered.matchAll(/ style="([^"]*)"/g)].map((m) => m[1] ?? ''));
  const html =
    built.slice(0, head) +
    `<head>\n  <meta property="csp-nonce" ${styleNonce} />` +
    headPart +
    built.slice(headEnd, root) +
    prerendered.replaceAll('<script>', `<script ${scriptNonce}>`) +
    `<script type="module" ${scriptNonce}>` +
    built.slice(moduleStart + moduleTag.length);
  // The attributes as the browser hashes them: the value after HTML entity decoding (React escapes `&` and `"`).
  const decoded = [...attributes].map((a) => a.replaceAll('&quot;', '"').replaceAll('&amp;', '&'));
  return { html, styleAttributeHashes: [...new Set(decoded)].sort().map(sha256) };
}

/**
 * The global CSP with what the page needs added on this answer only: its pre-rendered style attributes by hash, and
 * the fonts Redoc's bundle carries inline (`data:` fonts, which run nothing).
 */
export function docsCsp(globalCsp: string, styleAttributeHashes: readonly string[]): string {
  const additions: Readonly<Record<string, string>> = {
    'style-src': styleAttributeHashes.length > 0 ? `'unsafe-hashes' ${styleAttributeHashes.join(' ')}` : '',
    'font-src': 'data:',
  };
  return globalCsp
    .split(';')
    .map((directive) => {
      const d = directive.trim();
      const extra = additions[d.split(' ')[0] ?? ''];
      return extra ? `${d} ${extra}` : d;
    })
    .join('; ');
}

let cached: { mtimeMs: number; page: PreparedReference } | undefined;

/** The prepared page, read again only when a new build replaced the file. */
function reference(file: string): PreparedReference | undefined {
  if (!existsSync(file)) return undefined;
  const { mtimeMs } = statSync(file);
  if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, page: prepareReference(readFileSync(file, 'utf8')) };
  return cached.page;
}

export function registerDocsRoutes(app: FastifyInstance, file: string = REFERENCE_HTML): void {
  app.get(DOCS_PATH, (request, reply) => {
    const page = reference(file);
    if (!page) return reply.code(503).type('text/plain; charset=utf-8').send(REFERENCE_MISSING);
    // helmet set the global CSP (with this answer's nonces) when the request came in.
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string')
      void reply.header('Content-Security-Policy', docsCsp(csp, page.styleAttributeHashes));
    void reply.header('Cache-Control', 'no-cache');
    return sendPage(request, reply, withCspNonce(page.html, cspNonces(reply)));
  });
}
