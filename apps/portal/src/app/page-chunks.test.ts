import { describe, expect, it } from 'vitest';
import {
  FIRST_PAGE_MODULES_ENV,
  firstPageGroups,
  firstPageModules,
  firstPageModulesFromEnv,
} from '../../scripts/page-chunks';
import { PAGE_ENTRIES, type ChunkLike } from '../../scripts/page-entries';

// The first pages' chunk groups (scripts/page-chunks.ts), on a small first-run bundle: which module goes where.
const root = '/portal';
const route = (file: string, split: string) => `${root}/src/routes/${file}.tsx?tsr-split=${split}`;
const chunk = (fileName: string, moduleIds: string[], imports: string[] = []): ChunkLike => ({
  type: 'chunk',
  fileName,
  facadeModuleId: null,
  moduleIds,
  imports,
});
const BUTTON = `${root}/node_modules/react-aria/Button.mjs`;
const FORM = `${root}/src/features/auth/SignInForm.tsx`;
const MODAL_HOSTS = `${root}/src/features/modals/ModalHosts.tsx`;
const APP_LAYOUT = `${root}/src/features/layout/AppLayout.tsx`;
const PROJECT_STATUS = `${root}/src/features/projects/project-status.ts`;
const STATIC_TABLE = `${root}/src/components/StaticTable.tsx`;
const DASHBOARD_PAGE = `${root}/src/features/dashboard/DashboardPage.tsx`;
const PROJECTS_PAGE = `${root}/src/features/projects/ProjectsPage.tsx`;
const TABLE_CORE = `${root}/node_modules/@tanstack/table-core/index.mjs`;
const PAGE_TEXTS = `${root}/src/locales/en.json?messages=pages`;
const ERROR_VIEW = `${root}/src/features/errors/RouteError.tsx`;
const PROJECT_ACTIONS = `${root}/src/features/projects/api/project-mutation.ts`;

const firstRun = [
  chunk('login.js', [route('auth/login', 'component'), FORM], ['button.js']),
  chunk('button.js', [BUTTON]),
  chunk('layout.js', [route('_app', 'component'), MODAL_HOSTS], ['button.js', 'app-layout.js']),
  chunk('app-layout.js', [APP_LAYOUT]),
  chunk(
    'dashboard.js',
    [route('_app/dashboard', 'component'), route('_app/dashboard', 'loader'), DASHBOARD_PAGE],
    ['status.js', 'static-table.js'],
  ),
  chunk('dashboard-error.js', [route('_app/dashboard', 'errorComponent'), ERROR_VIEW]),
  chunk(
    'projects.js',
    [route('_app/projects', 'component'), PROJECTS_PAGE],
    ['status.js', 'table-core.js', 'actions.js'],
  ),
  chunk('actions.js', [PROJECT_ACTIONS]),
  chunk('status.js', [PROJECT_STATUS]),
  chunk('static-table.js', [STATIC_TABLE]),
  chunk('table-core.js', [TABLE_CORE]),
  chunk('texts.js', [PAGE_TEXTS]),
  // Other routes: signed-in ones that show project statuses or the dashboard, a public one in the same layout with a
  // static table.
  chunk('search.js', [route('_app/project/search', 'component')], ['status.js']),
  chunk('home.js', [route('_app/index', 'component')], ['dashboard.js']),
  chunk(
    'register.js',
    [route('register/$type', 'component')],
    ['static-table.js', 'button.js', 'app-layout.js'],
  ),
  // The public viewer offers a project's actions to a signed-in viewer.
  chunk('viewer.js', [route('dpackviewer/$projectId', 'component')], ['actions.js']),
];

describe('first page chunk groups', () => {
  const found = firstPageModules(firstRun, root);
  const groups = Object.fromEntries(
    firstPageGroups(found).map((group) => [
      group.name,
      firstRun.flatMap((c) => c.moduleIds).filter((id) => group.test(id)),
    ]),
  );

  it('finds what each first page loads at start, and what the other routes need', () => {
    expect(found.pages['auth/login']).toEqual([route('auth/login', 'component'), FORM, BUTTON]);
    expect(found.pages.dashboard).toEqual(
      expect.arrayContaining([
        MODAL_HOSTS,
        APP_LAYOUT,
        DASHBOARD_PAGE,
        PROJECT_STATUS,
        STATIC_TABLE,
        PAGE_TEXTS,
        BUTTON,
      ]),
    );
    // The error component loads only when the page fails.
    expect(found.pages.dashboard).not.toContain(ERROR_VIEW);
    expect(found.otherPublic).toEqual([
      route('register/$type', 'component'),
      STATIC_TABLE,
      BUTTON,
      APP_LAYOUT,
      route('dpackviewer/$projectId', 'component'),
      PROJECT_ACTIONS,
    ]);
  });

  it('groups what sign-in shares with the signed-in pages, what those share, what each page alone needs and the rest', () => {
    expect(groups).toEqual({
      'shared-ui': [BUTTON],
      // What every signed-in first page needs, whether a public page needs it too or not: one request.
      layout: [route('_app', 'component'), MODAL_HOSTS, APP_LAYOUT, PROJECT_STATUS],
      // A page's own, though another signed-in page (the home route) needs it too; not what a public page needs, and
      // not the pages' texts (another language loads its own).
      dashboard: [route('_app/dashboard', 'component'), route('_app/dashboard', 'loader'), DASHBOARD_PAGE],
      projects: [route('_app/projects', 'component'), PROJECTS_PAGE, TABLE_CORE],
      // The rest of each page, which a public page needs too (registration's static table, the viewer's project
      // actions): one chunk per page, whatever set of routes shares each module.
      'dashboard-public': [STATIC_TABLE],
      'projects-public': [PROJECT_ACTIONS],
    });
    // Nothing the sign-in page alone needs, nor what only a public page needs.
    expect(Object.values(groups).flat()).not.toContain(FORM);
    expect(Object.values(groups).flat()).not.toContain(route('register/$type', 'component'));
  });

  it('the viewer (opened by link) changes no group, and starts with its section texts preloaded', () => {
    const SECTION_TEXTS = `${root}/src/locales/en.json?messages=section:performance`;
    const withTexts = [...firstRun, chunk('performance-texts.js', [SECTION_TEXTS])];
    const withViewer = firstPageModules(withTexts, root);
    const withoutViewer = firstPageModules(
      withTexts,
      root,
      PAGE_ENTRIES.filter((entry) => entry.grouped !== false),
    );
    // Its route stays a public route (the chunks it shares with the first pages stay where they were)...
    expect(withViewer.otherPublic).toEqual(withoutViewer.otherPublic);
    const names = (modules: typeof found) => firstPageGroups(modules).map((group) => group.name);
    expect(names(withViewer)).toEqual([
      'shared-ui',
      'layout',
      'dashboard',
      'dashboard-public',
      'projects',
      'projects-public',
    ]);
    // ...and it has no group of its own, though the build preloads its chunks and its performance texts.
    expect([...(withViewer.pages['dpackviewer/[id]'] ?? [])].sort()).toEqual(
      [route('dpackviewer/$projectId', 'component'), PROJECT_ACTIONS, SECTION_TEXTS, PAGE_TEXTS].sort(),
    );
  });

  it('has no groups without a first run (a plain vite build, the dev server)', () => {
    expect(firstPageGroups(null)).toEqual([]);
    expect(firstPageModulesFromEnv({})).toBeNull();
    expect(firstPageModulesFromEnv({ [FIRST_PAGE_MODULES_ENV]: '' })).toBeNull();
    expect(firstPageModulesFromEnv({ [FIRST_PAGE_MODULES_ENV]: JSON.stringify(found) })).toEqual(found);
  });
});
