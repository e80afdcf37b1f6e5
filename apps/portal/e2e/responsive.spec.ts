import { ACCOUNTS, expect, expectNoA11yViolations, localeTexts, signIn, test } from './fixtures';

/** The language switcher's label in a culture. */
const languageLabel = (culture: string) => localeTexts(culture).nav.language;

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

// 360 px: the narrowest phone the portal serves (the upload page's steps once widened it to 371 px); 390 px: issue
// #14's width.
for (const width of [360, 390]) {
  test(`at ${String(width)} px no page scrolls sideways and sign out stays on screen`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/auth/login');
    await expectNoHorizontalOverflow(page, `/auth/login at ${String(width)} px`);
    await signIn(page, ACCOUNTS.admin);
    for (const route of ROUTES) {
      await page.goto(route);
      await expect(page.locator('main h1').first()).toBeVisible();
      await expectNoHorizontalOverflow(page, `${route} at ${String(width)} px`);
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport({ ratio: 1 });
    }
  });
}

/**
 * Runs `check` with the signed-in account's language switched to each culture in turn (from the dashboard's switcher),
 * then back to English: the account's language is saved, so the journey ends in English whatever happens on the way.
 */
async function inLanguages(
  page: import('@playwright/test').Page,
  cultures: readonly string[],
  check: (culture: string) => Promise<void>,
) {
  let label = languageLabel('en-US');
  const choose = async (culture: string) => {
    await page.goto('/dashboard');
    await page.getByRole('combobox', { name: label }).selectOption(culture);
    await expect(page.locator('html')).toHaveAttribute('lang', culture);
    label = languageLabel(culture);
  };
  try {
    for (const culture of cultures) {
      await choose(culture);
      await check(culture);
    }
  } finally {
    await choose('en-US');
  }
}

test('at 360 px in German and Spanish (the longest texts) no page scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 844 });
  await signIn(page, ACCOUNTS.admin, '/dashboard');
  await inLanguages(page, ['de-DE', 'es-ES'], async (culture) => {
    for (const route of ROUTES) {
      await page.goto(route);
      await expect(page.locator('main h1').first()).toBeVisible();
      await expectNoHorizontalOverflow(page, `${route} at 360 px in ${culture}`);
    }
  });
});

test('at 360 px in Spanish a long email address breaks inside the profile instead of widening it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 844 });
  await signIn(page, ACCOUNTS.partnerAdmin, '/dashboard');
  await inLanguages(page, ['es-ES'], async () => {
    await page.goto('/account/profile');
    const email = page.getByText(ACCOUNTS.partnerAdmin, { exact: true });
    await expect(email).toBeInViewport({ ratio: 1 });
    await expectNoHorizontalOverflow(page, '/account/profile at 360 px in es-ES');
  });
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

test('at 360 px the lists show each row as a card: its actions on screen, no sideways swipe', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, ACCOUNTS.admin);
  // Issue #40 item 2: the run table was 1,586 px wide in a 286 px box, its actions behind a sideways swipe.
  for (const route of ['/projects', '/project/search', '/collectorruns/search', '/UserManagement/List']) {
    await page.goto(route);
    const table = page.locator('main .ui-table').first();
    await expect(table).toHaveAttribute('data-narrow-layout', 'cards');
    const card = table.locator('tbody tr').first();
    await expect(card).toBeVisible();
    // Nothing to swipe: the frame is as wide as its content, the card within the screen.
    const frame = table.locator('.ui-table__frame');
    const { scrollWidth, clientWidth } = await frame.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth, `sideways scroll in the list of ${route}`).toBeLessThanOrEqual(clientWidth);
    const box = await card.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360, `card of ${route} within the screen`).toBe(true);
    // Every action of the card (and the name's link) lies within the screen's width.
    for (const target of await card.locator('a, button, input').all()) {
      const at = await target.boundingBox();
      expect(at && at.x >= 0 && at.x + at.width <= 360, `${route}: ${await target.innerText()}`).toBe(true);
    }
    await expectNoHorizontalOverflow(page, `${route} at 360 px`);
  }
});

test('at 360 px a run card is selected into the group, whose actions are on screen; axe clean', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, ACCOUNTS.admin);
  // Selection and the group bar stay: choosing a run's card puts it in the group, whose actions are on screen.
  await page.goto('/collectorruns/search');
  const first = page.locator('main tbody tr').first();
  await first.getByRole('checkbox').check();
  await expect(first).toHaveAttribute('data-selected', 'true');
  const groupActions = page.getByRole('toolbar', { name: 'Group actions' });
  await groupActions.scrollIntoViewIfNeeded();
  for (const action of await groupActions.getByRole('button').all()) {
    const at = await action.boundingBox();
    expect(at && at.x >= 0 && at.x + at.width <= 360, `group action ${await action.innerText()}`).toBe(true);
  }
  await expectNoA11yViolations(page, 'run cards at 360 px');
});
