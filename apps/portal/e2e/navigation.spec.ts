// The side navigation's behaviour: preloading on hover and focus, and its icons. Which entries each persona is
// offered (an end user no RSA-key collectors and no promo sites, …) is checked by that persona's journey
// (personas.spec.ts, at both widths) against the lists in steps.ts.
import { ACCOUNTS, expect, signIn, test } from './fixtures';
import { NAVIGATION } from './steps';

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
  await expect(links).toHaveCount(NAVIGATION.userAdmin.length);
  const names = await links.evaluateAll((elements) =>
    elements.map((link) => ({
      name: link.textContent.trim(),
      icons: link.querySelectorAll('.ui-side-nav__icon svg[aria-hidden="true"]').length,
      glyph: link.querySelector('.ui-side-nav__icon')?.textContent ?? '',
    })),
  );
  expect(names.map((n) => n.name)).toEqual(NAVIGATION.userAdmin);
  for (const link of names) {
    expect(link.icons, link.name).toBe(1);
    expect(link.glyph, link.name).toBe('');
  }
});
