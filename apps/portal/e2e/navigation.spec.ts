import { ACCOUNTS, expect, signIn, test } from './fixtures';

test('side navigation: hovering or focusing a link preloads its page (code and data) before the click', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.endUser);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const navigation = page.getByRole('navigation', { name: 'Main' });

  // Hover: the profile page's route chunk is fetched while the URL stays on the dashboard.
  const profileChunk = page.waitForRequest(/\/assets\/profile-[\w-]+\.js$/);
  await navigation.getByRole('link', { name: 'My profile' }).hover();
  await profileChunk;
  await expect(page).toHaveURL(/\/dashboard$/);

  // Keyboard focus preloads too: the projects page's data is requested before Enter.
  const projectsData = page.waitForRequest((request) =>
    new URL(request.url()).pathname.startsWith('/api/projects'),
  );
  await navigation.getByRole('link', { name: 'Projects' }).focus();
  await projectsData;
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
});

test('side navigation: every link shows a drawn icon (no text glyph) and is named by its label', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const links = nav.getByRole('link');
  // The layout renders after sign-in lands: wait for the links before reading them.
  await expect(links).toHaveCount(11);
  const names = await links.evaluateAll((elements) =>
    elements.map((link) => ({
      name: link.textContent.trim(),
      icons: link.querySelectorAll('.ui-side-nav__icon svg[aria-hidden="true"]').length,
      glyph: link.querySelector('.ui-side-nav__icon')?.textContent ?? '',
    })),
  );
  expect(names.map((n) => n.name)).toEqual([
    'Dashboard',
    'Projects',
    'Project search',
    'Collector runs',
    'Upload collector files',
    'RSA-key collectors',
    'My team',
    'Promo sites',
    'User management',
    'User search',
    'My profile',
  ]);
  for (const link of names) {
    expect(link.icons, link.name).toBe(1);
    expect(link.glyph, link.name).toBe('');
  }
});

test('side navigation offers an end user only what they can use (no RSA-key collectors, no promo sites)', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.endUser);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'RSA-key collectors' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Promo sites' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'My profile' })).toBeVisible();
});
