import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { FIRST_SCREEN_END, FIRST_SCREEN_START } from '../src/app/first-screen-marks.ts';
import { COMMON_NAV_LINKS, NAV_ICON_PROPS, NAV_ICONS } from '../src/features/layout/components/nav-icons.ts';
import { intlWarmUpScript } from '../src/lib/i18n/intl-warmup.ts';

/**
 * Per-page entry documents, written beside index.html at build time (`dist/<path>.html`): the same document plus
 * - `<link rel="modulepreload">` for the page's own route chunks (and their imports) and, behind sign-in, the pages'
 *   texts, so the browser fetches them in parallel with the entry instead of in the router's waterfall
 *   (entry → viewer → texts → route loader → route component);
 * - for the sign-in page, a static copy of the sign-in card (`.boot-shell`, inert) that paints with the HTML and
 *   CSS, before any JavaScript: the page's largest element shows at first paint; for the signed-in pages, the
 *   signed-in layout (side navigation and header), and their first data call preloaded like the viewer. app.css
 *   hides the shell the moment the app renders into #root (no script involved, so the strict CSP holds); the
 *   scripts load after the shell's first paint (BOOT_SCRIPT).
 * The demo server (and any static host: `try_files $uri $uri.html /index.html`) answers `/<path>` with
 * `<path>.html` when it exists, index.html otherwise.
 */
export interface PageEntry {
  /** The URL path without the leading slash, lower case (the server looks it up lower-cased). */
  path: string;
  /** Route files (relative to src/routes) whose code-split chunks the page needs at start. */
  routes: string[];
  /** Whether the page is behind sign-in (it needs the pages' texts, `en.json?messages=pages`). */
  signedIn: boolean;
  /** Static markup shown until the app renders (the sign-in card), or none. */
  shell?: (texts: Texts) => string;
  /**
   * The API calls the page's loader makes first (with the route's default search), preloaded with the document like
   * the viewer: the page's data loads in parallel with its JavaScript instead of after the viewer and the texts. The
   * exact URL the SDK asks for (same URL, mode and credentials, so the call takes the preloaded answer):
   * src/app/page-entries.test.ts checks it against the SDK.
   */
  data?: string[];
  /**
   * The SDK operations the page calls before it shows (the viewer, then its data), by operationId. The portal
   * validates every call (src/app/sdk.ts), and a call waits for its validators, which the SDK imports at its first
   * call: the table of operations, then the operation's module and the schemas it imports. Cut by the automatic
   * splitting, those were a dozen small chunks asked for one round after the other once the framework had run; listed
   * here, they are the page's modules at start: grouped with its chunks (scripts/page-chunks.ts) and preloaded.
   * src/app/page-entries.test.ts checks the list against the validators the page's calls load.
   */
  operations?: string[];
  /**
   * The feature sections whose texts the page needs before it renders (`en.json?messages=section:<name>`): preloaded
   * with its chunks instead of after them.
   */
  sections?: string[];
  /**
   * Whether scripts/page-chunks.ts groups the page's modules into chunks of its own (default true: the pages a visit
   * starts on after signing in). A page opened by link (the viewer) preloads the chunks the automatic splitting cut.
   */
  grouped?: boolean;
  /** The shell for an anonymous visitor (another layout), written as `<path>.public.html` beside the page's own. */
  publicShell?: (texts: Texts) => string;
  /**
   * A page whose shell holds its title (TITLE_PLACEHOLDER): the text id of the title's first part, whose
   * translations the build writes to `<path>.titles.json` (by locale file: en, de, zh-CN...). The demo server writes
   * "<text>: <project name>" there in the account's language when the visitor may see the project
   * (apps/mock/src/http/page-documents.ts), so the page's largest element paints with the HTML.
   */
  title?: string;
  /**
   * A page the server may render whole into its document (src/app/first-screen.tsx, built to
   * dist/server/first-screen.js): its shell is written between FIRST_SCREEN_START and FIRST_SCREEN_END, which the demo
   * server replaces with the page as the app renders it for the visitor once its data has loaded (the layout of their
   * account, the page's rows in their language: apps/mock/src/http/first-screen.ts), so the page's largest element
   * paints with the HTML instead of after the JavaScript. A static host serves the shell as written.
   */
  serverRendered?: boolean;
}

/** Where the server may write the server-rendered page in place of the static shell (PageEntry.serverRendered). */
export { FIRST_SCREEN_END, FIRST_SCREEN_START } from '../src/app/first-screen-marks.ts';

/** Where the demo server writes the page's title (PageEntry.title); nothing where it has none. */
export const TITLE_PLACEHOLDER = '{{title}}';

/**
 * The placeholder for a page's path parameter: a page whose path ends in one (`dpackviewer/[id]`) is written as
 * `dpackviewer/[id].html`, and the demo server answers `/dpackviewer/18` with it, every `{{id}}` in it replaced by
 * 18 (apps/mock/src/http/page-documents.ts). A static host without that step serves index.html (no preloads). Its
 * data preloads are the whole period's: a link with a time range (?from=&to=) asks for its own summary after them.
 */
export const PATH_PARAM = '[id]';
export const PATH_PARAM_PLACEHOLDER = '{{id}}';

type Texts = (id: string) => string;

export const PAGE_ENTRIES: PageEntry[] = [
  {
    path: 'auth/login',
    routes: ['auth/login.tsx'],
    signedIn: false,
    shell: signInShell,
  },
  {
    path: 'dashboard',
    routes: ['_app.tsx', '_app/dashboard.tsx'],
    signedIn: true,
    shell: signedInShell,
    data: ['/api/dashboard'],
    operations: ['getViewer', 'getDashboard'],
    serverRendered: true,
  },
  {
    path: 'projects',
    routes: ['_app.tsx', '_app/projects.tsx'],
    signedIn: true,
    shell: signedInShell,
    data: ['/api/projects?myProjectsOnly=false&PageSize=25&PageNumber=1&SortByField=CreatedDate'],
    operations: ['getViewer', 'listProjects'],
    serverRendered: true,
  },
  {
    // The project viewer, signed in or (a published project) public: its route's chunks, the pages' and the
    // performance section's texts, the project's viewer data (the route's loader) and the whole period's summary
    // (the headline figures), all with the document instead of one after the other; its title (the largest element
    // on a phone) pre-rendered by the server in the layout of a signed-in or an anonymous visitor.
    path: `dpackviewer/${PATH_PARAM}`,
    routes: ['dpackviewer/$projectId.tsx'],
    signedIn: true,
    shell: viewerShell,
    publicShell: publicViewerShell,
    title: 'project.viewerTitle',
    sections: ['performance'],
    grouped: false,
    data: [
      `/api/projects/${PATH_PARAM_PLACEHOLDER}/viewer`,
      `/api/projects/${PATH_PARAM_PLACEHOLDER}/series/summary?top=5`,
    ],
  },
];

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The sign-in card as LoginPage renders it (same classes, so the same boxes: no layout shift at the swap). */
export function signInShell(t: Texts): string {
  const field = (label: string, type: string) =>
    `<div class="ui-field" data-required="true"><label class="ui-field__label">${escapeHtml(label)}</label>` +
    `<input class="ui-field__input" type="${type}" tabindex="-1"></div>`;
  return (
    `<div class="boot-shell" inert aria-hidden="true"><div class="login-page"><div class="login-card">` +
    `<h1>${escapeHtml(t('login.title'))}</h1><form class="stack">` +
    field(t('login.email'), 'email') +
    field(t('login.password'), 'password') +
    `<button data-variant="primary" class="ui-button" type="button" tabindex="-1">${escapeHtml(t('login.submit'))}</button>` +
    `</form><p><a tabindex="-1">${escapeHtml(t('login.register'))}</a></p></div></div></div>`
  );
}

/**
 * The signed-in layout as AppLayout renders it before it knows the account (same classes, so the same boxes): the
 * collapsed side navigation with the icons of the links every account has, and the header with the portal's name.
 * Only words every language writes the same (the portal's name, the toggle's glyph): the page's language is not
 * known before the viewer answers. The app renders into #root, which hides it (app.css); its own elements are new
 * ones, so nothing shifts (CLS 0).
 */
export function signedInShell(t: Texts, content = ''): string {
  const icons = COMMON_NAV_LINKS.map(
    (id) =>
      `<li class="ui-side-nav__item"><a class="ui-side-nav__link" tabindex="-1"><span class="ui-side-nav__icon">` +
      renderToStaticMarkup(createElement(NAV_ICONS[id], NAV_ICON_PROPS)) +
      `</span></a></li>`,
  ).join('');
  return (
    `<div class="boot-shell" data-layout-only inert aria-hidden="true"><div class="app-shell">` +
    `<div class="ui-side-nav"><button class="ui-side-nav__toggle" type="button" tabindex="-1">` +
    `<span class="ui-side-nav__toggle-icon">»</span></button><ul class="ui-side-nav__list">${icons}</ul></div>` +
    `<div class="app-body"><div class="app-header"><span class="app-name">${escapeHtml(t('app.name'))}</span>` +
    `</div>${content}</div></div></div>`
  );
}

/**
 * The page's title as ProjectViewerPage renders it (same classes, so the same box): `.app-main` and `.page` as divs
 * (no landmark, no second #main), the title where the server writes it.
 */
const TITLE_SHELL = `<div class="app-main"><div class="page"><h1>${TITLE_PLACEHOLDER}</h1></div></div>`;

/** The viewer of a signed-in visitor: the signed-in layout with the page's title in its main area. */
export function viewerShell(t: Texts): string {
  return signedInShell(t, TITLE_SHELL);
}

/** The viewer of an anonymous visitor (a published project): its main area alone, as the route renders it. */
export function publicViewerShell(): string {
  return `<div class="boot-shell" inert aria-hidden="true">${TITLE_SHELL}</div>`;
}

/**
 * Written after the shell: app.css shows the shell only once the parser has reached it, so a first frame painted
 * mid-parse (the document's bytes arriving in two parts) paints no half card that then grows and moves (a layout
 * shift of 0.05 on /auth/login in about 1 load of 12 under Lighthouse's phone settings).
 */
export const BOOT_END = '<div class="boot-end" hidden></div>';

/** Where the server writes the answer's CSP script nonce (the demo server: http/security.ts). */
export const BOOT_NONCE_PLACEHOLDER = '{{csp-script-nonce}}';

/**
 * The boot script of the pages with a shell (static). The page names its modules in `<meta name="boot">`: first the
 * entry's chunks in the order they evaluate (each after the chunks it imports, the entry last; their count in
 * `data-run`), then the page's own chunks, which the app imports itself; and the Intl warm-up worker's script in its
 * `data-intl`. It starts the worker at once (src/lib/i18n/intl-warmup.ts; a browser that refuses it boots all the
 * same); after the first frame it preloads every module, one per task (each link starts a request: forty in one task
 * blocked a phone's main thread for ~175 ms; under Lighthouse, whose DevTools session records every request's
 * initiator, one costs 2-11 ms of main thread, so four in a task made tasks of 18-28 ms, 70-110 ms at the simulated
 * phone's 4x CPU: blocking time on every first page); then it imports the entry's chunks one per task, so each chunk's
 * code runs in a task of its own instead of the whole graph in one (40+ ms on /dashboard, 160+ ms on the simulated
 * phone). A page opened in a background tab boots when it is first shown. Kept tiny: it counts towards the sign-in
 * page's JavaScript budget (bench:bundle).
 */
export const BOOT_SCRIPT =
  'const b=document.querySelector("[name=boot]");try{new Worker(b.dataset.intl)}catch{}' +
  'requestAnimationFrame(()=>setTimeout(()=>{const m=b.content.split(" "),r=m.slice(0,b.dataset.run),' +
  'p=()=>{const h=m.shift();h?(document.head.append(Object.assign(document.createElement("link"),' +
  '{rel:"modulepreload",href:h})),setTimeout(p)):i()},i=()=>{const h=r.shift();h&&import(h).then(()=>setTimeout(i))};' +
  'p()}))';

/**
 * The entry's chunks in the order the browser evaluates them: each after every chunk it imports statically, the entry
 * last. Importing them one by one in this order runs each chunk's top level in a task of its own.
 */
export function evaluationOrder(entry: string, imports: (name: string) => readonly string[]): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    imports(name).forEach(visit);
    order.push(name);
  };
  visit(entry);
  return order;
}

/**
 * V8's explicit compile hint (Chrome 136+; other engines read a comment): every function of the file is compiled
 * while the file streams in, on a background thread, instead of on the main thread at its first call. Written at the
 * top of each chunk a first page boots with, where nearly every function runs before the page shows: React DOM's
 * whole body, for one, is a single function the bundle calls once. Measured on /dashboard (Lighthouse mobile, 5 runs):
 * script evaluation 1,178 → 875 ms.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Lazy modules whose chunk gets the hint too: every function in them runs the moment they are first used, on a page
 * the reader is already using. The viewer's chart (uPlot: its axes, scales and paths): the first chart drawn while a
 * reader scrolled the viewer on a phone compiled uPlot inside its draw, a task of 53-62 ms at 4x CPU (40-46 ms with
 * the hint; the charts after it 15-20 ms).
 */
export const EAGER_LAZY_MODULES: readonly RegExp[] = [
  /[\\/]src[\\/]features[\\/]viewer[\\/]components[\\/]Chart\.tsx$/,
];
const BROTLI_BEST = { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } };

/** The inline script that starts the Intl warm-up worker on a page without the boot script (index.html). */
export const intlWarmUpStarter = (src: string) =>
  `<script type="module" nonce="${BOOT_NONCE_PLACEHOLDER}">try{new Worker(${JSON.stringify(src)})}catch{}</script>`;

export interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** An SDK validators module (`@assessment/sdk/validators/<operationId>`, or `index`: the table of operations). */
const VALIDATORS_MODULE =
  /[\\/]packages[\\/]sdk[\\/]src[\\/]gen[\\/]split[\\/]validators[\\/]([^\\/]+)\.gen\.ts$/;

/**
 * The chunks a page needs at start, by file name: the chunks holding its route modules (the loader, the component and
 * the pending component: the router waits for the pending component's chunk too before it shows the page; the error
 * and not-found components load only when needed), behind sign-in the pages' texts, the validators of its first calls
 * (PageEntry.operations) and the table that finds them, and everything those import statically (the entry's chunks
 * included). A module is in a chunk of its own or in a group's (scripts/page-chunks.ts).
 */
export function pageChunkNames(chunks: ChunkLike[], entry: PageEntry, root: string): string[] {
  const routeFiles = entry.routes.map((file) => resolve(root, 'src/routes', file));
  const validators = new Set(entry.operations?.length ? ['index', ...entry.operations] : []);
  const isStart = (id: string) => {
    const [file = '', query] = id.split('?');
    if (routeFiles.includes(file)) return /^tsr-split=(loader|component|pendingComponent)$/.test(query ?? '');
    const operation = VALIDATORS_MODULE.exec(file)?.[1];
    if (operation !== undefined) return validators.has(operation);
    if ((entry.sections ?? []).some((section) => id.endsWith(`en.json?messages=section:${section}`)))
      return true;
    return entry.signedIn && /en\.json\?messages=pages$/.test(id);
  };
  return [...chunksNeeding(chunks, isStart)];
}

/**
 * A text in every locale file (src/locales/<file>.json), by the file's name (en, de, zh-CN...): what the demo server
 * picks the account's language from (`<culture>`, else its language, else en).
 */
export function localeTexts(root: string, id: string): Record<string, string> {
  const dir = resolve(root, 'src/locales');
  const out: Record<string, string> = {};
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const text = id
      .split('.')
      .reduce<unknown>(
        (node, key) => (node as Record<string, unknown> | undefined)?.[key],
        JSON.parse(readFileSync(resolve(dir, file), 'utf8')),
      );
    if (typeof text === 'string') out[file.replace(/\.json$/, '')] = text;
  }
  if (!out.en) throw new Error(`page-entries: no English text ${id}`);
  return out;
}

/** The chunks holding a module that passes `test`, and every chunk they import statically, by file name. */
export function chunksNeeding(chunks: ChunkLike[], test: (id: string) => boolean): Set<string> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const visit = (chunk: ChunkLike) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) visit(imported);
    }
  };
  chunks.filter((chunk) => chunk.moduleIds.some(test)).forEach(visit);
  return seen;
}

/**
 * Builds the per-page documents from the built index.html and the bundle's chunks, and marks the chunks the first
 * pages boot with, and those of EAGER_LAZY_MODULES, for eager compilation (COMPILE_HINT).
 */
export function pageEntries(entries: PageEntry[] = PAGE_ENTRIES): Plugin[] {
  let root = '';
  let bootChunks = new Set<string>();
  const pages: Plugin = {
    name: 'portal:page-entries',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string') {
        this.error('page-entries: index.html is not in the bundle');
      }
      const html = index.source;
      const english = JSON.parse(readFileSync(resolve(root, 'src/locales/en.json'), 'utf8')) as Record<
        string,
        unknown
      >;
      const texts: Texts = (id) => {
        const text = id
          .split('.')
          .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], english);
        if (typeof text !== 'string') throw new Error(`page-entries: no English text ${id}`);
        return text;
      };
      const chunks = Object.values(bundle).filter(
        (item): item is typeof item & ChunkLike => item.type === 'chunk',
      );
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const already = new Set([...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]));
      // The Intl warm-up worker's script (content-hashed like the chunks: cached for good), for the document's
      // default language and the browser's.
      const defaultCulture = /<html lang="([^"]+)"/.exec(html)?.[1];
      if (!defaultCulture) this.error('page-entries: index.html names no language');
      const intlWarmUp = `/${this.getFileName(
        this.emitFile({ type: 'asset', name: 'intl-warmup.js', source: intlWarmUpScript(defaultCulture) }),
      )}`;
      const booting = new Set<string>();
      for (const name of already) if (name) booting.add(name);
      for (const entry of entries) {
        const all = pageChunkNames(chunks, entry, root);
        if (all.length === 0) this.error(`page-entries: no chunks for /${entry.path}`);
        all.forEach((name) => booting.add(name));
        const names = all.filter((name) => !already.has(name));
        // The page's own stylesheets (a feature's CSS comes with its chunk), linked at once instead of when the
        // chunk has run (the app skips a stylesheet already linked); and the viewer, which every page asks for
        // first (same URL, mode and credentials as the SDK's call, so the call takes the preloaded answer).
        const styles = new Set(
          names.flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])]),
        );
        const preloads =
          ['/api/viewer', ...(entry.data ?? [])]
            .map((href) => `    <link rel="preload" as="fetch" crossorigin href="${escapeHtml(href)}">\n`)
            .join('') +
          [...styles]
            .filter((name) => !html.includes(`/${name}"`))
            .map((name) => `    <link rel="stylesheet" crossorigin href="/${name}">\n`)
            .join('') +
          names.map((name) => `    <link rel="modulepreload" crossorigin href="/${name}">\n`).join('');
        const withPreloads = html.replace('  </head>', `${preloads}  </head>`);
        const documentWith = (shell: string | undefined): string => {
          let page = withPreloads;
          if (shell === undefined) return page;
          page = page.replace('<div id="root"></div>', `<div id="root"></div>${shell}${BOOT_END}`);
          // The shell paints with the HTML and the stylesheet alone, so the scripts wait until it has painted: the
          // page carries one small boot script, which, after the first frame, preloads the entry's and the page's
          // chunks (no waterfall) and imports the entry. Fetched before the paint they would only compete with the
          // stylesheet for a slow line. The script is inline (a separate file cost a phone one more round trip
          // before any chunk was asked for) and runs under the strict CSP by the answer's script nonce, which the
          // server writes over BOOT_NONCE_PLACEHOLDER.
          const scripts = [
            ...page.matchAll(
              /<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="([^"]+)"><\/script>|<link rel="modulepreload" crossorigin href="([^"]+)">/g,
            ),
          ];
          const entrySrc = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(page)?.[1];
          if (!entrySrc) this.error('page-entries: no entry script in index.html');
          const preloadHrefs = scripts.map((m) => m[2]).filter((href): href is string => href !== undefined);
          const run = evaluationOrder(entrySrc, (href) => {
            const chunk = byName.get(href.replace(/^\//, ''));
            return chunk ? chunk.imports.map((name) => `/${name}`) : [];
          });
          const modules = [...run, ...preloadHrefs.filter((href) => !run.includes(href))].join(' ');
          page = page
            .replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, '')
            .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
            .replace(
              '  </head>',
              `    <meta name="boot" content="${modules}" data-run="${String(run.length)}" data-intl="${intlWarmUp}">\n    <script type="module" nonce="${BOOT_NONCE_PLACEHOLDER}">${BOOT_SCRIPT}</script>\n  </head>`,
            );
          return page;
        };
        const shell = entry.shell?.(texts);
        this.emitFile({
          type: 'asset',
          fileName: `${entry.path}.html`,
          source: documentWith(
            entry.serverRendered && shell !== undefined
              ? FIRST_SCREEN_START + shell + FIRST_SCREEN_END
              : shell,
          ),
        });
        if (entry.publicShell)
          this.emitFile({
            type: 'asset',
            fileName: `${entry.path}.public.html`,
            source: documentWith(entry.publicShell(texts)),
          });
        if (entry.title)
          this.emitFile({
            type: 'asset',
            fileName: `${entry.path}.titles.json`,
            source: JSON.stringify(localeTexts(root, entry.title)),
          });
      }
      // Any other page (index.html) starts the warm-up before its entry script runs.
      index.source = html.replace(
        /(\n\s*)(<script type="module" crossorigin src=)/,
        `$1${intlWarmUpStarter(intlWarmUp)}$1$2`,
      );
      if (index.source === html) this.error('page-entries: no entry script in index.html');
      bootChunks = booting;
    },
  };
  // V8 reads the hint only on the file's first line (measured: further down it is ignored), so it goes in last, after
  // Vite has written its dynamic-import map (`__vite__mapDeps`) at the top of the chunks that have one. By then the
  // compression plugin has made the Brotli and gzip copies, so those are made again here as it makes them (best
  // quality).
  const compileHints: Plugin = {
    name: 'portal:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const eager = Object.values(bundle).filter(
          (item) =>
            item.type === 'chunk' &&
            EAGER_LAZY_MODULES.some((module) => module.test(item.facadeModuleId ?? '')),
        );
        for (const name of new Set([...bootChunks, ...eager.map((item) => item.fileName)])) {
          const chunk = bundle[name];
          if (chunk?.type !== 'chunk') continue;
          chunk.code = COMPILE_HINT + chunk.code;
          const brotli = bundle[`${name}.br`];
          if (brotli?.type === 'asset') brotli.source = brotliCompressSync(chunk.code, BROTLI_BEST);
          const gzip = bundle[`${name}.gz`];
          if (gzip?.type === 'asset')
            gzip.source = gzipSync(chunk.code, { level: constants.Z_BEST_COMPRESSION });
        }
      },
    },
  };
  return [pages, compileHints];
}
