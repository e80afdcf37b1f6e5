import { runInNewContext } from 'node:vm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { configureSdk } from '@assessment/sdk';
import { validators } from '@assessment/sdk/validators';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { viewerQuery } from '@/features/auth';
import { dashboardQuery } from '@/features/dashboard';
import {
  projectListQuery,
  projectListSearch,
  projectViewerQuery,
  toProjectListQuery,
} from '@/features/projects';
import { projectSeriesSummaryQuery } from '@/features/viewer/api/get-project-series-summary';
import { fakeApi } from '@/test/render';
import { intlWarmUpScript } from '@/lib/i18n/intl-warmup';
import {
  BOOT_END,
  BOOT_SCRIPT,
  COMPILE_HINT,
  FIRST_SCREEN_END,
  FIRST_SCREEN_START,
  PAGE_ENTRIES,
  PATH_PARAM,
  PATH_PARAM_PLACEHOLDER,
  TITLE_PLACEHOLDER,
  evaluationOrder,
  intlWarmUpStarter,
  localeTexts,
  pageEntries,
  publicViewerShell,
  signInShell,
  signedInShell,
  viewerShell,
} from '../../scripts/page-entries';

// The per-page entry documents of the build (scripts/page-entries.ts): the sign-in card painted before any script.
describe('page entries', () => {
  it('pre-renders the sign-in card with the classes LoginPage renders (same boxes, no layout shift)', () => {
    const texts: Record<string, string> = {
      'login.title': 'Sign in',
      'login.email': 'Email',
      'login.password': 'Pass<word>',
      'login.submit': 'Sign in',
    };
    const html = signInShell((id) => texts[id] ?? id);
    expect(html).toMatch(
      /^<div class="boot-shell" inert aria-hidden="true"><div class="login-page"><div class="login-card"><h1>Sign in<\/h1>/,
    );
    expect(html.match(/class="ui-field__input"/g)).toHaveLength(2);
    expect(html).toContain('class="ui-button" type="button"');
    // Texts are escaped; there is no script, no inline style and no event handler (the strict CSP).
    expect(html).toContain('Pass&lt;word&gt;');
    expect(html).not.toMatch(/<script|style=|\son[a-z]+=/i);
  });

  /**
   * Runs the boot script as the page does, with the frame, the timers, the document, workers and import() observed:
   * 19 modules, the first 5 the entry's chunks in evaluation order.
   */
  function boot(Worker: (src: string) => void) {
    const modules = Array.from({ length: 19 }, (_, i) => `/assets/m${String(i)}.js`);
    const tasks: (() => void)[] = [];
    const log: string[] = [];
    const queue = (f: () => void) => void tasks.push(f);
    runInNewContext(BOOT_SCRIPT.replace('import(h)', 'imports(h)'), {
      requestAnimationFrame: queue,
      setTimeout: queue,
      Worker,
      document: {
        querySelector: (selector: string) =>
          selector === '[name=boot]'
            ? { content: modules.join(' '), dataset: { run: '5', intl: '/assets/intl-warmup-x.js' } }
            : null,
        createElement: () => ({}),
        head: { append: (link: { rel: string; href: string }) => log.push(`${link.rel} ${link.href}`) },
      },
      imports: (name: string) => {
        log.push(`import ${name}`);
        return Promise.resolve();
      },
    });
    /** Runs the queued tasks one at a time (each task's promise callbacks before the next), what each did. */
    const runTasks = async () => {
      const perTask: string[][] = [];
      while (tasks.length > 0) {
        const before = log.length;
        tasks.shift()?.();
        await new Promise((resolve) => setImmediate(resolve));
        perTask.push(log.slice(before));
      }
      return perTask;
    };
    return { modules, tasks, log, runTasks };
  }

  it("the boot script, after the first frame, preloads the modules one per task, then imports the entry's chunks one per task, the entry last", async () => {
    const workers: string[] = [];
    const { modules, tasks, log, runTasks } = boot(function (src) {
      workers.push(src);
    });
    // Before the first frame only the Intl warm-up worker starts (src/lib/i18n/intl-warmup.ts); then one task at a
    // time.
    expect(workers).toEqual(['/assets/intl-warmup-x.js']);
    expect(log).toEqual([]);
    tasks.shift()?.();
    const perTask = (await runTasks()).filter((done) => done.length > 0);
    // One link per task: one costs up to ~11 ms of main thread under Lighthouse (x4 on its simulated phone), and a
    // task over 50 ms counts as blocking.
    expect(perTask.slice(0, 19)).toEqual(modules.map((m) => [`modulepreload ${m}`]));
    // Then one chunk per task, in the order given (the entry, m4, last); the page's own chunks are only preloaded.
    expect(perTask.slice(19)).toEqual(modules.slice(0, 5).map((m) => [`import ${m}`]));
    expect(workers).toHaveLength(1);
    // It counts towards the sign-in page's budget: a few hundred bytes at most.
    expect(BOOT_SCRIPT.length).toBeLessThan(420);
  });

  it('the boot script boots all the same when the browser refuses the worker', async () => {
    const { modules, tasks, log, runTasks } = boot(function () {
      throw new Error('SecurityError');
    });
    tasks.shift()?.();
    await runTasks();
    expect(log.filter((line) => line.startsWith('import'))).toEqual(
      modules.slice(0, 5).map((m) => `import ${m}`),
    );
  });

  it("orders the entry's chunks as they evaluate: each after the chunks it imports, the entry last, each once", () => {
    const graph: Record<string, string[]> = {
      entry: ['framework', 'shared', 'layout'],
      shared: ['framework', 'runtime'],
      layout: ['shared'],
      framework: ['runtime'],
      runtime: [],
    };
    expect(evaluationOrder('entry', (name) => graph[name] ?? [])).toEqual([
      'runtime',
      'framework',
      'shared',
      'layout',
      'entry',
    ]);
    // A cycle between chunks ends (each chunk once).
    expect(evaluationOrder('a', (name) => (name === 'a' ? ['b'] : ['a']))).toEqual(['b', 'a']);
  });

  it('covers the pages the Lighthouse bench measures', () => {
    expect(PAGE_ENTRIES.map((entry) => entry.path)).toEqual([
      'auth/login',
      'dashboard',
      'projects',
      'dpackviewer/[id]',
    ]);
    expect(PAGE_ENTRIES.map((entry) => entry.shell)).toEqual([
      signInShell,
      signedInShell,
      signedInShell,
      viewerShell,
    ]);
    // The viewer: opened by link (its chunks as the splitting cuts them), its performance texts preloaded, and its
    // title pre-rendered by the server in either layout.
    const viewer = PAGE_ENTRIES[3];
    expect(viewer?.grouped).toBe(false);
    expect(viewer?.sections).toEqual(['performance']);
    expect(viewer?.publicShell).toBe(publicViewerShell);
    expect(viewer?.title).toBe('project.viewerTitle');
    expect(PATH_PARAM).toBe('[id]');
    expect(PATH_PARAM_PLACEHOLDER).toBe('{{id}}');
    expect(TITLE_PLACEHOLDER).toBe('{{title}}');
  });

  it("pre-renders the viewer's title where ProjectViewerPage renders it, in either layout", () => {
    const title = '<div class="app-main"><div class="page"><h1>{{title}}</h1></div></div>';
    const signedIn = viewerShell((id) => (id === 'app.name' ? 'Assessment Portal' : id));
    expect(signedIn).toBe(signedInShell((id) => (id === 'app.name' ? 'Assessment Portal' : id), title));
    expect(signedIn).toContain(`<span class="app-name">Assessment Portal</span></div>${title}</div>`);
    expect(publicViewerShell()).toBe(`<div class="boot-shell" inert aria-hidden="true">${title}</div>`);
    // No landmark and no second #main: the app's own are the page's only ones.
    for (const html of [signedIn, publicViewerShell()]) {
      expect(html).not.toMatch(/<(nav|header|main)\b|id="main"/);
      expect(html).not.toMatch(/<script|style=|\son[a-z]+=/i);
    }
  });

  it('gives the server the title in every locale file, by its name', () => {
    const titles = localeTexts(process.cwd(), 'project.viewerTitle');
    expect(Object.keys(titles)).toEqual(['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'pt', 'zh-CN', 'zh-TW']);
    expect(titles.en).toBe('Project viewer');
    expect(titles.ja).toBe('プロジェクト ビューアー');
    expect(() => localeTexts(process.cwd(), 'project.noSuchText')).toThrow(/no English text/);
  });

  it('pre-renders the signed-in layout with the classes AppLayout renders, in words of no language', () => {
    const html = signedInShell((id) => (id === 'app.name' ? 'Assessment <Portal>' : id));
    expect(html).toMatch(
      /^<div class="boot-shell" data-layout-only inert aria-hidden="true"><div class="app-shell"><div class="ui-side-nav"><button class="ui-side-nav__toggle"/,
    );
    // The icons of the links every account has, in AppLayout's order (lucide's class names).
    expect([...html.matchAll(/class="lucide lucide-([a-z-]+)/g)].map((m) => m[1])).toEqual([
      'house',
      'folders',
      'folder-search',
      'activity',
      'upload',
      'key-round',
    ]);
    expect(html).toContain(
      '<div class="app-header"><span class="app-name">Assessment &lt;Portal&gt;</span></div>',
    );
    // No landmarks (nav, header, main): the app's own are the page's only ones.
    expect(html).not.toMatch(/<(nav|header|main)\b/);
    // No other text: the account's language is not known yet. No script, inline style or event handler (CSP).
    expect(html.replace(/<[^>]+>/g, '')).toBe('»Assessment &lt;Portal&gt;');
    expect(html).not.toMatch(/<script|style=|\son[a-z]+=/i);
  });

  it("preloads exactly the call each page's loader makes first (else the browser fetches it twice)", async () => {
    const { calls } = fakeApi({ 'GET /api/dashboard': {}, 'GET /api/projects': {} });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // What the routes' loaders ask for on /dashboard and /projects without search parameters (the answers do not
    // matter here, only the URLs asked for).
    await client.query(dashboardQuery()).catch(() => undefined);
    await client
      .query(projectListQuery(toProjectListQuery(projectListSearch.parse({}))))
      .catch(() => undefined);
    const data = (path: string) => PAGE_ENTRIES.find((entry) => entry.path === path)?.data;
    expect(data('dashboard')).toEqual([calls[0]?.replace(/^GET /, '')]);
    expect(data('projects')).toEqual([calls[1]?.replace(/^GET /, '')]);
    expect(calls).toHaveLength(2);
  });

  it('lists the operations whose validators the first calls of /dashboard and /projects load (built into their chunks)', async () => {
    fakeApi({ 'GET /api/viewer': {}, 'GET /api/dashboard': {}, 'GET /api/projects': {} });
    // The portal's validators, each operation's loader recorded as a call takes it.
    const table = await validators();
    let loaded: string[] = [];
    configureSdk({
      validators: () =>
        Promise.resolve(
          Object.fromEntries(
            Object.entries(table).map(([operation, load]) => [
              operation,
              () => {
                loaded.push(operation);
                return load ? load() : Promise.reject(new Error(operation));
              },
            ]),
          ),
        ),
    });
    const firstCalls = async (page: (client: QueryClient) => Promise<unknown>) => {
      loaded = [];
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      // The root route asks for the viewer before any page's loader runs.
      await client.query(viewerQuery()).catch(() => undefined);
      await page(client).catch(() => undefined);
      return loaded;
    };
    const operations = (path: string) => PAGE_ENTRIES.find((entry) => entry.path === path)?.operations;
    expect(operations('dashboard')).toEqual(await firstCalls((client) => client.query(dashboardQuery())));
    expect(operations('projects')).toEqual(
      await firstCalls((client) =>
        client.query(projectListQuery(toProjectListQuery(projectListSearch.parse({})))),
      ),
    );
    expect(operations('projects')).toEqual(['getViewer', 'listProjects']);
  });

  it("preloads the viewer's loader call and its whole-period summary, for any project", async () => {
    const { calls } = fakeApi({ 'GET /api/projects/7/viewer': {}, 'GET /api/projects/7/series/summary': {} });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The route's loader, then ViewerPerformance's first summary (the whole period: no range asked for).
    await client.query(projectViewerQuery(7)).catch(() => undefined);
    await client.query(projectSeriesSummaryQuery(7, {})).catch(() => undefined);
    const data = PAGE_ENTRIES.find((entry) => entry.path === 'dpackviewer/[id]')?.data;
    expect(data?.map((url) => url.replaceAll(PATH_PARAM_PLACEHOLDER, '7'))).toEqual(
      calls.map((call) => call.replace(/^GET /, '')),
    );
    expect(calls).toHaveLength(2);
  });

  it('writes each page, starts the Intl warm-up on every document, and marks the boot chunks for eager compilation', () => {
    // The portal's own root (the plugin reads its English texts there).
    const root = process.cwd();
    type Item =
      | { type: 'asset'; fileName: string; source: string | Uint8Array }
      | {
          type: 'chunk';
          fileName: string;
          code: string;
          facadeModuleId: string | null;
          moduleIds: string[];
          imports: string[];
        };
    const chunk = (
      fileName: string,
      code: string,
      moduleIds: string[] = [],
      imports: string[] = [],
      facadeModuleId: string | null = null,
    ): Item => ({
      type: 'chunk',
      fileName,
      code,
      facadeModuleId,
      moduleIds,
      imports,
    });
    const index =
      '<!doctype html>\n<html lang="en-US">\n  <head>\n' +
      '    <script type="module" crossorigin src="/assets/index.js"></script>\n' +
      '    <link rel="modulepreload" crossorigin href="/assets/framework.js">\n  </head>\n' +
      '  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';
    const bundle: Record<string, Item> = {
      'index.html': { type: 'asset', fileName: 'index.html', source: index },
      'assets/index.js': chunk(
        'assets/index.js',
        'const __vite__mapDeps=1;\nentry()',
        [],
        ['assets/framework.js'],
      ),
      'assets/framework.js': chunk('assets/framework.js', 'framework()'),
      'assets/login.js': chunk(
        'assets/login.js',
        'login()',
        [`${root}/src/routes/auth/login.tsx?tsr-split=component`],
        ['assets/framework.js'],
      ),
      'assets/later.js': chunk('assets/later.js', 'later()', [
        `${root}/src/routes/_app/team.tsx?tsr-split=component`,
      ]),
      // The viewer's chart: a lazy chunk, hinted as its facade module is an eager one (EAGER_LAZY_MODULES).
      'assets/Chart.js': chunk(
        'assets/Chart.js',
        'chart()',
        [`${root}/src/features/viewer/components/Chart.tsx`],
        [],
        `${root}/src/features/viewer/components/Chart.tsx`,
      ),
      // The compression plugin's copies, made before the hint.
      'assets/login.js.br': { type: 'asset', fileName: 'assets/login.js.br', source: 'stale' },
      'assets/login.js.gz': { type: 'asset', fileName: 'assets/login.js.gz', source: 'stale' },
    };
    const emitted = new Map<string, string>();
    const context = {
      emitFile(file: { fileName?: string; name?: string; source: string }) {
        const fileName = file.fileName ?? `assets/${(file.name ?? '').replace('.js', '-h4sh.js')}`;
        bundle[fileName] = { type: 'asset', fileName, source: file.source };
        emitted.set(fileName, file.source);
        return fileName;
      },
      getFileName: (ref: string) => ref,
      error: (message: string) => {
        throw new Error(message);
      },
    };
    const [pages, hints] = pageEntries([
      {
        path: 'auth/login',
        routes: ['auth/login.tsx'],
        signedIn: false,
        shell: () => '<div class="boot-shell"></div>',
      },
      {
        path: 'dashboard',
        routes: ['auth/login.tsx'],
        signedIn: false,
        shell: () => '<div class="boot-shell" data-layout-only></div>',
        serverRendered: true,
      },
    ]);
    type Hook = (this: typeof context, options: object, bundle: Record<string, Item>) => void;
    (pages?.configResolved as (config: { root: string }) => void)({ root });
    (pages?.generateBundle as unknown as Hook).call(context, {}, bundle);
    (hints?.generateBundle as unknown as { handler: Hook }).handler.call(context, {}, bundle);

    // The worker's script, for the document's language.
    expect(emitted.get('assets/intl-warmup-h4sh.js')).toBe(intlWarmUpScript('en-US'));
    // The page's boot script starts it from the boot meta; index.html by a script of its own, before its entry.
    const page = emitted.get('auth/login.html') ?? '';
    expect(page).toContain(
      // The entry's chunks as they evaluate (the framework it imports first, the entry last: data-run of them), then the
      // page's own.
      '<meta name="boot" content="/assets/framework.js /assets/index.js /assets/login.js" data-run="2" data-intl="/assets/intl-warmup-h4sh.js">',
    );
    expect(page).toContain(BOOT_SCRIPT);
    // The shell, then the mark that the document has been parsed past it (app.css shows the shell only then).
    expect(page).toContain(
      '<div id="root"></div><div class="boot-shell"></div><div class="boot-end" hidden></div>',
    );
    expect(BOOT_END).toBe('<div class="boot-end" hidden></div>');
    // A page the server may render whole: its static shell between the marks the demo server looks for
    // (apps/mock/src/http/first-screen.ts, whose tests use the same marks).
    expect(emitted.get('dashboard.html')).toContain(
      '<div id="root"></div><!--first-screen--><div class="boot-shell" data-layout-only></div><!--/first-screen--><div class="boot-end" hidden></div>',
    );
    expect([FIRST_SCREEN_START, FIRST_SCREEN_END]).toEqual(['<!--first-screen-->', '<!--/first-screen-->']);
    expect(PAGE_ENTRIES.filter((entry) => entry.serverRendered).map((entry) => entry.path)).toEqual([
      'dashboard',
      'projects',
    ]);
    const html = bundle['index.html']?.type === 'asset' ? String(bundle['index.html'].source) : '';
    expect(html).toContain(
      `${intlWarmUpStarter('/assets/intl-warmup-h4sh.js')}\n    <script type="module" crossorigin src="/assets/index.js">`,
    );
    expect(intlWarmUpStarter('/a.js')).toBe(
      '<script type="module" nonce="{{csp-script-nonce}}">try{new Worker("/a.js")}catch{}</script>',
    );
    // The hint opens every chunk a first page boots with (above Vite's dependency map) and the chart's, and no other;
    // the compressed copies are made again from the hinted code.
    const code = (name: string) => {
      const item = bundle[name];
      return item?.type === 'chunk' ? item.code : '';
    };
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
    expect(code('assets/index.js')).toBe(`${COMPILE_HINT}const __vite__mapDeps=1;\nentry()`);
    expect(code('assets/framework.js')).toBe(`${COMPILE_HINT}framework()`);
    expect(code('assets/login.js')).toBe(`${COMPILE_HINT}login()`);
    expect(code('assets/later.js')).toBe('later()');
    expect(code('assets/Chart.js')).toBe(`${COMPILE_HINT}chart()`);
    const source = (name: string) => {
      const item = bundle[name];
      return item?.type === 'asset' && typeof item.source !== 'string' ? item.source : new Uint8Array();
    };
    expect(brotliDecompressSync(source('assets/login.js.br')).toString()).toBe(`${COMPILE_HINT}login()`);
    expect(gunzipSync(source('assets/login.js.gz')).toString()).toBe(`${COMPILE_HINT}login()`);
  });
});
