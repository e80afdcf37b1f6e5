import { build } from 'vite';
import {
  chunksNeeding,
  PAGE_ENTRIES,
  pageChunkNames,
  type ChunkLike,
  type PageEntry,
} from './page-entries.ts';

/**
 * Fewer, larger chunks for the first pages. The automatic code splitting gives every set of modules that a different
 * set of lazy routes shares a chunk of its own: the dashboard's first load asked for ~40 files, which a phone on
 * HTTP/1.1 (six connections) fetched in seven rounds of a round trip each, and every file cost the page's main thread
 * its request and module set-up. The build (scripts/build.ts) therefore runs twice: the first run finds, per first
 * page, the modules its chunks hold (`surveyFirstPages`); the second groups them (`firstPageGroups`):
 * - `shared-ui`: what the sign-in page shares with the signed-in first pages (React Aria's core, the kit's button...);
 * - `layout`: what every signed-in first page needs (side navigation, icons, language switch, modal hosts, pending
 *   state...), much of which the public pages in the same layout need too;
 * - one group per signed-in first page (`dashboard`, `projects`): the rest of what it needs, but what a public page
 *   needs; and one more (`dashboard-public`, `projects-public`) for that rest.
 * No first page loads a byte more than before. A later page that needs one module of a group loads the whole group:
 * a signed-in page has `layout` loaded already when it came after a first page, and a public page loads `shared-ui`,
 * `layout` and at most a `-public` group, which it mostly needs (bench:bundle measures every route after each first
 * page: up to ~8 KB gz more on some routes, against thirty-one fewer files on the dashboard and thirty-three fewer on
 * /projects). The pages' texts (`en.json?messages=pages`) stay a chunk of their own: another language loads its own.
 * A page's modules include the SDK validators its first calls wait for (PageEntry.operations): `sdk-validators` holds
 * the table of operations, valibot and the viewer's, each page's group its own call's.
 */

/** The environment variable that carries the first run's findings to the second (JSON: `FirstPageModules`). */
export const FIRST_PAGE_MODULES_ENV = 'PORTAL_FIRST_PAGE_MODULES';

/** What the first run found: module ids by who needs them at start. */
export interface FirstPageModules {
  /** Per first page (its path, as in PAGE_ENTRIES), the modules in the chunks it needs at start. */
  pages: Record<string, string[]>;
  /** The modules that any public page (a route outside sign-in but the sign-in page) needs. */
  otherPublic: string[];
}

export interface ChunkGroup {
  name: string;
  test: (id: string) => boolean;
  includeDependenciesRecursively: false;
}

const ROUTE_SPLIT = /[\\/]src[\\/]routes[\\/](.+)\.tsx\?tsr-split=(.+)$/;

/** Reads the first run's chunks: which modules each first page needs, and which the public pages need. */
export function firstPageModules(
  chunks: ChunkLike[],
  root: string,
  entries: PageEntry[] = PAGE_ENTRIES,
): FirstPageModules {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const modulesOf = (names: Iterable<string>) => [
    ...new Set([...names].flatMap((name) => byName.get(name)?.moduleIds ?? [])),
  ];
  // Only the grouped pages' routes: an ungrouped page's route (the viewer) counts as the public route it is.
  const firstPageRoutes = new Set(
    entries
      .filter((entry) => entry.grouped !== false)
      .flatMap((entry) => entry.routes.map((file) => file.replace(/\.tsx$/, ''))),
  );
  // A route outside sign-in (`_app/...`) and not a first page's: registration, the capture pages, the root's views.
  const publicRoute = (id: string) => {
    const route = ROUTE_SPLIT.exec(id)?.[1]?.replaceAll('\\', '/');
    return route !== undefined && !firstPageRoutes.has(route) && !route.startsWith('_app/');
  };
  return {
    pages: Object.fromEntries(
      entries.map((entry) => [entry.path, modulesOf(pageChunkNames(chunks, entry, root))]),
    ),
    otherPublic: modulesOf(chunksNeeding(chunks, publicRoute)),
  };
}

/** The SDK's validators (per operation and the table), the schemas they import and valibot. */
const SDK_VALIDATION =
  /[\\/]packages[\\/]sdk[\\/]src[\\/]gen[\\/]split[\\/](?:validators|valibot)[\\/]|[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?valibot[\\/]/;

const isPageTexts = (id: string) => /[\\/]locales[\\/][^\\/]+\.json\?messages=/.test(id);

/**
 * The groups for `codeSplitting.groups`, listed after the libraries' and the entry's own groups (a module an earlier
 * group holds stays there). Without findings (a plain `vite build`, `vite dev`) there are none.
 */
export function firstPageGroups(
  found: FirstPageModules | null,
  entries: PageEntry[] = PAGE_ENTRIES,
): ChunkGroup[] {
  if (!found) return [];
  const modules = (entry: PageEntry) =>
    new Set((found.pages[entry.path] ?? []).filter((id) => !isPageTexts(id)));
  // An ungrouped page (the viewer) keeps the chunks the automatic splitting cuts.
  const grouped = entries.filter((entry) => entry.grouped !== false);
  const signIn = grouped.filter((entry) => !entry.signedIn).map(modules);
  const signedIn = grouped.filter((entry) => entry.signedIn);
  const pages = signedIn.map(modules);
  const otherPublic = new Set(found.otherPublic);
  const inAny = (sets: Set<string>[], id: string) => sets.some((set) => set.has(id));
  const inAll = (sets: Set<string>[], id: string) => sets.length > 0 && sets.every((set) => set.has(id));
  const everyId = [...new Set(pages.flatMap((set) => [...set]))];

  // What the sign-in page shares with a signed-in first page: nearly every page needs it.
  const sharedUi = new Set(everyId.filter((id) => inAny(signIn, id)));
  // What every signed-in first page needs: the layout, its navigation and language switch, the modal hosts, pending
  // state, project statuses... The public pages in the same layout (registration, the capture pages) need much of it
  // too, and the other signed-in pages nearly all of it: one chunk, which those load whole (a public page ~0.7 KB gz
  // more than the part it needs, for one request less on every signed-in first page).
  const everyPage = everyId.filter((id) => !sharedUi.has(id) && inAll(pages, id));
  // The validators every signed-in first page's calls wait for (the table, valibot, the viewer's): a chunk of their
  // own, not in `layout`, which the public pages load whole (registration after sign-in went 34.3 → 41.7 KB gz, over
  // its 40, with them there); a public page loads them at its first call, as before.
  const validators = new Set(everyPage.filter((id) => SDK_VALIDATION.test(id)));
  const layout = new Set(everyPage.filter((id) => !validators.has(id)));
  const group = (name: string, members: Iterable<string>): ChunkGroup => {
    const set = new Set(members);
    return { name, test: (id) => set.has(id), includeDependenciesRecursively: false };
  };
  return [
    group('shared-ui', sharedUi),
    group('layout', layout),
    group('sdk-validators', validators),
    ...signedIn.flatMap((entry, index) => {
      const rest = [...(pages[index] ?? [])].filter(
        (id) => !sharedUi.has(id) && !layout.has(id) && !validators.has(id),
      );
      return [
        // A first page's own: the rest of what it needs, but what a public page needs. Another signed-in page that
        // needs a module of it loads the group (as `_app/index` does the dashboard's).
        group(
          entry.path,
          rest.filter((id) => !otherPublic.has(id)),
        ),
        // The rest that some public page needs too (the project actions the public viewer offers, the working
        // button): one chunk per page instead of one per set of routes sharing them (on /projects five files of
        // 0.2–3 KB, each a round trip on a phone's HTTP/1.1 connections). A public page that needs one loads the group.
        group(
          `${entry.path}-public`,
          rest.filter((id) => otherPublic.has(id)),
        ),
      ];
    }),
  ];
}

/** The findings the build script passed in, if any. */
export function firstPageModulesFromEnv(env: NodeJS.ProcessEnv = process.env): FirstPageModules | null {
  const json = env[FIRST_PAGE_MODULES_ENV];
  return json ? (JSON.parse(json) as FirstPageModules) : null;
}

/**
 * The first run: builds the portal in memory (vite.config.ts in `root`, without groups) and hands its findings to the
 * next build in this process through FIRST_PAGE_MODULES_ENV, which vite.config.ts reads.
 */
export async function surveyFirstPages(root: string): Promise<FirstPageModules> {
  process.env[FIRST_PAGE_MODULES_ENV] = '';
  const survey = await build({ root, logLevel: 'warn', build: { write: false } });
  const outputs = (Array.isArray(survey) ? survey : [survey]).flatMap((result) =>
    'output' in result ? result.output : [],
  );
  const chunks = outputs.filter((item): item is typeof item & ChunkLike => item.type === 'chunk');
  if (chunks.length === 0) throw new Error('page-chunks: the first run produced no chunks');
  const found = firstPageModules(chunks, root);
  process.env[FIRST_PAGE_MODULES_ENV] = JSON.stringify(found);
  return found;
}
