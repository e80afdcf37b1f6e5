import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appShellOf, asShell, firstScreenPage } from '../src/http/first-screen.ts';
import { Client, freshDataDir, startServer, type TestServer } from './helpers.ts';

// The first pages rendered on the server (src/http/first-screen.ts): a document the portal's build marks gets, for a
// signed-in visitor, the page as the portal's renderer (dist/server/first-screen.js) draws it from the API's answers
// to that visitor, in place of the static shell; anything else keeps the static shell. The renderer here is a stand-in
// with the portal's contract: (url, fetch, { cookie, signal }) => markup, and the marks around the static shell; the
// portal's journeys hold the real one to the app (apps/portal/e2e/harden.spec.ts). Its marks are its own, not the
// portal's: the server takes them from the renderer, as it leaves the visitor's cookies to it.
let server: TestServer;
let dist: string;

const FIRST_SCREEN_START = '<!--stand-in-first-screen-->';
const FIRST_SCREEN_END = '<!--/stand-in-first-screen-->';
const MARKS = `export const FIRST_SCREEN_START = ${JSON.stringify(FIRST_SCREEN_START)};
export const FIRST_SCREEN_END = ${JSON.stringify(FIRST_SCREEN_END)};`;

const STATIC_SHELL = '<div class="boot-shell" data-layout-only inert aria-hidden="true"><p>static</p></div>';
const page = (name: string) =>
  `<!doctype html><title>${name}</title><div id="root"></div>${FIRST_SCREEN_START}${STATIC_SHELL}${FIRST_SCREEN_END}<div class="boot-end" hidden></div>`;

/** The stand-in renderer: the visitor's name and recent projects, asked for through the fetch it is given. */
const RENDERER = `${MARKS}
export async function renderFirstScreen(url, fetch, options) {
  const zone = /(?:^|; )zone=([^;]*)/.exec(options?.cookie ?? '')?.[1];
  const ask = async (path) => (await fetch(new Request('http://first-screen' + path))).json();
  const search = new URL(url, 'http://x').searchParams;
  if (search.has('throw')) throw new Error('render failed');
  const viewer = await ask('/api/viewer');
  if (!viewer.user) return '<div class="login-page">sign in</div>';
  const dashboard = await ask('/api/dashboard');
  const rows = dashboard.RecentProjects.map((p) => '<tr><td class="ui-table__td">' + p.Name.replace(/&/g, '&amp;').replace(/</g, '&lt;') + '</td></tr>').join('');
  const failed = search.has('template') ? '<!--$!--><template data-msg="stack"></template><!--/$-->' : '';
  return '<title>Dashboard</title><script>scroll()</script><div class="app-shell"><nav style="width:50px" id="nav"><a href="/dashboard" id="react-aria-1">x</a></nav>'
    + '<div class="app-body"><main id="main"><!--$--><section class="page"><h1 id="page-title">Dashboard</h1><p>Welcome, <!-- -->'
    + viewer.user.firstName + '</p><p class="zone">' + (zone ? decodeURIComponent(zone) : 'server') + '</p>' + failed + '<table><tbody>' + rows + '</tbody></table></section><!--/$--></main></div></div><div class="cookie-banner">cookies</div>';
}
`;

beforeAll(async () => {
  const dataDir = freshDataDir();
  dist = path.join(dataDir, 'portal-dist');
  mkdirSync(path.join(dist, 'server'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'dashboard.html'), page('Dashboard'));
  writeFileSync(path.join(dist, 'server', 'first-screen.js'), RENDERER);
  server = await startServer({ portalDist: dist }, dataDir);
});
afterAll(async () => {
  await server.close();
});

const bootShellOf = (html: string) =>
  /<div class="boot-shell"[\s\S]*<div class="boot-end"/.exec(html)?.[0] ?? '';

describe('first pages rendered on the server', () => {
  it("a signed-in visitor's document holds the page drawn from the API's answers to them, in place of the static shell", async () => {
    const partner = new Client(server.url);
    await partner.signIn('partner.admin@contoso-partners.example');
    const { body: dashboard } = await partner.json<{ RecentProjects: { Name: string }[] }>(
      'GET',
      '/api/dashboard',
    );
    const { body: viewer } = await partner.json<{ user: { firstName: string } }>('GET', '/api/viewer');
    const res = await partner.request('GET', '/dashboard');
    const html = await res.text();
    expect(res.status).toBe(200);
    // The visitor's own data: never kept by a shared cache.
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const shell = bootShellOf(html);
    expect(shell.startsWith('<div class="boot-shell" inert aria-hidden="true"><div class="app-shell">')).toBe(
      true,
    );
    expect(shell).toContain(`<p>Welcome, ${viewer.user.firstName}</p>`);
    expect(dashboard.RecentProjects.length).toBeGreaterThan(0);
    for (const project of dashboard.RecentProjects)
      expect(shell).toContain(project.Name.replace(/&/g, '&amp;'));
    // No ids (the app's elements have them), no style attribute (the strict CSP), no React markers, nothing outside
    // the signed-in layout (the title, a script, the cookie banner), no static shell, no marks.
    expect(shell).not.toMatch(/\sid=|style=|<!--|<script|cookie-banner|<title|<main|<nav/);
    expect(html).not.toContain('static');
    // The renderer reads the visitor's cookies itself: times in the server's zone until the portal has said the
    // browser's (its cookie, here the stand-in's), then in the browser's.
    expect(shell).toContain('<p class="zone">server</p>');
    partner.cookie += `; zone=${encodeURIComponent('America/Los_Angeles')}`;
    const zoned = await (await partner.request('GET', '/dashboard')).text();
    expect(bootShellOf(zoned)).toContain('<p class="zone">America/Los_Angeles</p>');
    expect(html).not.toContain(FIRST_SCREEN_START);
    expect(html).not.toContain(FIRST_SCREEN_END);
  });

  it('an anonymous visitor, a visitor sent to sign in, a failed render and a failed part keep the static shell', async () => {
    const anonymous = new Client(server.url);
    const expired = new Client(server.url);
    await expired.signIn('partner.admin@contoso-partners.example');
    await expired.json('POST', '/api/auth/signout');
    const partner = new Client(server.url);
    await partner.signIn('partner.admin@contoso-partners.example');
    for (const [client, url] of [
      [anonymous, '/dashboard'],
      [expired, '/dashboard'],
      [partner, '/dashboard?throw=1'],
      [partner, '/dashboard?template=1'],
    ] as const) {
      const html = await (await client.request('GET', url)).text();
      expect(bootShellOf(html), url).toBe(`${STATIC_SHELL}<div class="boot-end"`);
      expect(html).not.toContain(FIRST_SCREEN_START);
    }
  });

  it('a render that takes longer than the server waits keeps the static shell, and is told to stop', async () => {
    const html = page('Dashboard');
    // Answers only once told to stop, and says so.
    const untilAborted = (_url: string, _fetch: unknown, options: { signal: AbortSignal }) =>
      new Promise<string>((resolve) => {
        options.signal.addEventListener('abort', () => {
          (globalThis as { firstScreenAborted?: boolean }).firstScreenAborted = true;
          resolve('<div class="app-shell">late</div>');
        });
      });
    const slowDist = path.join(path.dirname(dist), 'slow-dist');
    mkdirSync(path.join(slowDist, 'server'), { recursive: true });
    writeFileSync(
      path.join(slowDist, 'server', 'first-screen.js'),
      `${MARKS}\nexport const renderFirstScreen = ${untilAborted.toString()};`,
    );
    const started = Date.now();
    const answer = await firstScreenPage(server.server.app, slowDist, html, '/dashboard', 'a=b', 50);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(answer).toContain(STATIC_SHELL);
    expect(answer).not.toContain('late');
    expect(answer).not.toContain(FIRST_SCREEN_START);
    expect((globalThis as { firstScreenAborted?: boolean }).firstScreenAborted).toBe(true);
    // No renderer built: the document as the build wrote it (its marks are comments).
    const none = await firstScreenPage(server.server.app, path.join(dist, 'none'), html, '/dashboard', 'a=b');
    expect(none).toBe(html);
    // A renderer without the marks (an older build): the same.
    const unmarkedDist = path.join(path.dirname(dist), 'unmarked-dist');
    mkdirSync(path.join(unmarkedDist, 'server'), { recursive: true });
    writeFileSync(
      path.join(unmarkedDist, 'server', 'first-screen.js'),
      `export const renderFirstScreen = async () => '<div class="app-shell">x</div>';`,
    );
    expect(await firstScreenPage(server.server.app, unmarkedDist, html, '/dashboard', 'a=b')).toBe(html);
  });

  it('takes the signed-in layout element whole, and nothing of it that a document must not carry', () => {
    const layout = '<div class="app-shell"><div class="a"><div></div></div><main>x</main></div>';
    expect(appShellOf(`<title>t</title>${layout}<div class="after"></div>`)).toBe(layout);
    expect(appShellOf('<div class="login-page"></div>')).toBeNull();
    expect(appShellOf('<div class="app-shell"><div>')).toBeNull();
    expect(appShellOf('<div class="app-shell"><template></template></div>')).toBeNull();
    expect(appShellOf('<div class="app-shell"><script>x()</script></div>')).toBeNull();
    expect(
      asShell(
        '<div class="app-shell" id="a" style="width:1px"><nav class="n"><a>x</a></nav><header class="h"></header><main class="m"><section class="page"><p data-id="7" id="b">a<!-- -->b<!--$-->c<!--/$--></p></section></main></div>',
      ),
    ).toBe(
      '<div class="app-shell"><div class="n"><a>x</a></div><div class="h"></div><div class="m"><div class="page"><p data-id="7">abc</p></div></div></div>',
    );
  });
});
