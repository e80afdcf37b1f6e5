// The API reference at /docs (issue #38): the contract rendered by Redoc from the demo API under the demo's CSP (the
// fixture fails the journey on any other CSP violation, console error or page error) and axe-clean.
import AxeBuilder from '@axe-core/playwright';
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

// The upload operation's view (a multipart body, a 302 among its answers, two examples of its 200) in both colour
// schemes Redoc follows from the reader's system (prefers-color-scheme), with the tags of the shared check and
// label-content-name-mismatch: Redoc's example switcher, labelled "Example" while it shows the chosen example's
// summary, is named "Example: <summary>" by the page's template (openapi/reference/template.hbs).
for (const colorScheme of ['light', 'dark'] as const) {
  test(`the upload operation's view is axe-clean in the ${colorScheme} colour scheme`, async ({ page }) => {
    expectCspToBlock('img-src');
    expectCspToBlock('script-src');
    await page.emulateMedia({ colorScheme });
    await page.goto('/docs#/upload/uploadiokitfile');
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${colorScheme}\\b`));
    const view = '[data-section-id="/upload/uploadiokitfile"]';
    await expect(
      page.locator(view).getByRole('heading', { level: 2, name: 'Upload one collector file' }),
    ).toBeVisible();
    const switcher = page
      .locator(view)
      .getByRole('button', { name: /^Example: / })
      .first();
    await expect(switcher).toHaveAccessibleName(`Example: ${(await switcher.innerText()).trim()}`);
    // The tags of the shared check, then the experimental rule the tags leave out (axe runs it only when named).
    for (const builder of [
      new AxeBuilder({ page }).include(view).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']),
      new AxeBuilder({ page }).include(view).withRules(['label-content-name-mismatch']),
    ]) {
      const results = await builder.analyze();
      expect(
        results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    }
  });
}
