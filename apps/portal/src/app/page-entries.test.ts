import { runInNewContext } from 'node:vm';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { dashboardQuery } from '@/features/dashboard';
import { projectListQuery, projectListSearch, toProjectListQuery } from '@/features/projects';
import { fakeApi } from '@/test/render';
import {
  BOOT_SCRIPT,
  PAGE_ENTRIES,
  PRELOADS_PER_TASK,
  signInShell,
  signedInShell,
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

  it('the boot script, after the first frame, preloads the modules a few per task, entry first, then imports the entry', () => {
    const modules = Array.from({ length: 19 }, (_, i) => `/assets/m${String(i)}.js`);
    const tasks: (() => void)[] = [];
    const appended: string[] = [];
    const imported: string[] = [];
    const queue = (f: () => void) => void tasks.push(f);
    // The script as the page runs it, with the frame, the timers, the document and import() observed.
    runInNewContext(BOOT_SCRIPT.replace('import(e)', 'imports(e)'), {
      requestAnimationFrame: queue,
      setTimeout: queue,
      document: {
        querySelector: (selector: string) =>
          selector === '[name=boot]' ? { content: modules.join(' ') } : null,
        createElement: () => ({}),
        head: { append: (link: { rel: string; href: string }) => appended.push(`${link.rel} ${link.href}`) },
      },
      imports: (name: string) => imported.push(name),
    });
    const perTask: number[] = [];
    // Nothing before the first frame; then one task at a time.
    expect(appended).toEqual([]);
    tasks.shift()?.();
    while (tasks.length > 0) {
      const before = appended.length;
      tasks.shift()?.();
      perTask.push(appended.length - before);
    }
    // Four per task: one link costs a phone's main thread a few milliseconds under Lighthouse's 4x CPU, and a task
    // over 50 ms counts as blocking.
    expect(PRELOADS_PER_TASK).toBe(4);
    expect(perTask).toEqual([4, 4, 4, 4, 3]);
    expect(appended).toEqual(modules.map((m) => `modulepreload ${m}`));
    expect(imported).toEqual(['/assets/m0.js']);
    // It counts towards the sign-in page's budget: a few hundred bytes at most.
    expect(BOOT_SCRIPT.length).toBeLessThan(300);
  });

  it('covers the pages the Lighthouse bench measures', () => {
    expect(PAGE_ENTRIES.map((entry) => entry.path)).toEqual(['auth/login', 'dashboard', 'projects']);
    expect(PAGE_ENTRIES.map((entry) => entry.shell)).toEqual([signInShell, signedInShell, signedInShell]);
  });

  it('pre-renders the signed-in layout with the classes AppLayout renders, in words of no language', () => {
    const html = signedInShell((id) => (id === 'app.name' ? 'Assessment <Portal>' : id));
    expect(html).toMatch(
      /^<div class="boot-shell" inert aria-hidden="true"><div class="app-shell"><div class="ui-side-nav"><button class="ui-side-nav__toggle"/,
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
});
