import { ACCOUNTS, expect, expectCspToBlock, signIn, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
});

test('?modal=CollectorInfo opens the server modal with its size; closing takes the parameters out', async ({
  page,
}) => {
  await page.goto('/dashboard?modal=CollectorInfo&modalsize=large');
  const dialog = page.getByRole('dialog', { name: 'Collector information' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('data-size', 'large');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('modal-clear removes the modal parameters at once', async ({ page }) => {
  await page.goto('/dashboard?modal=CollectorInfo&modal-clear=true');
  await expect(page.getByRole('dialog', { name: 'Collector information' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('server modal HTML is sanitized before display', async ({ page }) => {
  // The payload's inline handler is also refused by the CSP (defence in depth), which reports it.
  expectCspToBlock('script-src-attr');
  await page.route('**/modal/CollectorInfo**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<p id="ok">Collector ready</p><script>window.__xss = 1</script><img src="x" onerror="window.__xss = 2"><a href="javascript:window.__xss=3">x</a>',
    }),
  );
  await page.goto('/dashboard?modal=CollectorInfo');
  const dialog = page.getByRole('dialog', { name: 'Collector information' });
  await expect(dialog.locator('#ok')).toHaveText('Collector ready');
  await expect(dialog.locator('script')).toHaveCount(0);
  await expect(dialog.locator('img')).not.toHaveAttribute('onerror');
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
});

test('a modal that does not load with 200 shows operationnotallowed', async ({ page }) => {
  await page.route('**/modal/CollectorInfo**', (route) => route.fulfill({ status: 403, body: '' }));
  await page.goto('/dashboard?modal=CollectorInfo');
  await expect(page.getByRole('alertdialog', { name: 'Not allowed' })).toContainText(
    'You are not allowed to perform this operation.',
  );
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
  const dialog = page.getByRole('dialog', { name: 'Collector information' });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/projects\?foo=1$/);
  await expect(page.getByRole('table', { name: 'Projects' })).toBeVisible();
  expect(listCalls).toHaveLength(1);
  for (const param of ['modal', 'modalsize', 'foo'])
    expect(listCalls[0]?.searchParams.has(param)).toBe(false);
});
