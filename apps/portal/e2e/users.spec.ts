import { ACCOUNTS, expect, signIn, test } from './fixtures';

test('user list: the sort choices read and write SortByField and SortOrder (0 ascending) in the URL', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/UserManagement/List?PageSize=10&PageNumber=2&SortByField=LastName&SortOrder=1');
  await expect(page.getByRole('heading', { level: 1, name: 'User management' })).toBeVisible();
  const sortBy = page.getByRole('combobox', { name: 'Sort by' });
  const order = page.getByRole('combobox', { name: 'Order' });
  await expect(sortBy).toHaveValue('LastName');
  await expect(order).toHaveValue('1');
  await expect(page.getByRole('columnheader', { name: /Last name/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  // A new sort starts again at page 1 (defaults — page 1, ascending, Email — are left out of the URL).
  await sortBy.selectOption('FirstName');
  await expect(page).toHaveURL(/SortByField=FirstName/);
  await expect(page).not.toHaveURL(/PageNumber=/);
  await expect(page.getByRole('columnheader', { name: /First name/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await order.focus();
  await page.keyboard.press('ArrowUp');
  await expect(page).not.toHaveURL(/SortOrder=/);
  await expect(order).toHaveValue('0');
  await expect(page.getByRole('columnheader', { name: /First name/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  // The header's own sort button writes the same parameters.
  await page.getByRole('button', { name: /Last name/ }).click();
  await expect(page).toHaveURL(/SortByField=LastName/);
  await expect(sortBy).toHaveValue('LastName');
});
