// Response headers every answer of the one origin carries (portal pages, assets and API alike): a strict
// Content-Security-Policy and the usual hardening headers, set the way Fastify users do (@fastify/helmet), and
// compression for what is not precompressed at build time.
import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { Config } from '../config.ts';

/** Features the portal never uses, switched off for the page and anything it embeds. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/** HSTS for a year, only on answers that came over HTTPS (over plain HTTP the header means nothing). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** The placeholder in the portal's index.html (`<meta property="csp-nonce" nonce="…">`) the server fills in. */
export const CSP_NONCE_PLACEHOLDER = '{{csp-nonce}}';
/** The placeholder of the first pages' inline boot script (`<script type="module" nonce="…">`, page-entries.ts). */
export const CSP_SCRIPT_NONCE_PLACEHOLDER = '{{csp-script-nonce}}';

/**
 * A page with its answer's nonces written in. React Aria adds two small `<style>` elements (press and scroll-lock
 * rules); it gives them the nonce it finds in `<meta property="csp-nonce">`, so the strict style-src needs no
 * 'unsafe-inline'. The first pages' boot script runs by the script nonce, so script-src needs no 'unsafe-inline'
 * either: an injected script has no nonce (a fresh one per answer).
 */
export function withCspNonce(html: string, nonces: { style: string; script: string }): string {
  return html
    .replaceAll(CSP_NONCE_PLACEHOLDER, nonces.style)
    .replaceAll(CSP_SCRIPT_NONCE_PLACEHOLDER, nonces.script);
}

/** Answers smaller than this go plain: compressing them saves less than a packet. */
const COMPRESS_THRESHOLD = 1024;
/** Brotli's quality for answers compressed per request (11 costs ~20× the CPU of 4 for a few percent). */
const BROTLI_PER_REQUEST = { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * A portal page, compressed for the browser that accepts it. @fastify/compress hooks only the routes, and the pages
 * are answered by the not-found handler (any path of the single-page app), so it compresses them here: a signed-in
 * page's document (its pre-rendered shell) is 5.7 KB plain, 1.8 KB with brotli.
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  void reply.type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding');
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
  if (encoding === null || Buffer.byteLength(html) < COMPRESS_THRESHOLD) return reply.send(html);
  return reply
    .header('Content-Encoding', encoding)
    .send(encoding === 'br' ? brotliCompressSync(html, BROTLI_PER_REQUEST) : gzipSync(html));
}

/** This answer's style nonce (set by helmet for every answer). */
export function styleNonce(reply: FastifyReply): string {
  return reply.cspNonce.style;
}

/** This answer's style and script nonces (set by helmet for every answer). */
export function cspNonces(reply: FastifyReply): { style: string; script: string } {
  return { style: reply.cspNonce.style, script: reply.cspNonce.script };
}

/**
 * The Content-Security-Policy directives. Scripts and styles only from the portal's own files and the answer's nonces
 * (no other inline script, no eval, no inline style attribute: React sets style props through the CSSOM, which CSP
 * allows);
 * calls only to the origin itself plus the configured upload/support/internal origins; never framed.
 */
export function cspDirectives(
  config: Pick<Config, 'connectOrigins' | 'vpnProbeUrl'>,
): Record<string, string[]> {
  const probeOrigin = config.vpnProbeUrl === null ? [] : [new URL(config.vpnProbeUrl).origin];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...new Set([...config.connectOrigins, ...probeOrigin])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'frame-src': ["'none'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
  };
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    global: true,
    // A fresh nonce per answer, added to script-src and style-src: the page hands it to React Aria (below).
    enableCSPNonces: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // A fixed referrer policy that still lets same-origin requests carry their Origin (the cross-origin check).
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Sent below only over HTTPS.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') void reply.header('Strict-Transport-Security', HSTS);
  });
  // JSON and HTML answers; built assets come precompressed (.br/.gz beside each file) and pass through untouched.
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_PER_REQUEST,
  });
}
