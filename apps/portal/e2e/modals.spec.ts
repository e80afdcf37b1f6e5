import { ACCOUNTS, expect, signIn, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
});

test('?modal=CollectorInfo opens the collector download dialog with its size; closing takes the parameters out', async ({
  page,
}) => {
  const serverModalCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/modal/')) serverModalCalls.push(request.url());
  });
  await page.goto('/dashboard?modal=CollectorInfo&modalsize=large');
  const dialog = page.getByRole('dialog', { name: 'Download a collector' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('data-size', 'large');
  await expect(dialog.getByLabel('Collector', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The portal renders CollectorInfo itself (the server-rendered placeholder is not loaded); the other server
  // modals' sanitizing and their non-200 message are pinned by ServerModal.test.tsx.
  expect(serverModalCalls).toEqual([]);
});

test('modal-clear removes the modal parameters at once', async ({ page }) => {
  await page.goto('/dashboard?modal=CollectorInfo&modal-clear=true');
  await expect(page.getByRole('dialog', { name: 'Download a collector' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the modal parameters stay out of the page's API calls (closing does not load the list again)", async ({
  page,
}) => {
  const listCalls: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/projects') listCalls.push(url);
  });
  await page.goto('/projects?modal=CollectorInfo&modalsize=large&foo=1');
  const dialog = page.getByRole('dialog', { name: 'Download a collector' });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page).toHaveURL(/\/projects\?foo=1$/);
  await expect(page.getByRole('table', { name: 'Projects' })).toBeVisible();
  expect(listCalls).toHaveLength(1);
  for (const param of ['modal', 'modalsize', 'foo'])
    expect(listCalls[0]?.searchParams.has(param)).toBe(false);
});
