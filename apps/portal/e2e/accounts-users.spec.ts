import { ACCOUNTS, expect, expectNoA11yViolations, signIn, test } from './fixtures';

const RAW_ENUM_NAMES =
  /\b(OEMTeamAdmin|ChannelPartnerTeamAdmin|ChannelPartnerTeamMember|OEMTeamMember|DellAdminUser|DellUser|EndUser|AdminDisabled)\b/;

test('user list shows roles and statuses as translated words, never raw enum names', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/UserManagement/List?SortByField=Role');
  await expect(page.getByRole('heading', { level: 1, name: 'User management' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table).not.toContainText(RAW_ENUM_NAMES);
  await expect(
    table.getByRole('cell', { name: /^(Active|Inactive|Disabled|Disabled by an administrator)$/ }).first(),
  ).toBeVisible();
  await expectNoA11yViolations(page, '/UserManagement/List');
});
