import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { COMMON_NAV_LINKS, NAV_ICON_PROPS, NAV_ICONS } from '../src/features/layout/components/nav-icons.ts';

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
}

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
  },
  {
    path: 'projects',
    routes: ['_app.tsx', '_app/projects.tsx'],
    signedIn: true,
    shell: signedInShell,
    data: ['/api/projects?myProjectsOnly=false&PageSize=25&PageNumber=1&SortByField=CreatedDate'],
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
export function signedInShell(t: Texts): string {
  const icons = COMMON_NAV_LINKS.map(
    (id) =>
      `<li class="ui-side-nav__item"><a class="ui-side-nav__link" tabindex="-1"><span class="ui-side-nav__icon">` +
      renderToStaticMarkup(createElement(NAV_ICONS[id], NAV_ICON_PROPS)) +
      `</span></a></li>`,
  ).join('');
  return (
    `<div class="boot-shell" inert aria-hidden="true"><div class="app-shell">` +
    `<div class="ui-side-nav"><button class="ui-side-nav__toggle" type="button" tabindex="-1">` +
    `<span class="ui-side-nav__toggle-icon">»</span></button><ul class="ui-side-nav__list">${icons}</ul></div>` +
    `<div class="app-body"><div class="app-header"><span class="app-name">${escapeHtml(t('app.name'))}</span>` +
    `</div></div></div></div>`
  );
}

/**
 * The boot script of the pages with a shell (static; the page names its modules in `<meta name="boot">`, entry first): after
 * the first frame it preloads the modules, entry first, PRELOADS_PER_TASK per task (each link starts a request, about
 * a millisecond of main thread apiece: forty in one task blocked a phone's main thread for ~175 ms), then imports the
 * entry (a page opened in a background tab boots when it is first shown). Kept tiny: it counts towards the sign-in
 * page's JavaScript budget (bench:bundle).
 */
export const PRELOADS_PER_TASK = 4;
/** Where the server writes the answer's CSP script nonce (the demo server: http/security.ts). */
export const BOOT_NONCE_PLACEHOLDER = '{{csp-script-nonce}}';
export const BOOT_SCRIPT =
  'requestAnimationFrame(()=>setTimeout(()=>{const m=document.querySelector("[name=boot]").content.split(" "),e=m[0],' +
  `p=()=>{for(const h of m.splice(0,${String(PRELOADS_PER_TASK)}))` +
  'document.head.append(Object.assign(document.createElement("link"),{rel:"modulepreload",href:h}));' +
  'm.length?setTimeout(p):import(e)};p()}))';

export interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * The chunks a page needs at start, by file name: the chunks holding its route modules (the loader, the component and
 * the pending component: the router waits for the pending component's chunk too before it shows the page; the error
 * and not-found components load only when needed), behind sign-in the pages' texts, and everything those import
 * statically (the entry's chunks included). A module is in a chunk of its own or in a group's (scripts/page-chunks.ts).
 */
export function pageChunkNames(chunks: ChunkLike[], entry: PageEntry, root: string): string[] {
  const routeFiles = entry.routes.map((file) => resolve(root, 'src/routes', file));
  const isStart = (id: string) => {
    const [file = '', query] = id.split('?');
    if (routeFiles.includes(file)) return /^tsr-split=(loader|component|pendingComponent)$/.test(query ?? '');
    return entry.signedIn && /en\.json\?messages=pages$/.test(id);
  };
  return [...chunksNeeding(chunks, isStart)];
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

/** Builds the per-page documents from the built index.html and the bundle's chunks. */
export function pageEntries(entries: PageEntry[] = PAGE_ENTRIES): Plugin {
  let root = '';
  return {
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
      for (const entry of entries) {
        const all = pageChunkNames(chunks, entry, root);
        if (all.length === 0) this.error(`page-entries: no chunks for /${entry.path}`);
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
        let page = html.replace('  </head>', `${preloads}  </head>`);
        if (entry.shell) {
          page = page.replace('<div id="root"></div>', `<div id="root"></div>${entry.shell(texts)}`);
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
          const modules = [entrySrc, ...preloadHrefs].join(' ');
          page = page
            .replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, '')
            .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
            .replace(
              '  </head>',
              `    <meta name="boot" content="${modules}">\n    <script type="module" nonce="${BOOT_NONCE_PLACEHOLDER}">${BOOT_SCRIPT}</script>\n  </head>`,
            );
        }
        this.emitFile({ type: 'asset', fileName: `${entry.path}.html`, source: page });
      }
    },
  };
}
