import { ACCOUNTS, expect, signIn, test } from './fixtures';

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
