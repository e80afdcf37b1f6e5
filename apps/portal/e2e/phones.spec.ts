import { ACCOUNTS, expect, expectNoA11yViolations, signIn, test } from './fixtures';

// Issue 30 (phones): the header's language switcher at 390 px.
test.use({ viewport: { width: 390, height: 844 } });

test('at 390 px the header language switcher shows a short name, the full name for assistive technology', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/dashboard');
  const header = page.locator('header.app-header');
  const select = header.getByRole('combobox', { name: 'Language' });
  await expect(select).toBeVisible();
  // Assistive technology reads the chosen language's full name.
  await expect(select.locator('option:checked')).toHaveText('English (United States)');
  // The eye sees "EN", whole: never a cut "English (Un".
  const short = header.locator('.language-switcher-short');
  await expect(short).toHaveText('EN');
  await expect(short).toBeVisible();
  await expect(short).toHaveAttribute('aria-hidden', 'true');
  const [selectBox, shortBox] = await Promise.all([select.boundingBox(), short.boundingBox()]);
  expect(selectBox && shortBox).toBeTruthy();
  if (!selectBox || !shortBox) return;
  expect(selectBox.x + selectBox.width).toBeLessThanOrEqual(390);
  expect(shortBox.x).toBeGreaterThanOrEqual(selectBox.x);
  expect(shortBox.x + shortBox.width).toBeLessThanOrEqual(selectBox.x + selectBox.width);
  expect(await select.evaluate((element) => getComputedStyle(element).color)).toBe('rgba(0, 0, 0, 0)');
  await expectNoA11yViolations(page, 'header at 390 px');

  // Choosing a language still works from the short switcher.
  await select.selectOption('de-DE');
  await expect(header.locator('.language-switcher-short')).toHaveText('DE');
  await header.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
  await expect(header.locator('.language-switcher-short')).toHaveText('EN');
});
