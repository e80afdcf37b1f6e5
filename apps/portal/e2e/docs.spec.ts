// The API reference at /docs (issue #38): the contract rendered by Redoc from the demo API under the demo's CSP (the
// fixture fails the journey on any other CSP violation, console error or page error) and axe-clean.
import { ensureReference } from '../../../openapi/scripts/reference.ts';
import { expect, expectCspToBlock, expectNoA11yViolations, test } from './fixtures';

test.beforeAll(() => {
  ensureReference();
});

test('the API reference shows an operation with its error answers and their examples', async ({ page }) => {
  // Refused on purpose (apps/mock/src/http/docs.ts): Redocly's logo from its CDN, and the search index's
  // Function-built worker (it indexes on the main thread instead).
  expectCspToBlock('img-src');
  expectCspToBlock('script-src');
  await page.goto('/docs');
  await expect(page).toHaveTitle('Assessment portal API reference');
  await expect(page.getByRole('heading', { level: 1, name: 'Assessment portal API (1.0.0)' })).toBeVisible();

  await page.goto('/docs#/projects/getproject');
  await expect(page.getByRole('heading', { level: 2, name: 'Project details' })).toBeVisible();
  // Every answer the contract declares for getProject, the errors among them, each with its example.
  const operation = page.locator('[data-section-id="/projects/getproject"]');
  await expect(operation.getByRole('tablist', { name: 'Response status' }).getByRole('tab')).toHaveText([
    '200',
    '400',
    '401',
    '404',
    '500',
  ]);
  await operation.getByRole('button', { name: '404', exact: true }).click();
  await expect(operation.getByText('"StatusCode": 404')).toBeVisible();
  await expectNoA11yViolations(page, '/docs getProject', '[data-section-id="/projects/getproject"]');
});
