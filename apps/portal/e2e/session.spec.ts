import { ACCOUNTS, expect, signIn, test } from './fixtures';

test('idle logout after the `timer` limit at the 30 s check, as inactive', async ({ page }) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
  await page.clock.install();
  await page.goto('/dashboard?timer=5000');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // Nothing happens before the first check at 30 000 ms.
  await page.clock.runFor(29_000);
  await expect(page).toHaveURL(/\/dashboard\?timer=5000$/);
  await page.clock.runFor(1_500);
  await expect(page).toHaveURL(/\/auth\/login\?logout=inactive$/);
  await expect(page.getByTestId('logout-banner')).toContainText(
    'You were signed out because you were inactive for too long.',
  );
  // The server session is over too.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\/login\?ReturnUrl=/);
});

test('activity keeps the session alive', async ({ page }) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
  await page.clock.install();
  await page.goto('/dashboard?timer=45000');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.clock.runFor(25_000);
  await page.keyboard.press('Shift');
  await page.clock.runFor(35_000);
  await expect(page).toHaveURL(/\/dashboard\?timer=45000$/);
});

test('a response with X-Logged-Out: 1 forces the signed-in viewer out', async ({ page }) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
  await page.route('**/api/projects?**', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'x-logged-out': '1' } });
  });
  await page.getByRole('link', { name: 'Projects' }).first().click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('a logout in one tab logs out the other tabs (storage event)', async ({ page, context }) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
  const other = await context.newPage();
  await other.goto('/projects');
  await expect(other.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(other).toHaveURL(/\/auth\/login\?logout=inactive$/);
});
