import { ACCOUNTS, expect, expectNoA11yViolations, signIn, test } from './fixtures';

/** Every signed-in route of spec part 2 (ids of seeded objects the admin may see). */
const ROUTES = [
  '/dashboard',
  '/projects',
  '/project/search',
  '/project/details/1',
  '/project/edit/1',
  '/dpackviewer/1',
  '/collectorruns/search',
  '/collectorruns/Upload-Iokit',
  '/UserManagement/List',
  '/UserManagement/ProcessUserSearch',
  '/account/profile',
  '/team/edit/1',
  '/wizard/members?verified=true',
  '/account/PartnerTCNeeded',
];

test.use({ viewport: { width: 390, height: 844 } });

/** The page does not scroll sideways: wide content (tables) scrolls inside its own box. */
async function expectNoHorizontalOverflow(page: import('@playwright/test').Page, where: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `horizontal overflow on ${where}`).toBeLessThanOrEqual(clientWidth);
}

test('at 390 px no page scrolls sideways and sign out stays on screen', async ({ page }) => {
  await page.goto('/auth/login');
  await expectNoHorizontalOverflow(page, '/auth/login');
  await signIn(page, ACCOUNTS.admin);
  for (const route of ROUTES) {
    await page.goto(route);
    await expect(page.locator('main h1').first()).toBeVisible();
    await expectNoHorizontalOverflow(page, route);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport({ ratio: 1 });
  }
});

test('at 390 px the navigation opens over the page and closes again; axe clean both ways', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/dashboard');
  const main = page.locator('main');
  const mainLeft = (await main.boundingBox())?.x;
  await expectNoA11yViolations(page, '/dashboard at 390 px');
  const toggle = page.getByRole('button', { name: 'Navigation menu' });
  await toggle.click();
  await expect(page.getByRole('link', { name: 'Projects', exact: true })).toBeVisible();
  // The page is not pushed aside: the open navigation lies over it.
  expect((await main.boundingBox())?.x).toBe(mainLeft);
  await expectNoHorizontalOverflow(page, '/dashboard with the navigation open');
  await expectNoA11yViolations(page, '/dashboard at 390 px, navigation open');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // Moving on closes it: on a phone it would otherwise cover the page just opened.
  await page.getByRole('link', { name: 'Projects', exact: true }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCSS('width', '50px');
});

test('at 1280 px no page scrolls sideways, rows are one line and the row actions stay in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ACCOUNTS.admin);
  for (const route of ROUTES) {
    await page.goto(route);
    await expect(page.locator('main h1').first()).toBeVisible();
    await expectNoHorizontalOverflow(page, `${route} at 1280 px`);
  }
  // The list tables are wider than a laptop's page (long email addresses): they scroll sideways in their own frame
  // while each row's actions stay at its end edge, on one 36 px line.
  for (const route of ['/projects', '/collectorruns/search', '/collectors/keys']) {
    await page.goto(route);
    const firstRow = page.locator('main table tbody tr').first();
    await expect(firstRow.locator('td').last()).toBeInViewport({ ratio: 1 });
    await expect(firstRow.locator('td').last().getByRole('button').first()).toBeInViewport({ ratio: 1 });
    expect((await firstRow.boundingBox())?.height, `row height on ${route}`).toBeLessThanOrEqual(37);
  }
});

test('at 390 px a list row stays one line and its name stays in view (the actions scroll with the row)', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin);
  // The name column: the first on /projects, after the row's selection checkbox on /collectorruns/search.
  for (const [route, nameColumn] of [
    ['/projects', 0],
    ['/collectorruns/search', 1],
  ] as const) {
    await page.goto(route);
    const firstRow = page.locator('main table tbody tr').first();
    await expect(firstRow.getByRole('cell').nth(nameColumn)).toBeInViewport({ ratio: 1 });
    expect((await firstRow.boundingBox())?.height, `row height on ${route}`).toBeLessThanOrEqual(37);
  }
});
