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
// The SDK's validators (the portal validates every call): the table of operations, each operation's module, the
// schemas and valibot they import.
const validators = (name: string) => `/repo/packages/sdk/src/gen/split/validators/${name}.gen.ts`;
const TABLE = validators('index');
const CONTRACT_CHECK = validators('contract-check');
const VALIBOT = `/repo/node_modules/valibot/dist/index.js`;
const PROJECT_SCHEMA = `/repo/packages/sdk/src/gen/split/valibot/vProjectSummary.gen.ts`;

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
  // Loaded by import() at the first validated call: the table, then the operation's module.
  chunk('validators-table.js', [TABLE]),
  chunk('getViewer.js', [validators('getViewer')], ['contract-check.js']),
  chunk('getDashboard.js', [validators('getDashboard')], ['contract-check.js', 'project-schema.js']),
  chunk('listProjects.js', [validators('listProjects')], ['contract-check.js', 'project-schema.js']),
  chunk('getTeam.js', [validators('getTeam')], ['contract-check.js']),
  chunk('contract-check.js', [VALIBOT, CONTRACT_CHECK]),
  chunk('project-schema.js', [PROJECT_SCHEMA]),
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
    // The validators of the calls the page makes before it shows (PageEntry.operations), the table that finds them
    // and what they import; no other operation's, and none on the sign-in page, which shows before its calls.
    expect(found.pages.dashboard).toEqual(
      expect.arrayContaining([TABLE, validators('getViewer'), validators('getDashboard'), CONTRACT_CHECK]),
    );
    expect(found.pages.dashboard).not.toContain(validators('listProjects'));
    expect(found.pages.dashboard).not.toContain(validators('getTeam'));
    expect(found.pages['auth/login']).not.toContain(TABLE);
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
      // The validators both pages' calls need (the table, the viewer's, valibot, a schema both answers use), in one
      // chunk the pages preload: without it their first calls waited on chunks found one round trip after the other.
      // Not in layout, which the public pages load whole.
      'sdk-validators': [TABLE, validators('getViewer'), VALIBOT, CONTRACT_CHECK, PROJECT_SCHEMA],
      // A page's own, though another signed-in page (the home route) needs it too; not what a public page needs, and
      // not the pages' texts (another language loads its own). With its own call's validators.
      dashboard: [
        route('_app/dashboard', 'component'),
        route('_app/dashboard', 'loader'),
        DASHBOARD_PAGE,
        validators('getDashboard'),
      ],
      projects: [route('_app/projects', 'component'), PROJECTS_PAGE, TABLE_CORE, validators('listProjects')],
      // The rest of each page, which a public page needs too (registration's static table, the viewer's project
      // actions): one chunk per page, whatever set of routes shares each module.
      'dashboard-public': [STATIC_TABLE],
      'projects-public': [PROJECT_ACTIONS],
    });
    // Nothing the sign-in page alone needs, nor what only a public page needs.
    expect(Object.values(groups).flat()).not.toContain(FORM);
    expect(Object.values(groups).flat()).not.toContain(route('register/$type', 'component'));
    // Another operation's validators stay where the automatic splitting puts them (loaded at its first call).
    expect(Object.values(groups).flat()).not.toContain(validators('getTeam'));
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
      'sdk-validators',
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
