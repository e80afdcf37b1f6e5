import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/**
 * The first pages rendered on the server (issue #40 item 5): a page document the portal's build marks
 * (apps/portal/scripts/page-entries.ts PageEntry.serverRendered: its static shell between FIRST_SCREEN_START and
 * FIRST_SCREEN_END) gets, in place of that shell, the page as the app renders it for the visitor once its data has
 * loaded: the portal's own renderer (apps/portal/src/app/first-screen.tsx, built to dist/server/first-screen.js) runs
 * the page's route, loaders and components, its API calls answered by this server as the visitor (their cookie), its
 * times in the visitor's time zone (a cookie the portal sets and its renderer reads). The
 * page's largest element (a project's name, an owner's address) then paints with the HTML, not after ~170 KB of
 * JavaScript on a phone. Like the static shell it is inert and hidden from assistive technology, and goes the moment
 * the app renders (app.css); its ids and inline styles are dropped (the app's own elements keep theirs; the strict
 * CSP allows no style attribute). Anything short of a signed-in page (no cookie, a visitor sent to sign in, a render
 * that fails or takes too long, no renderer built) keeps the static shell.
 */

/** Longer than this, the static shell goes out: the document is not held back for the data. */
export const FIRST_SCREEN_TIMEOUT_MS = 1500;

/**
 * What the portal's renderer module exports (apps/portal/src/app/first-screen.tsx): the renderer, which reads what it
 * needs of the visitor's cookies itself (their time zone) and stops when the signal aborts, and the marks the build
 * writes around a page's static shell (its src/app/first-screen-marks.ts).
 */
export interface FirstScreenRendererModule {
  renderFirstScreen: (
    url: string,
    fetch: (request: Request) => Promise<Response>,
    options?: { cookie?: string; signal?: AbortSignal },
  ) => Promise<string>;
  FIRST_SCREEN_START: string;
  FIRST_SCREEN_END: string;
}

const renderers = new Map<string, Promise<FirstScreenRendererModule | null>>();

/**
 * The renderer module the portal's build wrote into `portalDist` (dist/server/first-screen.js), or null (none built,
 * or one that lacks what this server uses). Loaded once.
 */
export function loadFirstScreenRenderer(portalDist: string): Promise<FirstScreenRendererModule | null> {
  let loading = renderers.get(portalDist);
  if (!loading) {
    const file = path.join(portalDist, 'server', 'first-screen.js');
    loading = existsSync(file)
      ? import(pathToFileURL(file).href).then((module: Partial<FirstScreenRendererModule>) =>
          typeof module.renderFirstScreen === 'function' &&
          typeof module.FIRST_SCREEN_START === 'string' &&
          typeof module.FIRST_SCREEN_END === 'string'
            ? (module as FirstScreenRendererModule)
            : null,
        )
      : Promise.resolve(null);
    renderers.set(portalDist, loading);
  }
  return loading;
}

/** The API calls of a render, answered by `app` as the visitor whose cookies are `cookie`. */
export function visitorFetch(app: FastifyInstance, cookie: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    headers.cookie = cookie;
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers,
      ...(body ? { payload: body } : {}),
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined || name === 'set-cookie' || name === 'content-length') continue;
      answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const noBody = res.statusCode === 204 || res.statusCode === 304;
    return new Response(noBody ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: answerHeaders,
    });
  };
}

/**
 * The signed-in layout element of a render (`<div class="app-shell">` and everything in it), or null when the render
 * holds none (the visitor was sent to sign in) or holds what a document must not carry (a boundary that failed:
 * React writes its error into a template; a script).
 */
export function appShellOf(markup: string): string | null {
  const start = markup.indexOf('<div class="app-shell">');
  if (start < 0) return null;
  const tags = /<(\/?)div\b[^>]*>/g;
  tags.lastIndex = start;
  let depth = 0;
  for (let tag = tags.exec(markup); tag; tag = tags.exec(markup)) {
    depth += tag[1] ? -1 : 1;
    if (depth === 0) {
      const shell = markup.slice(start, tag.index + tag[0].length);
      return /<template|<script/i.test(shell) ? null : shell;
    }
  }
  return null;
}

/**
 * A render as a shell: no ids (the app's elements have them), no style attributes (CSP), no landmarks (its main,
 * navigation and header as divs with their classes: one of each on the page, the app's), React's markers gone.
 */
export function asShell(appShell: string): string {
  return appShell
    .replace(/\s(?:id|style)="[^"]*"/g, '')
    .replace(/<(\/?)(?:main|nav|header|section|aside|footer)\b/g, '<$1div')
    .replace(/<!--\/?\$[!?]?-->/g, '')
    .replace(/<!-- -->/g, '');
}

/**
 * `html` with its marked static shell replaced by the page at `url` as the app renders it for the visitor, or its
 * static shell (see the module's comment for when). Without a renderer `html` goes as it is: its marks are comments.
 */
export async function firstScreenPage(
  app: FastifyInstance,
  portalDist: string,
  html: string,
  url: string,
  cookie: string | undefined,
  timeoutMs = FIRST_SCREEN_TIMEOUT_MS,
): Promise<string> {
  const renderer = await loadFirstScreenRenderer(portalDist).catch((error: unknown) => {
    app.log.warn({ err: error }, 'The portal’s first-screen renderer did not load');
    return null;
  });
  if (!renderer) return html;
  const { renderFirstScreen, FIRST_SCREEN_START, FIRST_SCREEN_END } = renderer;
  const start = html.indexOf(FIRST_SCREEN_START);
  const end = html.indexOf(FIRST_SCREEN_END);
  if (start < 0 || end < start) return html;
  const withShell =
    html.slice(0, start) +
    html.slice(start + FIRST_SCREEN_START.length, end) +
    html.slice(end + FIRST_SCREEN_END.length);
  if (!cookie) return withShell;
  // Past the timeout the render is abandoned: the renderer stops (or never starts, if queued) instead of rendering a
  // page nobody waits for ahead of the next visitor's.
  const abandon = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  try {
    const markup = await Promise.race([
      renderFirstScreen(url, visitorFetch(app, cookie), { cookie, signal: abandon.signal }),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => {
          resolve(null); // first: whatever the renderer answers once aborted comes too late
          abandon.abort();
        }, timeoutMs);
      }),
    ]);
    const shell = markup === null ? null : appShellOf(markup);
    if (shell === null) return withShell;
    return `${html.slice(0, start)}<div class="boot-shell" inert aria-hidden="true">${asShell(shell)}</div>${html.slice(end + FIRST_SCREEN_END.length)}`;
  } catch (error) {
    app.log.warn({ err: error, url }, 'The first screen was not rendered');
    return withShell;
  } finally {
    clearTimeout(timer);
  }
}
