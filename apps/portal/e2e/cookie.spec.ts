import { expect, expectNoA11yViolations, test } from './fixtures';

// Without the fixture's acknowledgment: a first visit in a fresh browser (every other check of the journeys stays).
test.use({ acknowledgeCookies: false });

test('the cookie notice shows until acknowledged (displayedCookieWarning) and is accessible', async ({
  page,
}) => {
  await page.goto('/auth/login');
  const notice = page.getByRole('region', { name: 'Cookie notice' });
  await expect(notice).toBeVisible();
  await expectNoA11yViolations(page, 'cookie notice');
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(notice).toBeHidden();
  expect(await page.evaluate(() => window.localStorage.getItem('displayedCookieWarning'))).toBe('true');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie notice' })).toHaveCount(0);
});

// Issue #14: what a phone's first visit asks for before the page shows (each request costs a round trip on one of
// HTTP/1.1's six connections). That the notice loads only after the page has rendered is GlobalChrome.test.tsx's.
test('a first visit asks for one stylesheet and no icon file, starts the Intl warm-up worker, and the cookie notice still comes', async ({
  page,
}) => {
  const requested: string[] = [];
  const workers: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
  // The portal's styles are one file; the icon is inline in the page, as a PNG (an SVG icon costs the renderer a
  // whole SVG document, 40-60 ms of main thread as the app starts).
  expect(requested.filter((path) => path.endsWith('.css'))).toHaveLength(1);
  expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/png;base64,/);
  // Intl's start-up runs in a worker (src/lib/i18n/intl-warmup.ts), on the pages with a boot script and on any other
  // (index.html) alike.
  // (Playwright reports a worker asynchronously: waited for, not read at once.)
  await expect.poll(() => workers).toEqual([expect.stringMatching(/^\/assets\/intl-warmup-[\w-]+\.js$/)]);
  await page.goto('/selectcompany');
  await expect(page.getByRole('dialog', { name: 'Select company' })).toBeVisible();
  await expect.poll(() => workers).toEqual([workers[0], workers[0]]);
});
