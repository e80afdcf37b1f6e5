import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, expectNoA11yViolations, expectPageError, signIn, test } from './fixtures';

/** What the app's entry reports when its scripts are held back on purpose (the page without JavaScript). */
const SCRIPTS_HELD_BACK = 'Failed to fetch dynamically imported module';

// Issue #14, sections 1 and 3: the pre-rendered sign-in card, the dark theme, enum values as words.

/** The box of an element, rounded to whole pixels. */
async function box(page: Page, selector: string) {
  const rect = await page.locator(selector).first().boundingBox();
  expect(rect, selector).not.toBeNull();
  return (
    rect && {
      x: Math.round(rect.x),
      y: Math.round(rect.y),
      w: Math.round(rect.width),
      h: Math.round(rect.height),
    }
  );
}

test.describe('the sign-in page paints before its JavaScript runs', () => {
  test('the pre-rendered card shows without any script, in the same place the app then renders it', async ({
    page,
  }) => {
    expectPageError(SCRIPTS_HELD_BACK);
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/auth/login');
    const shell = page.locator('.boot-shell');
    await expect(shell.locator('h1')).toHaveText('Sign in');
    await expect(shell.locator('label')).toHaveText(['Email', 'Password']);
    await expect(shell.locator('button')).toHaveText('Sign in');
    // Inert: nothing typed into it could be lost when the app takes over.
    await expect(shell).toHaveAttribute('inert', '');
    // Shown only once the document has been parsed past it (the mark after it): a frame painted mid-parse shows no
    // half card that then grows (a layout shift).
    await expect(page.locator('.boot-shell ~ .boot-end')).toHaveCount(1);
    const before = {
      card: await box(page, '.boot-shell .login-card'),
      heading: await box(page, '.boot-shell h1'),
      button: await box(page, '.boot-shell button'),
    };

    await page.route('**/auth/login', async (route) => {
      const response = await route.fetch();
      const parsedHalfway = (await response.text()).replace('<div class="boot-end" hidden></div>', '');
      await route.fulfill({ response, body: parsedHalfway });
    });
    await page.goto('/auth/login');
    await expect(shell).toHaveCount(1);
    await expect(shell).toBeHidden();
    await page.unroute('**/auth/login');

    await page.unroute('**/*.js');
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(shell).toBeHidden();
    // The same boxes: the swap moves nothing (CLS 0).
    expect({
      card: await box(page, '#root .login-card'),
      heading: await box(page, '#root h1'),
      button: await box(page, '#root button[type="submit"]'),
    }).toEqual(before);
    await expectNoA11yViolations(page, '/auth/login');
  });

  test('signed-in pages are not covered by the card, and a signed-in visit to /auth/login moves on', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.partnerAdmin);
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.locator('.boot-shell')).toBeHidden();
    // The page's document preloads the viewer: the app takes that answer (one request, no second call).
    const viewerCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/viewer') viewerCalls.push(request.url());
    });
    // So does it the page's first data call (/api/projects with the default search).
    const projectCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/projects') projectCalls.push(request.url());
    });
    await page.goto('/projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(page.locator('.boot-shell')).toBeHidden();
    expect(viewerCalls).toHaveLength(1);
    expect(projectCalls).toHaveLength(1);
  });
});

test.describe('signed-in first pages paint whole before their JavaScript runs', () => {
  // Not the server's zone (UTC): the server prints the page's times in the zone the browser told it (a cookie).
  test.use({ timezoneId: 'America/Los_Angeles' });
  // Issue #40 item 5: the demo server renders /dashboard and /projects as the app does for the visitor
  // (apps/mock/src/http/first-screen.ts, the portal's src/app/first-screen.tsx), so the page's largest element (a
  // project's name, an owner's address) paints with the HTML; the app then draws the same page over it.
  for (const [width, path, heading] of [
    [1280, '/dashboard', 'Dashboard'],
    [390, '/dashboard', 'Dashboard'],
    [1280, '/projects', 'Projects'],
    [390, '/projects', 'Projects'],
  ] as const) {
    test(`${path} shows without any script as the app then renders it (${String(width)} px)`, async ({
      page,
    }) => {
      expectPageError(SCRIPTS_HELD_BACK);
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, ACCOUNTS.partnerAdmin);
      // The dashboard's own chunk must have arrived before scripts are held back: a lazy chunk that fails to load
      // makes the router reload the page, which would abort the navigation below.
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      const firstScreen = async (scope: string) => ({
        nav: await box(page, `${scope} .ui-side-nav`),
        header: await box(page, `${scope} .app-header`),
        name: await box(page, `${scope} .app-name`),
        heading: await box(page, `${scope} h1`),
        table: await box(page, `${scope} .ui-table`),
        firstRow: await box(page, `${scope} tbody tr`),
        navLinks: await page
          .locator(`${scope} .ui-side-nav__link`)
          .evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
        user: await page.locator(`${scope} .app-user`).textContent(),
        rows: await page.locator(`${scope} tbody tr`).evaluateAll((rows) =>
          rows.map((row) =>
            // A cell's value (a card's cell also holds its column's name; rows below the first screen of the
            // server's page are not laid out, so no innerText).
            [...row.querySelectorAll('td')].map((cell) =>
              (cell.querySelector('.ui-table__cell-value') ?? cell).textContent.trim(),
            ),
          ),
        ),
      });
      await page.route('**/*.js', (route) => route.abort());
      await page.goto(path);
      const shell = page.locator('.boot-shell');
      await expect(shell.locator('h1')).toHaveText(heading);
      // Inert and hidden from assistive technology, without ids (the app's own elements have them).
      await expect(shell).toHaveAttribute('inert', '');
      await expect(shell).toHaveAttribute('aria-hidden', 'true');
      await expect(shell.locator('[id]')).toHaveCount(0);
      const before = await firstScreen('.boot-shell');
      expect(before.rows.length).toBeGreaterThan(0);

      await page.unroute('**/*.js');
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(shell).toBeHidden();
      // The same page in the same boxes. As cards (a phone's /projects), the app puts a row's actions beside its name
      // once it knows the width: the rows' values are compared, not their order or boxes.
      const after = await firstScreen('#root');
      if (width < 640 && path === '/projects') {
        const values = (rows: string[][]) => rows.map((row) => row.toSorted());
        expect(values(after.rows)).toEqual(values(before.rows));
        const layout = { rows: null, table: null, firstRow: null };
        expect({ ...after, ...layout }).toEqual({ ...before, ...layout });
      } else expect(after).toEqual(before);
    });
  }

  test("in the account's language, and without the page for a visitor who is not signed in", async ({
    page,
  }) => {
    expectPageError(SCRIPTS_HELD_BACK);
    await signIn(page, ACCOUNTS.partnerAdmin);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const german = await page.request.put('/api/account/language/de-DE');
    expect(german.ok()).toBe(true);
    try {
      await page.route('**/*.js', (route) => route.abort());
      await page.goto('/dashboard');
      const shell = page.locator('.boot-shell');
      // Bounded (the account's language is set back below whatever happens here).
      await expect(shell.locator('h1')).toHaveText(/\S/);
      const shellHeading = await shell.locator('h1').textContent();
      const shellCells = await shell.locator('tbody tr').first().locator('td').allInnerTexts();
      await page.unroute('**/*.js');
      await page.goto('/dashboard');
      await expect(page.locator('#root h1')).toHaveText(shellHeading ?? '');
      expect(shellHeading).not.toBe('Dashboard');
      expect(await page.locator('#root tbody tr').first().locator('td').allInnerTexts()).toEqual(shellCells);
    } finally {
      expect((await page.request.put('/api/account/language/en-US')).ok()).toBe(true);
    }
    // Signed out, the document holds the static layout only (no account's page in it).
    const html = await (await fetch(new URL('/dashboard', page.url()))).text();
    expect(html).toContain('data-layout-only');
    expect(html).not.toContain('<table');
  });
});

test("React Aria's pressable rule comes with the document: no style sheet is added once the app has rendered", async ({
  page,
}) => {
  // A style sheet added after the first render made Chromium lay the whole page out again (index.html).
  await page.addInitScript(() => {
    const added: string[] = [];
    Object.assign(window, { addedStyles: added });
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        for (const node of mutation.addedNodes)
          if (
            node instanceof HTMLStyleElement ||
            (node instanceof HTMLLinkElement && node.rel === 'stylesheet')
          )
            if (document.readyState !== 'loading') added.push(node.outerHTML);
    }).observe(document, { childList: true, subtree: true });
  });
  await signIn(page, ACCOUNTS.partnerAdmin);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.locator('#root [data-react-aria-pressable]').first()).toBeVisible();
  await expect(page.locator('#react-aria-pressable-style')).toHaveCount(1);
  // A style sheet of the page under the strict CSP (a refused one has none; the fixture fails the journey on it too).
  expect(
    await page.evaluate(() => {
      const sheet = (document.getElementById('react-aria-pressable-style') as HTMLStyleElement).sheet;
      return sheet ? [...sheet.cssRules].map((rule) => rule.cssText.replace(/\s+/g, ' ')) : null;
    }),
  ).toEqual(['@layer { [data-react-aria-pressable] { touch-action: pan-x pan-y pinch-zoom; } }']);
  expect(await page.evaluate(() => (window as unknown as { addedStyles: string[] }).addedStyles)).toEqual([]);
});

test.describe('dark theme (prefers-color-scheme: dark)', () => {
  test.use({ colorScheme: 'dark' });

  async function expectDark(page: Page) {
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(21, 24, 28)');
  }

  test('public pages and their states are dark and axe clean', async ({ page }) => {
    await page.goto('/auth/login?logout=inactive');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expectDark(page);
    await expectNoA11yViolations(page, 'dark /auth/login with banner');
    await page.getByLabel('Email').fill(ACCOUNTS.endUser);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoA11yViolations(page, 'dark /auth/login, refused');
    await page.getByLabel('Password').fill('');
    await page.getByLabel('Email').fill('no email');
    await page.getByLabel('Password').focus();
    await expectNoA11yViolations(page, 'dark /auth/login, invalid field');
    await page.goto('/auth/login?getmessage=generalError');
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoA11yViolations(page, 'dark message modal');
  });

  test('signed-in pages, navigation and dialogs are dark and axe clean', async ({ page }) => {
    test.slow(); // every signed-in page and dialog, each with axe
    await signIn(page, ACCOUNTS.partnerAdmin);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expectDark(page);
    await expectNoA11yViolations(page, 'dark /dashboard');
    for (const [url, heading] of [
      ['/projects', 'Projects'],
      ['/project/search', 'Project search'],
      ['/collectorruns/search?advanced=true', 'Collector run search'],
      ['/collectorruns/Upload-Iokit', 'Upload collector files'],
      ['/wizard/members?verified=true', 'Team members'],
      ['/account/profile', 'Edit profile'],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoA11yViolations(page, `dark ${url}`);
    }
    await page.goto('/projects');
    await page.getByRole('button', { name: 'New project' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(page, 'dark create-project dialog');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expectNoA11yViolations(page, 'dark create-project dialog with errors');
  });
});

/**
 * The contract's enum members that are no plain words (PascalCase or camelCase compounds, snake_case): shown as they
 * are, they are a raw enum name on screen (e.g. `ArchivingInProgress`, `DellAdminUser`, `PendingRestore`).
 */
function rawEnumNames(): string[] {
  const contract: unknown = JSON.parse(
    readFileSync(new URL('../../../openapi/dist/openapi.json', import.meta.url), 'utf8'),
  );
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      if (Array.isArray(record.enum))
        for (const value of record.enum) if (typeof value === 'string') names.add(value);
      Object.values(record).forEach(walk);
    }
  };
  walk(contract);
  return [...names].filter((name) => /[a-z][A-Z]|[A-Z]{2,}[a-z]|_/.test(name));
}

test('no page shows a raw enum name to an admin (statuses, roles, kinds as translated words)', async ({
  page,
}) => {
  const names = rawEnumNames();
  expect(names).toEqual(expect.arrayContaining(['ArchivingInProgress', 'DellAdminUser', 'PendingRestore']));
  const pattern = new RegExp(`\\b(${names.join('|')})\\b`, 'g');
  await signIn(page, ACCOUNTS.admin);
  for (const url of [
    '/dashboard',
    '/projects',
    '/projects?PageSize=100',
    '/project/search',
    '/project/details/1',
    '/project/edit/1',
    '/dpackviewer/1',
    '/collectorruns/search?advanced=true',
    '/UserManagement/List',
    '/UserManagement/ProcessUserSearch',
    '/team/edit/1',
    '/wizard/members?verified=true',
    '/collectors/keys',
    '/account/profile',
  ]) {
    await page.goto(url);
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(page.locator('.page-pending')).toHaveCount(0);
    // What a person reads: the visible text, and the names given to controls (options of selects included).
    const text = await page.evaluate(() => {
      const parts = [document.body.innerText];
      for (const element of document.querySelectorAll('[aria-label], [title], option, input[value]')) {
        parts.push(element.getAttribute('aria-label') ?? '', element.getAttribute('title') ?? '');
        if (element instanceof HTMLOptionElement) parts.push(element.text);
      }
      return parts.join('\n');
    });
    expect([...new Set(text.match(pattern) ?? [])], `raw enum names on ${url}`).toEqual([]);
  }
});

test.describe('empty, error and not-found states say what happened and what to do', () => {
  test('a missing page, a missing object and a refusal lead on without "Try again"; a fault offers it', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.partnerAdmin);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('mistyped');
    await expect(page.getByRole('link', { name: 'Go to the dashboard' })).toBeVisible();
    await expectNoA11yViolations(page, 'unknown URL');

    await page.goto('/project/details/987654');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
    await expect(alert).toContainText("Error 404 - The file you're looking for could not be found.");
    await expect(alert.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expectNoA11yViolations(page, 'missing project');
    await alert.getByRole('link', { name: 'Go to the dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    await page.route('**/api/dashboard', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          StatusCode: 403,
          ResourceKey: 'operationnotallowed',
          ErrorState: { ErrorCode: 'operationnotallowed' },
          Message: null,
          Data: null,
        }),
      }),
    );
    await page.goto('/dashboard');
    await expect(alert.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
    await expect(alert).toContainText('ask your team admin');
    await expect(alert.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expectNoA11yViolations(page, 'refused page');

    await page.unroute('**/api/dashboard');
    await page.route('**/api/dashboard', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }),
    );
    await page.goto('/dashboard');
    await expect(
      alert.getByRole('heading', { level: 1, name: 'This page could not be loaded' }),
    ).toBeVisible();
    await expect(alert).toContainText('try again in a moment');
    await page.unroute('**/api/dashboard');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('a search that finds nothing says "No search results"', async ({ page }) => {
    await signIn(page, ACCOUNTS.partnerAdmin);
    await page.goto('/project/search?search=zz-no-such-project-zz');
    await expect(page.getByRole('heading', { level: 1, name: 'Project search' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Project search' });
    await expect(table).toContainText('No search results');
    await expect(table).not.toContainText('Nothing here yet.');
    await page.goto('/collectorruns/search?advanced=true&ownerEmail=nobody%40nowhere.example');
    await expect(page.getByRole('table', { name: 'Collector run search' })).toContainText(
      'No search results',
    );
    await expectNoA11yViolations(page, 'collector run search without results');
  });
});

test('the terms modal: one title, and nothing of the account behind it until the terms are accepted', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
  // This account as if it still had to accept the EULA (the seeded pending accounts belong to the terms journey).
  await page.route('**/api/viewer', async (route) => {
    const response = await route.fetch();
    const viewer = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...viewer, pendingTerms: 'EULANeeded' } });
  });
  await page.goto('/projects');
  const dialog = page.getByRole('dialog', { name: 'End user license agreement' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('By using this portal you agree');
  await expect(dialog.getByRole('heading')).toHaveCount(1);
  // Behind it: no page, no table, no navigation, no account name or email.
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  expect(await page.locator('#root').innerText()).not.toContain(ACCOUNTS.partnerAdmin);
  expect((await page.locator('main').innerText()).trim()).toBe('');
  await expectNoA11yViolations(page, 'terms modal over an empty page');
});
