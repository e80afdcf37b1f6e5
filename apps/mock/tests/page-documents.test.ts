import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_PLACEHOLDER, TITLE_PLACEHOLDER, textFor } from '../src/http/page-documents.ts';
import { Client, freshDataDir, startServer, type TestServer } from './helpers.ts';

// The documents the portal's build writes for a page with a number in its path (apps/portal/scripts/page-entries.ts):
// /dpackviewer/{id} gets dpackviewer/[id].html with the id in its preloads and, in its shell, the project's title in
// the visitor's language, only for a visitor who may see the project; an anonymous visitor gets the public variant.
let server: TestServer;

const page = (layout: string) =>
  '<!doctype html><meta property="csp-nonce" nonce="{{csp-nonce}}">' +
  `<link rel="preload" as="fetch" crossorigin href="/api/projects/${ID_PLACEHOLDER}/viewer">` +
  `<div id="root"></div><div class="boot-shell" data-layout="${layout}"><h1>${TITLE_PLACEHOLDER}</h1></div>`;

beforeAll(async () => {
  const dataDir = freshDataDir();
  const dist = path.join(dataDir, 'portal-dist');
  mkdirSync(path.join(dist, 'dpackviewer'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'dpackviewer', '[id].html'), page('signed-in'));
  writeFileSync(path.join(dist, 'dpackviewer', '[id].public.html'), page('public'));
  writeFileSync(
    path.join(dist, 'dpackviewer', '[id].titles.json'),
    JSON.stringify({ en: 'Project viewer', ja: 'プロジェクト ビューアー', 'zh-TW': '專案檢視器' }),
  );
  server = await startServer({ portalDist: dist }, dataDir);
});
afterAll(async () => {
  await server.close();
});

interface Project {
  Id: number;
  Name: string;
  PublicURL: string | null;
  IsAnonymous: boolean;
}

/** A signed-in admin's projects: one published, one not. */
async function projects(admin: Client): Promise<{ published: Project; unpublished: Project }> {
  const { body } = await admin.json<{ Items: Project[] }>('GET', '/api/projects?PageSize=200');
  const published = body.Items.find((p) => p.PublicURL !== null && !p.IsAnonymous);
  const unpublished = body.Items.find((p) => p.PublicURL === null && !p.IsAnonymous);
  if (!published || !unpublished) throw new Error('the seed has no published and unpublished project');
  return { published, unpublished };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

describe('page documents with a number in their path', () => {
  it("a signed-in visitor gets the page's own document: the id in its preloads, the title in their language", async () => {
    const admin = new Client(server.url);
    await admin.signIn('admin@dell.example');
    const { unpublished } = await projects(admin);
    const res = await admin.request('GET', `/dpackviewer/${String(unpublished.Id)}`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(html).toContain('data-layout="signed-in"');
    expect(html).toContain(`href="/api/projects/${String(unpublished.Id)}/viewer"`);
    expect(html).toContain(`<h1>${escapeHtml(`Project viewer: ${unpublished.Name}`)}</h1>`);
    expect(html).not.toContain('{{');
    // In Japanese once the account says so.
    expect((await admin.json('PUT', '/api/account/language/ja-JP')).status).toBe(200);
    const ja = await (await admin.request('GET', `/dpackviewer/${String(unpublished.Id)}`)).text();
    expect(ja).toContain(`<h1>${escapeHtml(`プロジェクト ビューアー: ${unpublished.Name}`)}</h1>`);
  });

  it('an anonymous visitor gets the public layout, with the title of a published project only', async () => {
    const admin = new Client(server.url);
    await admin.signIn('admin@dell.example');
    const { published, unpublished } = await projects(admin);
    const anonymous = new Client(server.url);
    const open = await (await anonymous.request('GET', `/dpackviewer/${String(published.Id)}`)).text();
    expect(open).toContain('data-layout="public"');
    expect(open).toContain(`<h1>${escapeHtml(`Project viewer: ${published.Name}`)}</h1>`);
    // A project the visitor may not see: no name in the page (the portal sends them to sign in).
    const closed = await (await anonymous.request('GET', `/dpackviewer/${String(unpublished.Id)}`)).text();
    expect(closed).toContain('data-layout="public"');
    expect(closed).toContain('<h1></h1>');
    expect(closed).not.toContain(unpublished.Name);
  });

  it('any other path gets index.html', async () => {
    for (const url of ['/dpackviewer', '/dpackviewer/x', '/dpackviewer/1/2', '/other/5'])
      expect(await (await fetch(server.url + url)).text()).toContain('<title>Portal</title>');
  });

  it("picks the title in the visitor's culture, else their language, else English", () => {
    const texts = { en: 'Project viewer', ja: 'ja', 'zh-TW': 'tw', zh: 'zh' };
    expect(textFor(texts, 'ja-JP')).toBe('ja');
    expect(textFor(texts, 'zh-TW')).toBe('tw');
    expect(textFor(texts, 'zh-CN')).toBe('zh');
    expect(textFor(texts, 'de-DE')).toBe('Project viewer');
    expect(textFor(texts, null)).toBe('Project viewer');
    expect(textFor({}, 'en-US')).toBeNull();
  });
});
