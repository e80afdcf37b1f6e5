import { CULTURES, expect, expectNoA11yViolations, localeTexts, signIn, test } from './fixtures';

/** Script files of a language's texts (one chunk per culture) or of the catalogue loader. */
const CATALOGUE_CHUNK = /\/assets\/(?:catalogues|de|es|fr|it|ja|ko|pt|zh-CN|zh-TW)-[\w-]+\.js$/;

test('the sign-in page loads no other language’s texts', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => CATALOGUE_CHUNK.test(path))).toEqual([]);
});

test('every language the switcher offers shows its own texts, loaded when chosen', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  // An account no other journey switches the language of; the journey ends in English again.
  await signIn(page, 'partner.member@contoso-partners.example', '/dashboard');
  let current = localeTexts('en-US');
  const switcher = () => page.getByRole('combobox', { name: current.nav.language });
  await expect(switcher().locator('option')).toHaveCount(CULTURES.length);
  const offered = await switcher()
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect([...offered].sort()).toEqual([...CULTURES].sort());
  expect(scripts.filter((path) => CATALOGUE_CHUNK.test(path))).toEqual([]);

  try {
    for (const culture of [...offered.filter((entry) => entry !== 'en-US'), 'en-US']) {
      const loadedBefore = scripts.filter((path) => CATALOGUE_CHUNK.test(path)).length;
      await switcher().selectOption(culture);
      current = localeTexts(culture);
      await expect(page.locator('html')).toHaveAttribute('lang', culture);
      await expect(page.getByRole('heading', { level: 1, name: current.dashboard.title })).toBeVisible();
      const navigation = page.getByRole('navigation', { name: current.nav.label });
      await expect(navigation.getByRole('link', { name: current.nav.projects, exact: true })).toBeVisible();
      // The culture's own chunk (and the loader, the first time), only now; English needs none.
      const loaded = scripts.filter((path) => CATALOGUE_CHUNK.test(path)).length - loadedBefore;
      if (culture === 'en-US') expect(loaded).toBe(0);
      else expect(loaded).toBeGreaterThan(0);
      await expectNoA11yViolations(page, `dashboard in ${culture}`);

      if (culture === 'ja-JP') {
        // After a reload the culture comes from the account; the pages' texts load after the catalogue, under it.
        await page.reload();
        await expect(page.getByRole('heading', { level: 1, name: current.dashboard.title })).toBeVisible();
        await expect(
          page
            .getByRole('navigation', { name: current.nav.label })
            .getByRole('link', { name: current.nav.projects, exact: true }),
        ).toBeVisible();
      }
    }
  } finally {
    // Whatever failed above, the account is English again for the journeys that use it next.
    await page.request.put('/api/account/language/en-US');
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
