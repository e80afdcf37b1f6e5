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
