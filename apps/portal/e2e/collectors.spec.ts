import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page, Route } from '@playwright/test';
import {
  ACCOUNTS,
  expect,
  expectMessage,
  expectNoA11yViolations,
  shortenSdkTimeout,
  signIn,
  test,
  TIMEOUT_TEXT,
} from './fixtures';

const DOWNLOAD_FAILED = 'Download failed';

/** The fixed timeout text in the app's error modal, pressed away. */
async function expectTimeoutText(page: Page): Promise<void> {
  const dialog = page.getByRole('alertdialog').filter({ hasText: TIMEOUT_TEXT });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button').first().click();
  await expect(dialog).toBeHidden();
}

/** The SDK's 30 s timeout shortened to 1.5 s for the pages loaded after this (the broken call never answers). */
async function shortenTimeouts(page: Page): Promise<void> {
  await shortenSdkTimeout(page, 1500);
}

const envelopeError = (route: Route) =>
  route.fulfill({
    status: 200,
    contentType: 'application/json',
    body: JSON.stringify({
      StatusCode: 409,
      ResourceKey: 'operationnotallowed',
      ErrorState: null,
      Message: null,
      Data: null,
    }),
  });
const serverError = (route: Route) =>
  route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
const loggedOut = (route: Route) =>
  route.fulfill({ status: 401, headers: { 'x-logged-out': '1' }, body: '' });

/** The saved file: its name, and bytes that are a real zip package. */
async function expectZipSaved(download: Download, name: RegExp): Promise<number> {
  expect(download.suggestedFilename()).toMatch(name);
  const path = await download.path();
  const bytes = await readFile(path);
  expect(bytes.length).toBeGreaterThan(200);
  // A zip's local file header signature.
  expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  return bytes.length;
}

async function chooseTemplate(scope: Locator, label: string): Promise<void> {
  await scope.getByLabel('Collector', { exact: true }).selectOption({ label });
}

test('dashboard: choose a collector, prepare it (progress), the browser saves the zip', async ({ page }) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Download a collector' }).click();
  await expect(page).toHaveURL(/[?&]modal=CollectorInfo/);
  const dialog = page.getByRole('dialog', { name: 'Download a collector' });
  await expect(dialog.getByRole('option', { name: 'Linux collector (x64)' })).toBeAttached();
  await expectNoA11yViolations(page, 'collector download dialog');

  // Nothing chosen: the server's choose_collector message.
  await dialog.getByRole('button', { name: 'Prepare collector' }).click();
  await expectMessage(page, 'Choose a collector');

  // The first readiness answer says "not yet": the progress shows until the next poll finds it ready.
  let polls = 0;
  await page.route(/\/collector\/iscollectorready\?/, async (route) => {
    polls += 1;
    if (polls > 1) return route.continue();
    const answer = await route.fetch();
    const body = (await answer.json()) as { Data: { IsReady: boolean } };
    return route.fulfill({ response: answer, json: { ...body, Data: { ...body.Data, IsReady: false } } });
  });
  await chooseTemplate(dialog, 'Linux collector (x64)');
  await dialog.getByRole('button', { name: 'Prepare collector' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Preparing your collector' })).toBeVisible();
  await expectNoA11yViolations(page, 'collector download dialog, preparing');

  const link = dialog.getByRole('link', { name: /^Download collector-linux-\d+\.zip$/ });
  await expect(link).toBeVisible();
  expect(polls).toBeGreaterThanOrEqual(2);
  await expectNoA11yViolations(page, 'collector download dialog, ready');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  await expectZipSaved(download, /^collector-linux-\d+\.zip$/);

  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/modal=/);
});

test('?modal=CollectorInfo opens the download dialog on page load; the run search has the button too', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.endUser);
  await page.goto('/collectorruns/search?modal=CollectorInfo');
  const dialog = page.getByRole('dialog', { name: 'Download a collector' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Collector', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/modal=/);

  await page.getByRole('button', { name: 'Download a collector' }).click();
  await chooseTemplate(dialog, 'Windows collector (x64)');
  await dialog.getByRole('button', { name: 'Prepare collector' }).click();
  const link = dialog.getByRole('link', { name: /^Download collector-windows-\d+\.zip$/ });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  await expectZipSaved(download, /^collector-windows-\d+\.zip$/);
  // Another collector from the same dialog.
  await dialog.getByRole('button', { name: 'Prepare another collector' }).click();
  await expect(dialog.getByRole('button', { name: 'Prepare collector' })).toBeVisible();
});

test('capture link: no sign-in, the token builds and downloads the collector; a link without token', async ({
  page,
}) => {
  // A capture request of the demo's seed (single-use: this journey spends it).
  const token = 'demo-capture-01';
  await page.goto(`/dpackcapture?CaptureRequestToken=${token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Download your collector' })).toBeVisible();
  await expect(page).toHaveTitle('Download your collector – Assessment Portal');
  await expect(page.getByRole('option', { name: 'VMware vCenter collector' })).toBeAttached();
  await expectNoA11yViolations(page, 'capture link page');

  const inserted = page.waitForRequest(/\/collector\/InsertFromDpackCapture$/);
  await chooseTemplate(page.getByRole('main'), 'VMware vCenter collector');
  await page.getByRole('button', { name: 'Prepare collector' }).click();
  expect((await inserted).postDataJSON()).toEqual({ CaptureRequestToken: token, CollectorTemplateId: 7 });
  const link = page.getByRole('link', { name: /^Download collector-vmware-\d+\.zip$/ });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', new RegExp(`captureRequestToken=${token}$`));
  // The VMware package ships the vSphere collector (issue #41): the page says what it holds.
  await expect(page.getByText(/^The package holds the vSphere collector for Linux/)).toBeVisible();
  await expectNoA11yViolations(page, 'capture link page, ready');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  await expectZipSaved(download, /^collector-vmware-\d+\.zip$/);

  // The capture insert fails: collectorDownloadError; then it works again.
  await page.route(/\/collector\/InsertFromDpackCapture$/, serverError);
  await page.getByRole('button', { name: 'Prepare another collector' }).click();
  await chooseTemplate(page.getByRole('main'), 'Linux collector (x64)');
  await page.getByRole('button', { name: 'Prepare collector' }).click();
  await expectMessage(page, DOWNLOAD_FAILED);
  await expect(page.getByRole('alert')).toContainText('The collector could not be prepared.');
  await page.unroute(/\/collector\/InsertFromDpackCapture$/);
  // An envelope error names its own key; a dropped connection is the download's error too.
  await page.route(/\/collector\/InsertFromDpackCapture$/, envelopeError);
  await page.getByRole('button', { name: 'Prepare collector' }).click();
  await expectMessage(page, 'Not allowed');
  await page.unroute(/\/collector\/InsertFromDpackCapture$/);
  await page.route(/\/collector\/InsertFromDpackCapture$/, (route) => route.abort('connectionreset'));
  await page.getByRole('button', { name: 'Prepare collector' }).click();
  await expectMessage(page, DOWNLOAD_FAILED);
  await page.unroute(/\/collector\/InsertFromDpackCapture$/);
  // The logged-out header ends only a signed-in session: the public capture page stays, with the message.
  await page.route(/\/collector\/InsertFromDpackCapture$/, loggedOut);
  await page.getByRole('button', { name: 'Prepare collector' }).click();
  await expectMessage(page, DOWNLOAD_FAILED);
  await expect(page).toHaveURL(/\/dpackcapture\?/);
  await page.unroute(/\/collector\/InsertFromDpackCapture$/);

  await page.goto('/dpackcapture');
  await expect(page.getByRole('alert')).toContainText('This capture link is not valid.');
  await expectNoA11yViolations(page, 'capture link without token');
});

test('download faults: 500 and a failed poll give collectorDownloadError, an envelope its key, a timeout the fixed text, the logged-out header signs out', async ({
  page,
}) => {
  test.slow();
  await shortenTimeouts(page);
  await signIn(page, ACCOUNTS.partnerAdmin);
  await page.goto('/dashboard?modal=CollectorInfo');
  const dialog = page.getByRole('dialog', { name: 'Download a collector' });
  await chooseTemplate(dialog, 'Windows collector (x64)');
  const prepare = dialog.getByRole('button', { name: 'Prepare collector' });
  const insertUrl = /\/collector\/insert\?/;

  await page.route(insertUrl, serverError);
  await prepare.click();
  await expectMessage(page, DOWNLOAD_FAILED);
  await expect(dialog.getByRole('alert')).toContainText('The collector could not be prepared.');
  await expectNoA11yViolations(page, 'collector download dialog, failed');
  await page.unroute(insertUrl);

  await page.route(insertUrl, envelopeError);
  await prepare.click();
  await expectMessage(page, 'Not allowed');
  await page.unroute(insertUrl);

  await page.route(insertUrl, () => undefined);
  await prepare.click();
  await expectTimeoutText(page);
  await page.unroute(insertUrl);

  // The readiness poll fails: the build ends with collectorDownloadError, the choice is kept for another try.
  await page.route(/\/collector\/iscollectorready\?/, serverError);
  await prepare.click();
  await expectMessage(page, DOWNLOAD_FAILED);
  await expect(dialog.getByLabel('Collector', { exact: true })).toHaveValue('4');
  await page.unroute(/\/collector\/iscollectorready\?/);
  // The download details fail the same way.
  await page.route(/\/collector\/getcollector\?/, envelopeError);
  await prepare.click();
  await expectMessage(page, 'Not allowed');
  await page.unroute(/\/collector\/getcollector\?/);

  await page.route(insertUrl, loggedOut);
  await prepare.click();
  await expect(page).toHaveURL(/\/auth\/login/);
});

/** The first key collector the admin sees enabled: its row and name. */
async function enabledKey(page: Page): Promise<{ row: Locator; name: string }> {
  const disable = page.getByRole('button', { name: /^Disable / }).first();
  await expect(disable).toBeVisible();
  const name = ((await disable.getAttribute('aria-label')) ?? '').replace(/^Disable /, '');
  return { row: page.getByRole('row').filter({ hasText: name }), name };
}

test('RSA-key collectors: disable and re-enable behind the confirmations; a reload shows the stored state', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'RSA-key collectors' }).click();
  await expect(page).toHaveURL(/\/collectors\/keys$/);
  await expect(page.getByRole('heading', { level: 1, name: 'RSA-key collectors' })).toBeVisible();
  await expect(page).toHaveTitle('RSA-key collectors – Assessment Portal');
  await expectNoA11yViolations(page, 'key collectors page');
  const { row, name } = await enabledKey(page);
  await expect(row.getByRole('cell', { name: 'Enabled', exact: true })).toBeVisible();

  // Cancel changes nothing.
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/collector\//.test(request.url())) posts += 1;
  });
  await row.getByRole('button', { name: `Disable ${name}` }).click();
  await expectMessage(page, 'Disable collector', 'Cancel');
  expect(posts).toBe(0);

  await row.getByRole('button', { name: `Disable ${name}` }).click();
  const confirmDisable = await expectMessage(page, 'Disable collector', null);
  await expect(confirmDisable).toContainText('Do you want to disable this collector?');
  await expectNoA11yViolations(page, 'confirm_disable_collector');
  await confirmDisable.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name} is disabled.` })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Disabled', exact: true })).toBeVisible();
  await page.reload();
  await expect(row.getByRole('cell', { name: 'Disabled', exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Enable ${name}` }).click();
  const confirmEnable = await expectMessage(page, 'Enable collector', null);
  await expectNoA11yViolations(page, 'confirm_enable_collector');
  await confirmEnable.getByRole('button', { name: 'Confirm' }).click();
  await expect(row.getByRole('cell', { name: 'Enabled', exact: true })).toBeVisible();
  await page.reload();
  await expect(row.getByRole('cell', { name: 'Enabled', exact: true })).toBeVisible();
  expect(posts).toBe(2);
});

test('RSA-key collector faults: 500, envelope error, timeout, abort and the logged-out header; the state stays', async ({
  page,
}) => {
  test.slow();
  await shortenTimeouts(page);
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/collectors/keys');
  const { row, name } = await enabledKey(page);
  const url = /\/api\/collector\/[^/?]+\?isenabled=/;
  const disable = async () => {
    await row.getByRole('button', { name: `Disable ${name}` }).click();
    await page
      .getByRole('alertdialog', { name: 'Disable collector' })
      .getByRole('button', { name: 'Confirm' })
      .click();
  };

  await page.route(url, serverError);
  await disable();
  await expectMessage(page, 'Something went wrong');
  await page.unroute(url);
  await page.route(url, envelopeError);
  await disable();
  await expectMessage(page, 'Not allowed');
  await page.unroute(url);
  await page.route(url, () => undefined);
  await disable();
  await expectTimeoutText(page);
  await page.unroute(url);
  await page.route(url, (route) => route.abort('connectionreset'));
  await disable();
  await expectMessage(page, 'Something went wrong');
  await page.unroute(url);
  await page.reload();
  await expect(row.getByRole('cell', { name: 'Enabled', exact: true })).toBeVisible();

  await page.route(url, loggedOut);
  await disable();
  await expect(page).toHaveURL(/\/auth\/login/);
});

/** No sideways scrolling of the page or a dialog at the current width. */
async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const main = document.querySelector('main');
    const dialog = document.querySelector('[role="dialog"], [role="alertdialog"]');
    return {
      main: main ? main.scrollWidth - main.clientWidth : 0,
      dialogRight: dialog ? dialog.getBoundingClientRect().right - window.innerWidth : 0,
      dialogLeft: dialog ? dialog.getBoundingClientRect().left : 0,
    };
  });
  expect(overflow.main).toBeLessThanOrEqual(0);
  expect(overflow.dialogRight).toBeLessThanOrEqual(0);
  expect(overflow.dialogLeft).toBeGreaterThanOrEqual(0);
}

test('390 px: the download dialog, the key collectors page and the capture link fit', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Download a collector' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download a collector' });
  await chooseTemplate(dialog, 'Storage array collector');
  await expectNoHorizontalOverflow(page);
  await dialog.getByRole('button', { name: 'Prepare collector' }).click();
  const link = dialog.getByRole('link', { name: /^Download collector-storage-\d+\.zip$/ });
  await expect(link).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoA11yViolations(page, 'download dialog at 390 px');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  await expectZipSaved(download, /^collector-storage-\d+\.zip$/);
  await page.keyboard.press('Escape');

  await page.goto('/collectors/keys');
  await expect(page.getByRole('heading', { level: 1, name: 'RSA-key collectors' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoA11yViolations(page, 'key collectors at 390 px');
  await page
    .getByRole('button', { name: /^(Disable|Enable) / })
    .first()
    .click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`/dpackcapture?CaptureRequestToken=e2e-narrow-${Date.now().toString(36)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Download your collector' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoA11yViolations(page, 'capture link at 390 px');
});
