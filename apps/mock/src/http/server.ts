// The one Node server: the demo API (every operation of the contract, routed by method + exact path template,
// requests validated with the SDK's generated zod schemas) and the built portal for every other GET.
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteHandlerMethod,
} from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as sdk from '@assessment/sdk';
import { LOGGED_OUT_HEADER, type MessageKey } from '@assessment/sdk';
import { config as zodConfig, locales, type ZodMiniType } from 'zod/mini';
import { listenOrigin, type Config } from '../config.ts';
import { Contract, coerce, toFastifyPath, type ContractOperation } from './contract.ts';
import { guardWrite } from './write-guard.ts';
import { clientErrorHandler, refuseUndeclaredMethod } from './methods.ts';
import { ApiFailure, failure } from './envelope.ts';
import { EventHub } from './events.ts';
import { alignStoredRuns } from '../series/repo.ts';
import { openDatabase, isSeeded } from '../store/db.ts';
import { seed } from '../store/seed.ts';
import { Repo, type UserRow } from '../store/repo.ts';
import { FileStore } from '../store/files.ts';
import { createHandlers } from '../handlers/index.ts';
import type { Ctx } from '../handlers/context.ts';
import { ReportService } from '../reports/service.ts';
import { startLapsedRegistrationSweeper } from '../mail/confirmations.ts';
import { IngestQueue } from '../ingest/queue.ts';
import { ingestRunner } from '../ingest/runner.ts';
import { ParseSlots } from '../ingest/check.ts';
import { registerAssetRoutes } from './assets.ts';
import { cspNonces, registerSecurity, sendPage, styleNonce, withCspNonce } from './security.ts';
import { firstScreenPage, loadFirstScreenRenderer } from './first-screen.ts';
import { parameterPage } from './page-documents.ts';
import { createMailer } from '../mail/mailer.ts';
import { Outbox } from '../mail/outbox.ts';
import { registerDevMailboxRoutes } from '../mail/routes.ts';
import { registerDemoVpnProbe } from './demo-vpn-probe.ts';
import { origin } from '../handlers/context.ts';

import { SESSION_COOKIE } from './names.ts';

export { SESSION_COOKIE, LOGGED_OUT_HEADER };

/** Where each service of the contract is mounted on the one origin (interfaces.md). */
export const SERVICE_PREFIX: Readonly<Record<string, string>> = {
  portal: '',
  upload: '/upload-service',
  ticket: '/support-service',
};

declare module 'fastify' {
  interface FastifyRequest {
    viewer: UserRow | null;
    sessionToken: string | null;
    operation: ContractOperation | null;
  }
}

/** The support service's error names per status (SupportError.error). */
const SUPPORT_ERRORS: Readonly<Record<number, string>> = {
  400: 'RecordInvalid',
  403: 'Forbidden',
  415: 'UnsupportedMediaType',
  500: 'InternalError',
};

export interface DemoServer {
  app: FastifyInstance;
  ctx: Ctx;
  contract: Contract;
  /** Operation ids of the contract that have no handler (must be empty). */
  missing: string[];
  close: () => Promise<void>;
}

function pascal(id: string): string {
  return id.charAt(0).toUpperCase() + id.slice(1);
}

// The SDK's schemas are zod mini, which loads no locale: English issue messages, as the 400 answers describe them.
zodConfig(locales.en());

const zodExports = sdk as unknown as Record<string, ZodMiniType | undefined>;

function schemaFor(
  op: ContractOperation,
  part: 'Path' | 'Query' | 'Body' | 'Headers',
): ZodMiniType | undefined {
  return zodExports[`z${pascal(op.operationId)}${part}`];
}

function describeIssues(err: unknown): string {
  const issues = (err as { issues?: { path: PropertyKey[]; message: string }[] }).issues ?? [];
  return issues
    .slice(0, 5)
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

interface Issue {
  code: string;
  origin?: string;
  format?: string;
  minimum?: unknown;
  path: PropertyKey[];
}

/**
 * The message key of a refused request. Part 5: a required text left empty is emptyfield — also a blank one (only
 * spaces), which the contract's patterns refuse (they require a character that is not a space) —, a group action on
 * no collector run is CRsRequired (the contract's minLength / minItems 1); anything else is validate_info.
 */
function keyOfIssues(err: unknown, value: unknown): MessageKey {
  const issues = (err as { issues?: Issue[] }).issues ?? [];
  const keys = new Set(
    issues.map((i): MessageKey => {
      if (i.code === 'invalid_format' && i.format === 'regex') {
        const v = i.path.reduce<unknown>(
          (acc, k) =>
            acc !== null && typeof acc === 'object' ? (acc as Record<PropertyKey, unknown>)[k] : undefined,
          value,
        );
        return typeof v === 'string' && v.trim() === '' ? 'emptyfield' : 'validate_info';
      }
      if (i.code !== 'too_small' || Number(i.minimum) !== 1) return 'validate_info';
      if (i.origin === 'string') return 'emptyfield';
      if (i.origin === 'array' && i.path.at(-1) === 'collectorRunIds') return 'CRsRequired';
      return 'validate_info';
    }),
  );
  const [only] = keys;
  return keys.size === 1 && only !== undefined ? only : 'validate_info';
}

/** Whether an operation may be called without a session: the contract says `security: [{}]` for those. */
export function isPublicOperation(op: ContractOperation): boolean {
  return (
    op.security?.some((s) => s !== null && typeof s === 'object' && Object.keys(s).length === 0) ?? false
  );
}

/**
 * Public (anonymous) viewing of published projects: these run without a session too; their handlers show a
 * published project to anyone and answer 401 + X-Logged-Out for anything else.
 */
export const PUBLIC_IF_PUBLISHED = new Set(['getProject', 'getProjectViewerData']);

export function operationServicePrefix(op: ContractOperation): string {
  const info = (sdk.operations as Readonly<Record<string, { service: string } | undefined>>)[op.operationId];
  return SERVICE_PREFIX[info?.service ?? 'portal'] ?? op.serverPrefix;
}

export async function buildServer(
  config: Config,
  options: { contract?: Contract; now?: () => number } = {},
): Promise<DemoServer> {
  const contract = options.contract ?? Contract.load();
  const db = openDatabase(config.dataDir);
  if (!isSeeded(db)) seed(db);
  alignStoredRuns(db);
  const repo = new Repo(db);
  // Collector files whose storing a crash cut short: taken out, re-queueable, their projects marked failed.
  for (const pending of repo.pendingIngests()) repo.abandonIngest(pending.run_id);
  const files = new FileStore(config.dataDir);
  // Leftovers of a crash mid-upload: partial files, and files whose row was never written (#14 finding 12).
  const storedNames = (sql: string) =>
    new Set(repo.all<{ stored_path: string }>(sql).map((r) => r.stored_path));
  files.sweep({
    uploads: storedNames('SELECT stored_path FROM uploads'),
    logos: storedNames('SELECT stored_path FROM promo_logos'),
  });
  const events = new EventHub();
  const now = options.now ?? (() => Date.now());
  // Registration mail (issue #32): to SMTP_URL's server, or to the embedded development mailbox.
  const mailer = await createMailer(config);
  const outbox = new Outbox();
  // Links in mail: PUBLIC_URL, else the port really bound (known once listening; never the request's Host).
  const publicOrigin = (): string => {
    const bound = app.server.address();
    return (
      config.publicUrl ?? listenOrigin(config, typeof bound === 'object' && bound ? bound.port : config.port)
    );
  };
  const ctxBase = { repo, config, files, events, now, contract, mailer, outbox, publicOrigin };
  const reports = new ReportService(ctxBase);
  // Uploaded collector files are read through in worker threads, as many at once as the pool's size.
  const checks = new ParseSlots(config.ingest.workers, config.ingest.perAccount);
  // Queued collector files are stored in the background by a bounded pool (issue #32), each storing thread within
  // the same slots as the reading ones: never more ingest threads at once than the pool's size.
  const ingest = new IngestQueue(
    ingestRunner({
      repo,
      files,
      dbPath: path.join(config.dataDir, 'demo.sqlite'),
      inline: config.ingest.inline,
      slots: checks,
    }),
    config.ingest,
  );
  const ctx: Ctx = { ...ctxBase, reports, ingest, checks };

  const fastifyOptions = {
    logger: config.logRequests ? { level: 'info' as const } : false,
    bodyLimit: 8 * 1024 * 1024,
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: false, maxParamLength: 8192 },
    // A method Node's parser does not know, on a path of the contract: 405 too (./methods.ts).
    clientErrorHandler: clientErrorHandler((url) => allowedMethods(url)),
    // X-Forwarded-For/-Host/-Proto only from the configured proxies (issue #39); none by default.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
  };
  // Over TLS, HTTP/2 as production hosts serve it (one connection for every chunk), HTTP/1.1 still answered. The
  // handlers use the request/response API both share; the cast keeps one FastifyInstance type for both.
  const app = config.tls
    ? (Fastify({
        ...fastifyOptions,
        http2: true,
        https: {
          allowHTTP1: true,
          cert: readFileSync(config.tls.certFile),
          key: readFileSync(config.tls.keyFile),
        },
      }) as unknown as FastifyInstance)
    : Fastify(fastifyOptions);
  await registerSecurity(app, config);
  await app.register(cookie);
  await app.register(formbody);
  // Size limits are per call (request.parts({ limits })); a truncated file is detected by its handler.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: config.maxIokitFileBytes + 1, files: 1, fields: 50 },
  });
  app.decorateRequest('viewer', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('operation', null);

  app.addContentTypeParser(
    ['text/plain', 'application/octet-stream'],
    { parseAs: 'buffer' },
    (_req, body, done) => {
      done(null, body);
    },
  );
  // Clients send `Content-Type: application/json` on body-less POSTs too: an empty body is no body, not an error.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    void jsonParser(request, typeof body === 'string' ? body : body.toString('utf8'), done);
  });

  app.setErrorHandler((error: unknown, request, reply) => {
    // The support-ticket service answers its own documented error shape (SupportError), never the envelope.
    if (request.operation && operationServicePrefix(request.operation) === SERVICE_PREFIX.ticket) {
      const e = error as { statusCode?: number; message?: string };
      const status =
        error instanceof ApiFailure
          ? error.status
          : e.statusCode && e.statusCode >= 400 && e.statusCode < 500
            ? 400
            : 500;
      const detail =
        error instanceof ApiFailure ? (error.detail ?? error.key) : (e.message ?? 'Unexpected error');
      void reply.code(status).send({ error: SUPPORT_ERRORS[status] ?? 'RecordInvalid', description: detail });
      return;
    }
    if (error instanceof ApiFailure) {
      if (error.status === 401) void reply.header(LOGGED_OUT_HEADER, '1');
      void reply
        .code(error.status)
        .send({ ...failure(error.status, error.key, error.detail, error.reason), Data: error.data as null });
      return;
    }
    const e = error as { statusCode?: number; code?: string; message?: string };
    const status = e.statusCode && e.statusCode >= 400 && e.statusCode < 500 ? 400 : 500;
    if (status === 500) request.log.error(error);
    void reply
      .code(status)
      .send(
        failure(status, status === 400 ? 'validate_info' : 'generalError', e.message ?? 'Unexpected error'),
      );
  });

  const handlers = createHandlers(ctx) as unknown as Record<string, RouteHandlerMethod | undefined>;
  const missing: string[] = [];
  for (const op of contract.operations) {
    const handler = handlers[op.operationId];
    if (!handler) {
      missing.push(op.operationId);
      continue;
    }
    // The canonical path, and the legacy trailing-slash form where the contract names one: answered alike.
    const urls = [op.path, ...(op.legacyPath ? [op.legacyPath] : [])].map(
      (p) => operationServicePrefix(op) + toFastifyPath(p),
    );
    for (const url of urls)
      app.route({
        method: op.method,
        url,
        handler,
        onRequest: async (request, reply) => {
          // An empty segment (`/api/collector/`) where the parameter has minLength 1 is no instance of the template:
          // the path is unknown, answered like any other (404), signed in or not.
          if (emptySegment(request, op)) {
            reply.callNotFound();
            return reply;
          }
          // A path a more specific template of the contract shadows (`/api/projects/share` is also an instance of
          // `/api/projects/{id}`): the request is that path's, and this method is not one it defines.
          if (refuseUndeclaredMethod(request, reply, allowedMethods)) return reply;
          request.operation = op;
          guardWrite(request, op);
          authenticate(request, reply, ctx, op);
          return reply.sent ? reply : undefined;
        },
        preValidation: (request, _reply, done) => {
          try {
            validate(request, op, contract);
            done();
          } catch (error) {
            done(error as Error);
          }
        },
      });
  }

  registerAssetRoutes(app, ctx);
  registerDevMailboxRoutes(app, mailer.devMailbox, origin);
  registerDemoVpnProbe(app, config);

  // Methods outside the contract on a path it defines: 405 with the methods it does define (RFC 9110 15.5.6).
  const templates = contract.operations.flatMap((op) =>
    [op.path, ...(op.legacyPath ? [op.legacyPath] : [])].map((p) => ({
      method: op.method,
      template: operationServicePrefix(op) + p,
      pattern: new RegExp(
        `^${(operationServicePrefix(op) + p)
          .split(/\{[^}]+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[^/]+')}$`,
      ),
    })),
  );
  // Where templates shadow one another, a URL is the most specific one's (OpenAPI: concrete paths first; segment
  // by segment, a literal beats a template), so its Allow names that path's methods only.
  const allowedMethods = (url: string): string[] => {
    const matching = templates.filter((t) => t.pattern.test(url));
    const best = matching.map((t) => t.template).sort(bySpecificity)[0];
    const methods = new Set(matching.filter((t) => t.template === best).map((t) => t.method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
  // Before any body is read: Fastify would refuse some methods' requests with 400 first (QUERY without a type).
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404 && refuseUndeclaredMethod(request, reply, allowedMethods)) return reply;
    return undefined;
  });

  // The built portal: every non-API GET falls back to index.html (single-page app).
  const portalIndex = path.join(config.portalDist, 'index.html');
  const portalBuilt = existsSync(portalIndex);
  if (portalBuilt) {
    await app.register(fastifyStatic, {
      root: config.portalDist,
      wildcard: false,
      index: false,
      serve: false,
      // The build writes .br and .gz beside each asset: sent as they are to browsers that accept them.
      preCompressed: true,
    });
  }
  // The first pages' renderer (http/first-screen.ts) loads now, not on the first visitor's page.
  if (portalBuilt) void loadFirstScreenRenderer(config.portalDist).catch(() => undefined);
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const apiLike = /^\/(api|upload-service|support-service)(\/|$)/.test(url);
    if (refuseUndeclaredMethod(request, reply, allowedMethods)) return reply;
    if ((request.method === 'GET' || request.method === 'HEAD') && !apiLike) {
      if (!portalBuilt)
        return reply
          .code(200)
          .type('text/html; charset=utf-8')
          .send(placeholderPage(styleNonce(reply)));
      let rel = '';
      try {
        rel = decodeURIComponent(url).replace(/^\/+/, '');
      } catch {
        // A malformed escape is no file: the portal's index.html handles it.
      }
      const file = path.join(config.portalDist, rel);
      if (
        rel &&
        file.startsWith(config.portalDist + path.sep) &&
        existsSync(file) &&
        statSync(file).isFile()
      ) {
        // Hashed build assets are immutable; everything else is revalidated.
        if (rel.startsWith('assets/')) return reply.sendFile(rel, { maxAge: '365d', immutable: true });
        return reply.header('Cache-Control', 'no-cache').sendFile(rel, { cacheControl: false });
      }
      // A page the build wrote its own document for (dist/<path>.html: its chunks preloaded, the sign-in card
      // pre-rendered) gets that one, matched case-insensitively like the portal's routes; any other, index.html.
      // A page whose path ends in a number (/dpackviewer/18) gets the document written for any number there
      // (dist/dpackviewer/[id].html), with the number in place of each {{id}} (its data preloads).
      const pagePath = rel.toLowerCase().replace(/\/+$/, '');
      const param = /^(.+)\/(\d{1,15})$/.exec(pagePath);
      const candidates = rel
        ? [
            { file: path.join(config.portalDist, `${pagePath}.html`), id: null },
            ...(param ? [{ file: path.join(config.portalDist, `${param[1]}/[id].html`), id: param[2] }] : []),
          ]
        : [];
      const found = candidates.find(
        ({ file }) =>
          file.startsWith(config.portalDist + path.sep) && existsSync(file) && statSync(file).isFile(),
      );
      // A first page the build marked is rendered whole for a signed-in visitor (http/first-screen.ts).
      const html = found?.id
        ? await parameterPage(app, found.file, found.id, request.headers.cookie)
        : await firstScreenPage(
            app,
            config.portalDist,
            readFileSync(found?.file ?? portalIndex, 'utf8'),
            request.url,
            request.headers.cookie,
          );
      // Revalidated on every visit, and never kept by a shared cache: a page may hold the visitor's own data (their
      // first page rendered, a project's title).
      return sendPage(
        request,
        reply.header('Cache-Control', 'private, no-cache'),
        withCspNonce(html, cspNonces(reply)),
      );
    }
    return reply
      .code(404)
      .send(failure(404, 'generalError', "Error 404 - The file you're looking for could not be found."));
  });

  reports.resume();
  // Pending registrations whose link lapsed a week ago go, with their links (issue #32): now and every hour.
  const stopSweeper = startLapsedRegistrationSweeper(repo, now, (error) => {
    app.log.error({ err: error }, 'Sweeping lapsed registrations failed');
  });
  return {
    app,
    ctx,
    contract,
    missing,
    close: async () => {
      stopSweeper();
      await reports.stop();
      await ingest.stop();
      events.close();
      await app.close();
      await outbox.idle();
      await mailer.close();
      db.close();
    },
  };
}

/** Orders path templates most specific first: at the first segment where one is literal and the other a template. */
export function bySpecificity(a: string, b: string): number {
  const sa = a.split('/');
  const sb = b.split('/');
  for (let i = 0; i < Math.max(sa.length, sb.length); i++) {
    const la = !/^\{[^}]+\}$/.test(sa[i] ?? '');
    const lb = !/^\{[^}]+\}$/.test(sb[i] ?? '');
    if (la !== lb) return la ? -1 : 1;
  }
  return 0;
}

/** Whether a path parameter the contract gives a minLength (1 or more) is empty in this request's path. */
function emptySegment(request: FastifyRequest, op: ContractOperation): boolean {
  const params = request.params as Record<string, unknown>;
  return op.parameters.some(
    (p) =>
      p.in === 'path' &&
      params[p.name] === '' &&
      typeof p.schema.minLength === 'number' &&
      p.schema.minLength >= 1,
  );
}

function authenticate(request: FastifyRequest, reply: FastifyReply, ctx: Ctx, op: ContractOperation): void {
  const token = request.cookies[SESSION_COOKIE];
  let expired = false;
  if (token) {
    const s = ctx.repo.session(token, ctx.config.sessionTtlSeconds, ctx.now());
    if (typeof s === 'object' && s.user.status === 'Active') {
      request.viewer = s.user;
      request.sessionToken = token;
    } else {
      expired = true;
    }
  }
  // A stale cookie: tell the portal the session has ended (not on the sign-in/out calls themselves, whose answers
  // would otherwise log out the session they are creating).
  if (expired && op.operationId !== 'signIn' && op.operationId !== 'signOut') {
    void reply.header(LOGGED_OUT_HEADER, '1').clearCookie(SESSION_COOKIE, { path: '/' });
  }
  if (!request.viewer && !isPublicOperation(op) && !PUBLIC_IF_PUBLISHED.has(op.operationId)) {
    void reply
      .code(401)
      .header(LOGGED_OUT_HEADER, '1')
      .send(failure(401, 'operationnotallowed', 'Sign in to continue.'));
  }
}

function validate(request: FastifyRequest, op: ContractOperation, contract: Contract): void {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const query = (request.query ?? {}) as Record<string, unknown>;
  for (const p of op.parameters) {
    if (p.in === 'path' && p.name in params) params[p.name] = coerce(params[p.name], p.schema, contract);
    if (p.in === 'query' && p.name in query) query[p.name] = coerce(query[p.name], p.schema, contract);
  }
  const check = (part: 'Path' | 'Query' | 'Body', value: unknown, assign: (v: unknown) => void): void => {
    const schema = schemaFor(op, part);
    if (!schema) return;
    const r = schema.safeParse(value);
    if (!r.success)
      throw new ApiFailure(
        400,
        keyOfIssues(r.error, value),
        `Invalid ${part.toLowerCase()}: ${describeIssues(r.error)}`,
      );
    assign(r.data);
  };
  check('Path', params, (v) => (request.params = v));
  check('Query', query, (v) => (request.query = v));
  const contentType = request.headers['content-type'] ?? '';
  if (contentType.startsWith('multipart/')) {
    // Multipart bodies are read (and checked) by the handlers of the operations that take them.
    if (op.bodyContentTypes.some((t) => t.startsWith('multipart/'))) return;
    if (op.bodyContentTypes.length > 0)
      throw new ApiFailure(
        400,
        'validate_info',
        `Unsupported content type; send ${op.bodyContentTypes.join(' or ')}.`,
      );
  }
  let body: unknown = request.body;
  if (contentType.startsWith('application/x-www-form-urlencoded') && body && typeof body === 'object') {
    const props = contract.properties(op.bodySchema);
    const coerced: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body as Record<string, unknown>))
      coerced[k] = coerce(v, props[k], contract);
    body = coerced;
  }
  if (
    op.bodySchema !== undefined &&
    schemaFor(op, 'Body') &&
    (body === undefined || body === null) &&
    op.bodyContentTypes.length > 0
  ) {
    // A body the contract marks optional may be left out: the handler takes its defaults.
    if (!op.bodyRequired) return;
    throw new ApiFailure(400, 'validate_info', 'A request body is required.');
  }
  check('Body', body, (v) => (request.body = v));
}

function placeholderPage(nonce: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Assessment portal demo</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:42rem;margin:4rem auto;padding:0 1rem;line-height:1.5}</style></head>
<body><h1>The portal is not built yet</h1>
<p>The demo API is running on this origin. Build the portal (<code>pnpm --filter @assessment/portal run build</code>) and
restart the demo to see it here.</p><p>API: <a href="/api/viewer">/api/viewer</a></p></body></html>`;
}
