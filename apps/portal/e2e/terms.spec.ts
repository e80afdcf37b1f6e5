import { ACCOUNTS, expect, signIn, test } from './fixtures';

// One account with the EULA pending: declining changes nothing on the server, so the order below is safe.
test.describe.configure({ mode: 'serial' });

test('clicking outside the unaccepted terms modal counts as decline and logs out', async ({ page }) => {
  await signIn(page, ACCOUNTS.pendingEula);
  const dialog = page.getByRole('dialog', { name: 'End user license agreement' });
  await expect(dialog).toContainText('end user license agreement');
  await page.mouse.click(5, 5);
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('declining the terms logs out', async ({ page }) => {
  await signIn(page, ACCOUNTS.pendingEula);
  await page
    .getByRole('dialog', { name: 'End user license agreement' })
    .getByRole('button', { name: 'Decline' })
    .click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\/login\?ReturnUrl=/);
});

test('accepting the terms leads to /dashboard and the modal does not come back', async ({ page }) => {
  await signIn(page, ACCOUNTS.pendingEula, '/projects');
  await page
    .getByRole('dialog', { name: 'End user license agreement' })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('an answer with Message PartnerTCNeeded leads to the partner terms page and its modal', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.pendingPartner);
  await page.route('**/TCAccepted/true', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...body, Message: 'PartnerTCNeeded' } });
  });
  await page
    .getByRole('dialog', { name: 'Partner terms and conditions' })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(page).toHaveURL(/\/account\/PartnerTCNeeded\?modal=PartnerTCNeeded$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Partner terms needed' })).toBeVisible();
  await page.unroute('**/TCAccepted/true');
  await page
    .getByRole('dialog', { name: 'Partner terms and conditions' })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
