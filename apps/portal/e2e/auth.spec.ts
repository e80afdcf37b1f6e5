import { ACCOUNTS, expect, signIn, test } from './fixtures';

test('sign in lands on the dashboard with recent projects and runs', async ({ page }) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent projects' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent collector runs' })).toBeVisible();
});
