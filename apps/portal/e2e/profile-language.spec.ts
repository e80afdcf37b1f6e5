import { ACCOUNTS, expect, expectNoA11yViolations, signIn, test } from './fixtures';

test('profile: an emptied country disables save; a typed country is saved', async ({ page }) => {
  await signIn(page, ACCOUNTS.endUser);
  await page.goto('/account/profile');
  const country = page.getByRole('combobox', { name: 'Country' });
  const save = page.getByRole('button', { name: 'Save changes' });
  await expect(save).toBeEnabled();
  await country.fill('');
  await page.keyboard.press('Escape');
  await expect(save).toBeDisabled();
  await expect(country).toHaveAttribute('aria-invalid', 'true');
  // Text matching no country reverts to the selected one (none now): still invalid.
  await country.fill('Atlantis');
  await page.keyboard.press('Escape');
  await country.blur();
  await expect(country).toHaveValue('');
  await expect(save).toBeDisabled();
  await country.fill('France');
  await page.keyboard.press('Escape');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByRole('status').filter({ hasText: 'Your profile was saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('France');

  // The account language (a short list: the browser's select) is saved and switches the portal's texts.
  const accountLanguage = page.locator('select[name="LanguageCulture"]');
  await accountLanguage.selectOption('de-DE');
  await save.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profil bearbeiten' })).toBeVisible();
  await page.reload();
  await expect(accountLanguage).toHaveValue('de-DE');
  await accountLanguage.selectOption('en-US');
  await page.getByRole('button', { name: /Änderungen speichern|Save changes/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeVisible();
});

test('language switch: German texts, formats and document language, kept after reload', async ({ page }) => {
  await signIn(page, 'staff@dell.example');
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch (Deutschland)' });
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  // Back to English for the other journeys.
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'English (United States)' });
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('profile: names and phone are saved in one call; a blank name is refused; a refused save keeps the input', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.endUser);
  await page.goto('/account/profile');
  const first = page.getByRole('textbox', { name: 'First name' });
  const last = page.getByRole('textbox', { name: 'Last name' });
  const phone = page.getByRole('textbox', { name: 'Phone number' });
  const save = page.getByRole('button', { name: 'Save changes' });
  const original = { first: await first.inputValue(), last: await last.inputValue() };

  // Blank after trimming: the field says so and nothing is sent.
  let saves = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/api/profile')) saves += 1;
  });
  await first.fill('   ');
  await save.click();
  await expect(page.getByText('Enter a name.')).toBeVisible();
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  expect(saves).toBe(0);

  // The server refuses (envelope error): its message, and everything typed stays.
  await page.route('**/api/profile', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          json: {
            StatusCode: 400,
            ResourceKey: 'validate_info',
            ErrorState: null,
            Message: null,
            Data: null,
          },
        })
      : route.fallback(),
  );
  await first.fill('Robin');
  await last.fill('Quinn-Okafor');
  await phone.fill('+49 30 1234 5678');
  await save.click();
  const refused = page.getByRole('alertdialog');
  await expect(refused).toBeVisible();
  await expectNoA11yViolations(page, 'profile save refused');
  await refused.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(first).toHaveValue('Robin');
  await expect(last).toHaveValue('Quinn-Okafor');
  await expect(phone).toHaveValue('+49 30 1234 5678');

  // Saved for real: one PUT carries every field, and a reload shows them.
  await page.unroute('**/api/profile');
  const sent = page.waitForRequest(
    (request) => request.method() === 'PUT' && request.url().endsWith('/api/profile'),
  );
  await save.click();
  expect((await sent).postDataJSON()).toMatchObject({
    FirstName: 'Robin',
    LastName: 'Quinn-Okafor',
    PhoneNumber: '+49 30 1234 5678',
  });
  await expect(page.getByRole('status').filter({ hasText: 'Your profile was saved.' })).toBeVisible();
  await page.reload();
  await expect(first).toHaveValue('Robin');
  await expect(phone).toHaveValue('+49 30 1234 5678');
  await expectNoA11yViolations(page, 'profile with names and phone');

  // Back to the seeded names for the other journeys.
  await first.fill(original.first);
  await last.fill(original.last);
  await save.click();
  await expect(page.getByRole('status').filter({ hasText: 'Your profile was saved.' })).toBeVisible();
});

test('Country modal: an account without a country chooses one (after the terms), or postpones it', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.endUser);
  // An older account without a country (the demo's accounts all have one): the viewer info says so.
  const withoutCountry = async () => {
    await page.route('**/api/viewer', async (route) => {
      const response = await route.fetch();
      const viewer = (await response.json()) as { user: { countryId: number | null } };
      viewer.user.countryId = null;
      await route.fulfill({ response, json: viewer });
    });
  };
  await withoutCountry();
  await page.goto('/dashboard');
  const modal = page.getByRole('dialog', { name: 'Choose your country' });
  await expect(modal).toBeVisible();
  await expectNoA11yViolations(page, 'Country modal');

  // Not now: gone until the next page load.
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
  await page.reload();
  await expect(modal).toBeVisible();

  // Saving without a country says so and sends nothing; a chosen country is saved and the modal closes for good.
  await modal.getByRole('button', { name: 'Save changes' }).click();
  await expect(modal.getByRole('combobox', { name: 'Country' })).toHaveAttribute('aria-invalid', 'true');
  await modal.getByRole('combobox', { name: 'Country' }).fill('Canada');
  // Leaving the field selects the exactly matching country (Escape would close the dialog).
  await page.keyboard.press('Tab');
  await page.unroute('**/api/viewer');
  const saved = page.waitForRequest(
    (request) => request.method() === 'PUT' && /\/api\/account\/country\/\d+$/.test(request.url()),
  );
  await modal.getByRole('button', { name: 'Save changes' }).click();
  await saved;
  await expect(modal).toBeHidden();
  await page.goto('/account/profile');
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Canada');
});
