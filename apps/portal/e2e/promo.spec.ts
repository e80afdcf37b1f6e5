// Promo sites (spec parts 2, 4, 5, 7, 9): the team admin's settings form per site — the active toggle (step two
// and the promo URL; an injected failure reverts to inactive), the logo upload (type and size refused first),
// its status polled every 5 s until ready, the logo's deletion — and the faults of each mutation (500, envelope
// error, logged-out header). Axe on every state and message; 390 px wide.
import type { PromoSite } from '@assessment/sdk';
import type { Locator, Page, Route } from '@playwright/test';
import { ACCOUNTS, expect, expectNoA11yViolations, signIn, test } from './fixtures';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
const TOGGLE = /\/api\/promo\/toggle\//;
const UPLOAD = /\/promologo\/upload/;
const DELETE = /\/api\/promo\/deletelogo\//;
const STATUS = /\/promologo\/status\/?\?/;

const FAULTS: { name: string; answer: (route: Route) => Promise<void>; text: string }[] = [
  {
    name: 'HTTP 500',
    answer: (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    text: 'Something went wrong',
  },
  {
    name: 'envelope error',
    answer: (route) =>
      route.fulfill({
        json: {
          StatusCode: 400,
          ResourceKey: null,
          ErrorState: { ErrorCode: 'validate_info' },
          Message: null,
          Data: null,
        },
      }),
    text: 'Check your input',
  },
];

async function closeAlert(page: Page, text: string): Promise<void> {
  const dialog = page.getByRole('alertdialog').filter({ hasText: text });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, `message ${text}`);
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** One of the admin's promo sites, inactive, without a logo, and its settings section. */
async function freshSite(page: Page, index: number): Promise<{ site: PromoSite; section: Locator }> {
  const sites = (await (await page.request.get('/api/promosites')).json()) as PromoSite[];
  const site = sites[index];
  if (!site) throw new Error('the partner team has promo sites in the seed');
  const id = String(site.PromoSiteId);
  await page.request.post(`/api/promo/toggle/false/${id}/header`);
  await page.request.post(`/api/promo/deletelogo/${id}/header`);
  await page.request.post(`/api/promo/deletelogo/${id}/email`);
  await page.goto('/promo');
  await expect(page.getByRole('heading', { name: 'Promo sites', level: 1 })).toBeVisible();
  const section = page.getByRole('region', { name: site.Alias, exact: true });
  await expect(section.getByRole('switch', { name: 'Active' })).not.toBeChecked();
  return { site, section };
}

test('toggle active on and off; an injected failure reverts to inactive; faults and the logged-out header', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Promo sites' }).first().click();
  await expect(page).toHaveURL(/\/promo$/);
  const { site, section } = await freshSite(page, 0);
  await expectNoA11yViolations(page, 'promo sites');
  const active = section.getByRole('switch', { name: 'Active' });

  // Each toggle is answered before the next step: a fault route installed while the last toggle is still on its
  // way would catch that toggle instead (the server would keep the site active).
  await Promise.all([page.waitForResponse(TOGGLE), active.check()]);
  await expect(active).toBeEnabled();
  await expect(section.getByRole('heading', { name: 'Step two: logo and promo URL' })).toBeVisible();
  await expect(section.getByRole('link', { name: site.PromoUrl ?? '' })).toBeVisible();
  await expectNoA11yViolations(page, 'promo site active');
  await Promise.all([page.waitForResponse(TOGGLE), active.uncheck()]);
  await expect(active).toBeEnabled();
  await expect(active).not.toBeChecked();
  await expect(section.getByRole('heading', { name: /Step two/ })).toBeHidden();

  for (const fault of FAULTS) {
    await page.route(TOGGLE, fault.answer);
    await active.click();
    await closeAlert(page, fault.text);
    await expect(active).not.toBeChecked();
    await expect(section.getByRole('heading', { name: /Step two/ })).toBeHidden();
    await page.unroute(TOGGLE);
  }
  // Still inactive on the server.
  const after = (await (
    await page.request.get(`/api/promosites/${String(site.PromoSiteId)}`)
  ).json()) as PromoSite;
  expect(after.IsActive).toBe(false);

  await page.route(TOGGLE, (route) =>
    route.fulfill({ status: 401, headers: { 'x-logged-out': '1' }, body: '' }),
  );
  await active.click();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('logo: type and size refused, uploaded, status polled every 5 s until ready, deleted; faults', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
  const { site, section } = await freshSite(page, 1);
  // The switch and step two show at once, before the server has answered: the toggle is waited for, since the
  // journey later reads the site as active from the server (after signing in again).
  const active = section.getByRole('switch', { name: 'Active' });
  await Promise.all([page.waitForResponse(TOGGLE), active.check()]);
  await expect(active).toBeEnabled();
  await expect(active).toBeChecked();
  await expect(section.getByRole('heading', { name: /Step two/ })).toBeVisible();
  const input = section.locator('input[type="file"]');

  // The file rules, before anything is sent.
  let uploads = 0;
  page.on('request', (request) => {
    if (UPLOAD.test(request.url())) uploads += 1;
  });
  await input.setInputFiles({ name: 'logo.bmp', mimeType: 'image/bmp', buffer: Buffer.from('BM') });
  await expect(section.getByRole('alert')).toHaveText(
    'Only jpg, jpeg, png and gif files can be used as a logo.',
  );
  await input.setInputFiles({
    name: 'big.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(1024 * 1024 + 1),
  });
  await expect(section.getByRole('alert')).toHaveText('The logo must be at most 1,024 kB.');
  expect(uploads).toBe(0);
  await expectNoA11yViolations(page, 'logo refused');

  // Upload faults: the message shows; nothing changes.
  for (const fault of FAULTS) {
    await page.route(UPLOAD, fault.answer);
    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await closeAlert(page, fault.text);
    await page.unroute(UPLOAD);
  }

  // The first status answer says Processing (injected); the next is asked 5 s later and is the server's (Ready).
  const statusTimes: number[] = [];
  let first = true;
  await page.route(STATUS, async (route) => {
    statusTimes.push(Date.now());
    if (first) {
      first = false;
      await route.fulfill({
        json: {
          StatusCode: 200,
          ResourceKey: null,
          ErrorState: null,
          Message: null,
          Data: { PromoSiteId: site.PromoSiteId, LogoFor: 'header', Status: 'Processing', Logo: null },
        },
      });
    } else await route.continue();
  });
  const sent = page.waitForRequest(UPLOAD);
  await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  const body = (await sent).postDataBuffer()?.toString('latin1') ?? '';
  expect(body).toContain('name="promoSiteId"');
  expect(body).toContain(String(site.PromoSiteId));
  expect(body).toContain('name="logoFor"');
  expect(body).toContain('filename="logo.png"');
  await expect(section.getByText('The logo is being processed…')).toBeVisible();
  await expect(section.getByRole('img', { name: `Logo of ${site.Alias}` })).toBeVisible();
  await expectNoA11yViolations(page, 'logo processing');
  await expect(section.getByText('The logo is ready.')).toBeVisible({ timeout: 15_000 });
  expect(statusTimes.length).toBeGreaterThanOrEqual(2);
  expect(statusTimes[1]! - statusTimes[0]!).toBeGreaterThanOrEqual(4500);
  await expect(section.getByRole('img', { name: `Logo of ${site.Alias}` })).toHaveAttribute(
    'src',
    /\/promologo\//,
  );
  await expectNoA11yViolations(page, 'logo ready');
  await page.unroute(STATUS);

  // Delete faults, then the deletion.
  const remove = section.getByRole('button', { name: 'Delete logo' });
  for (const fault of FAULTS) {
    await page.route(DELETE, fault.answer);
    await remove.click();
    await closeAlert(page, fault.text);
    await expect(remove).toBeVisible();
    await page.unroute(DELETE);
  }
  await remove.click();
  await expect(section.getByRole('img', { name: `Logo of ${site.Alias}` })).toBeHidden();
  await expect(remove).toBeHidden();
  const status = (await (
    await page.request.get(`/promologo/status/?promoSiteId=${String(site.PromoSiteId)}`)
  ).json()) as { Data: { Status: string } };
  expect(status.Data.Status).toBe('None');

  // The logged-out header on an upload and on a delete.
  await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(remove).toBeVisible();
  await page.route(DELETE, (route) =>
    route.fulfill({ status: 401, headers: { 'x-logged-out': '1' }, body: '' }),
  );
  await remove.click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.unroute(DELETE);
  await signIn(page, ACCOUNTS.partnerAdmin);
  await page.goto('/promo');
  const again = page.getByRole('region', { name: site.Alias, exact: true });
  await expect(again.getByRole('switch', { name: 'Active' })).toBeChecked();
  await page.route(UPLOAD, (route) =>
    route.fulfill({ status: 401, headers: { 'x-logged-out': '1' }, body: '' }),
  );
  await again
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('promo sites at 390 px; a team member sees them read-only', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'partner.member@contoso-partners.example');
  await page.goto('/promo');
  await expect(page.getByRole('heading', { name: 'Promo sites', level: 1 })).toBeVisible();
  const switches = page.getByRole('switch', { name: 'Active' });
  await expect(switches.first()).toBeDisabled();
  await expect(page.getByText('Only team admins can change promo sites.').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoA11yViolations(page, 'promo sites read-only at 390 px');
});
