import { existsSync, readFileSync, statSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

/**
 * The documents the portal's build writes for a page whose path ends in a number (`dist/dpackviewer/[id].html` for
 * /dpackviewer/18; apps/portal/scripts/page-entries.ts): every `{{id}}` in it (its data preloads) becomes the number;
 * an anonymous visitor gets the page's public variant (`[id].public.html`, another layout) when there is one; and
 * where its pre-rendered shell holds the title (`{{title}}`), the title the page will show, "<text>: <project name>"
 * in the visitor's language (`[id].titles.json`, by locale file), written only when the visitor may see the project
 * (the API is asked as the visitor, with their cookie), so the page's largest element paints with the HTML.
 */

/** The placeholders the build writes (apps/portal/scripts/page-entries.ts PATH_PARAM_PLACEHOLDER, TITLE_PLACEHOLDER). */
export const ID_PLACEHOLDER = '{{id}}';
export const TITLE_PLACEHOLDER = '{{title}}';

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The text for `culture` (ja-JP) from texts by locale file (ja, zh-CN...): the culture's own, its language's, English. */
export function textFor(texts: Record<string, string>, culture: string | null | undefined): string | null {
  const [language = ''] = (culture ?? '').split('-');
  return texts[culture ?? ''] ?? texts[language] ?? texts.en ?? null;
}

/** GET /api/viewer's answer (the parts read here). */
interface ViewerAnswer {
  isPublic?: boolean;
  culture?: string;
  user?: { languageCulture?: string } | null;
}
/** GET /api/projects/{id}/viewer's answer (the parts read here). */
interface ProjectViewerAnswer {
  Project?: { Name?: string };
}

/** The document for `file` (a `[id].html` page) and `id`, for the visitor whose cookies are `cookie`. */
export async function parameterPage(
  app: FastifyInstance,
  file: string,
  id: string,
  cookie: string | undefined,
): Promise<string> {
  const headers = cookie ? { cookie } : {};
  const ask = async <T>(url: string): Promise<T | null> => {
    const res = await app.inject({ method: 'GET', url, headers });
    return res.statusCode === 200 ? (res.json<T>() ?? null) : null;
  };
  const publicFile = file.replace(/\.html$/, '.public.html');
  const titlesFile = file.replace(/\.html$/, '.titles.json');
  const needsViewer = isFile(publicFile) || isFile(titlesFile);
  const viewer = needsViewer ? await ask<ViewerAnswer>('/api/viewer') : null;
  const chosen = viewer?.isPublic === true && isFile(publicFile) ? publicFile : file;
  const html = readFileSync(chosen, 'utf8').replaceAll(ID_PLACEHOLDER, id);
  if (!html.includes(TITLE_PLACEHOLDER)) return html;
  let title = '';
  if (isFile(titlesFile)) {
    const name = (await ask<ProjectViewerAnswer>(`/api/projects/${id}/viewer`))?.Project?.Name;
    const text = textFor(
      JSON.parse(readFileSync(titlesFile, 'utf8')) as Record<string, string>,
      viewer?.user?.languageCulture ?? viewer?.culture,
    );
    if (name !== undefined && text !== null) title = escapeHtml(`${text}: ${name}`);
  }
  return html.replace(TITLE_PLACEHOLDER, title);
}
