import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, expectNoA11yViolations, signIn, test } from './fixtures';

const REASSIGN_FAILURE = 'There was an error while transfering the project to the new owner';

async function createProject(page: Page, name: string): Promise<number> {
  const created = await page.request.post(`/api/projects/?name=${encodeURIComponent(name)}`);
  expect(created.ok()).toBe(true);
  return ((await created.json()) as { Data: { Id: number } }).Data.Id;
}

/** The signed-in persona's seeded project whose processing failed (it offers retry and a support ticket). */
async function failedProject(page: Page): Promise<{ Id: number; Name: string }> {
  const response = await page.request.get('/api/projects?myProjectsOnly=true&PageSize=200');
  const body = (await response.json()) as {
    Items: { Id: number; Name: string; ProcessingFailed: boolean }[];
  };
  const failed = body.Items.find((project) => project.ProcessingFailed);
  expect(failed, 'a seeded project whose processing failed').toBeDefined();
  return failed!;
}

async function closeMessage(page: Page, title: string): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}

test('owner reassign as internal staff: email check, account found, confirm, transfer', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  const name = `Reassign ${Date.now()}`;
  const id = await createProject(page, name);
  await page.goto(`/project/details/${id}`);
  await page.getByRole('button', { name: 'Transfer ownership' }).click();
  const dialog = page.getByRole('dialog', { name: `Transfer ${name} to a new owner` });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, 'reassign dialog, email check');
  const email = dialog.getByRole('textbox', { name: "New owner's email" });

  await email.fill('not an email');
  await dialog.getByRole('button', { name: 'Check email' }).click();
  await closeMessage(page, 'Invalid email');
  // The internal-domain rule of part 5: a partner's address is refused before any call; the text stays.
  await email.fill(ACCOUNTS.partnerAdmin);
  await dialog.getByRole('button', { name: 'Check email' }).click();
  await expect(dialog.getByText('The new owner must have an email address on dell.example.')).toBeVisible();
  await expect(email).toHaveValue(ACCOUNTS.partnerAdmin);
  await email.fill('nobody.here@dell.example');
  await dialog.getByRole('button', { name: 'Check email' }).click();
  // The owner's own words, no "capture account" (that message belongs to registration).
  await expect(
    dialog.getByText('No active account uses nobody.here@dell.example. Enter the email of an internal user.'),
  ).toBeVisible();
  await expect(dialog).not.toContainText('capture account');

  await email.fill('staff@dell.example');
  await dialog.getByRole('button', { name: 'Check email' }).click();
  await expect(dialog.getByText('Account found:')).toBeVisible();
  await expect(dialog).toContainText('staff@dell.example');
  await expectNoA11yViolations(page, 'reassign dialog, confirm');

  // A failing transfer shows the spec's fixed text and keeps the found account for another try.
  const reassignUrl = /\/api\/projectverifyowner\/dellreassignownership\/\d+\/\d+/;
  await page.route(reassignUrl, (route) => route.fulfill({ status: 500, body: '{}' }));
  await dialog.getByRole('button', { name: 'Transfer ownership' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(REASSIGN_FAILURE);
  await page.unroute(reassignUrl);
  await page.route(reassignUrl, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        StatusCode: 409,
        ResourceKey: null,
        ErrorState: { ErrorCode: 'operationnotallowed' },
        Message: null,
        Data: null,
      }),
    }),
  );
  await dialog.getByRole('button', { name: 'Transfer ownership' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(REASSIGN_FAILURE);
  await expect(dialog).toContainText('staff@dell.example');
  await page.unroute(reassignUrl);
  await dialog.getByRole('button', { name: 'Transfer ownership' }).click();
  await closeMessage(page, 'Project updated');
  await expect(page.getByRole('definition').filter({ hasText: 'staff@dell.example' })).toBeVisible();
});

test('owner reassign is hidden from a partner and refused by the server', async ({ page }) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
  const id = await createProject(page, `Partner keeps ${Date.now()}`);
  await page.goto(`/project/details/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: /Project details/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Transfer ownership' })).toHaveCount(0);
  const refused = await page.request.post(`/api/projectverifyowner/dellreassignownership/${id}/1`);
  expect(refused.ok()).toBe(false);
  expect(((await refused.json()) as { StatusCode: number }).StatusCode).not.toBe(200);
  await page.reload();
  await expect(page.getByRole('definition').filter({ hasText: ACCOUNTS.partnerAdmin })).toBeVisible();
});

test('project-error support ticket: the service error shape shown, typed text kept, ticket_submitted', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.endUser);
  // Offered only for a project in an error state: not for a healthy one.
  const healthy = await createProject(page, `Healthy ${Date.now()}`);
  await page.goto(`/project/details/${healthy}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Report a problem' })).toHaveCount(0);
  const { Id: id, Name: name } = await failedProject(page);
  await page.goto(`/project/details/${id}`);
  await expect(page.getByRole('heading', { name: 'Processing failed' })).toBeVisible();
  await page.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem with this project' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /Subject/ })).toHaveValue(
    `Project ${id}: ${name} – processing error`,
  );
  await expectNoA11yViolations(page, 'support ticket dialog');
  await dialog.getByRole('button', { name: 'Send to support' }).click();
  await closeMessage(page, 'Required field');

  const text = 'The viewer shows no servers after the upload.';
  const body = dialog.getByRole('textbox', { name: /What went wrong/ });
  await body.fill(text);
  const ticketUrl = '**/support-service/api/v2/requests.json';
  await page.route(ticketUrl, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'InternalError', description: 'The ticket could not be stored.' }),
    }),
  );
  await dialog.getByRole('button', { name: 'Send to support' }).click();
  await expect(dialog.getByTestId('ticket-error')).toHaveText(
    'The ticket could not be stored. (InternalError)',
  );
  await expect(body).toHaveValue(text);
  await expectNoA11yViolations(page, 'support ticket dialog, refused');
  await page.unroute(ticketUrl);
  await dialog.getByRole('button', { name: 'Send to support' }).click();
  await closeMessage(page, 'Ticket submitted');
  await expect(dialog).toBeHidden();
});

test('390 px: the reassign and ticket dialogs fit', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ACCOUNTS.admin);
  const { Id: id } = await failedProject(page);
  await page.goto(`/project/details/${id}`);
  for (const [button, title] of [
    ['Transfer ownership', /Transfer .* to a new owner/],
    ['Report a problem', 'Report a problem with this project'],
  ] as const) {
    await page.getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }
  const main = await page.evaluate(() => {
    const element = document.querySelector('main')!;
    return element.scrollWidth - element.clientWidth;
  });
  expect(main).toBeLessThanOrEqual(0);
});
