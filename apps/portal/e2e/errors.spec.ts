import type { Page, Route } from '@playwright/test';
import { ACCOUNTS, expect, shortenSdkTimeout, signIn, test, TIMEOUT_TEXT } from './fixtures';

const ERROR_404 = "Error 404 - The file you're looking for could not be found.";

/** Answers the profile save (PUT /api/profile) with the handler; the page's own read passes through. */
function routeProfileSave(page: Page, handler: (route: Route) => unknown) {
  return page.route('**/api/profile', (route) =>
    route.request().method() === 'PUT' ? handler(route) : route.fallback(),
  );
}

/** Changes the country on the profile page and saves: PUT /api/profile, the call each test breaks. */
async function saveAnotherCountry(page: Page) {
  await page.goto('/account/profile');
  const country = page.getByRole('combobox', { name: 'Country' });
  await country.fill('Germany');
  await country.blur();
  await page.getByRole('button', { name: 'Save changes' }).click();
}

test.beforeEach(async ({ page }) => {
  await signIn(page, ACCOUNTS.endUser);
});

test('StatusCode ≠ 200: the ResourceKey message from the server', async ({ page }) => {
  await routeProfileSave(page, (route) =>
    route.fulfill({
      json: {
        StatusCode: 409,
        ResourceKey: 'operationnotallowed',
        ErrorState: null,
        Message: null,
        Data: null,
      },
    }),
  );
  await saveAnotherCountry(page);
  const dialog = page.getByRole('alertdialog', { name: 'Not allowed' });
  await expect(dialog).toContainText('You are not allowed to perform this operation.');
});

test('StatusCode ≠ 200 without ResourceKey: ErrorState.ErrorCode', async ({ page }) => {
  await routeProfileSave(page, (route) =>
    route.fulfill({
      json: {
        StatusCode: 400,
        ResourceKey: null,
        ErrorState: { ErrorCode: 'emptyfield' },
        Message: null,
        Data: null,
      },
    }),
  );
  await saveAnotherCountry(page);
  await expect(page.getByRole('alertdialog', { name: 'Required field' })).toContainText(
    'This field cannot be empty.',
  );
});

test('a message with empty title and text shows the default error', async ({ page }) => {
  await page.route('**/api/message/validate_info', (route) =>
    route.fulfill({ json: { title: '', message: '', actions: [] } }),
  );
  await routeProfileSave(page, (route) =>
    route.fulfill({
      json: { StatusCode: 400, ResourceKey: 'validate_info', ErrorState: null, Message: null, Data: null },
    }),
  );
  await saveAnotherCountry(page);
  await expect(page.getByRole('alertdialog', { name: 'Error' })).toContainText(
    'An error occurred. Please try again later.',
  );
});

test('HTTP 404 shows the fixed 404 text', async ({ page }) => {
  await routeProfileSave(page, (route) => route.fulfill({ status: 404, body: 'missing' }));
  await saveAnotherCountry(page);
  await expect(page.getByRole('alertdialog')).toContainText(ERROR_404);
});

test('a timeout shows the fixed connectivity text', async ({ page }) => {
  // Shorten the SDK's 30 s timeout for this page only; the call itself never answers.
  await shortenSdkTimeout(page, 1500);
  await routeProfileSave(page, () => undefined);
  await saveAnotherCountry(page);
  await expect(page.getByRole('alertdialog')).toContainText(TIMEOUT_TEXT, { timeout: 15_000 });
});

test('an unknown failure (HTTP 500, no envelope) shows the generic message', async ({ page }) => {
  await routeProfileSave(page, (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }),
  );
  await saveAnotherCountry(page);
  await expect(page.getByRole('alertdialog', { name: 'Something went wrong' })).toContainText(
    'Sorry, an unexpected error occurred. Please try again.',
  );
});

test('a network failure shows the generic message', async ({ page }) => {
  await routeProfileSave(page, (route) => route.abort('connectionreset'));
  await saveAnotherCountry(page);
  await expect(page.getByRole('alertdialog', { name: 'Something went wrong' })).toBeVisible();
});

test('a failing page load shows the catalogue text in the page with a retry', async ({ page }) => {
  await page.route('**/api/dashboard', (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }),
  );
  await page.goto('/dashboard');
  await expect(page.getByRole('alert')).toContainText('try again in a moment');
  await page.unroute('**/api/dashboard');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
