import { closeSync, mkdtempSync, openSync, ftruncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page, Route } from '@playwright/test';
import {
  ACCOUNTS,
  expect,
  expectNoA11yViolations,
  oneSampleCollectorFile,
  signIn,
  test,
  TIMEOUT_TEXT,
} from './fixtures';

const UPLOAD_PAGE = '/collectorruns/Upload-Iokit';
const FILE_URL = '**/upload-service/iokit/file';
const STORAGE_URL = '**/upload-service/iokit/SaveFileToStorage';
const QUEUE_URL = '**/upload-service/api/iokitqueue';
const DELETE_URL = '**/upload-service/api/iokit/*';
const PROCESS_URL = '**/upload-service/iokit/ProcessSiokit';

/** A server message dialog by title, checked for its text, closed with OK. */
async function expectMessageText(page: Page, title: string, text: string): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: title });
  await expect(dialog).toContainText(text);
  await expectNoA11yViolations(page, `message ${title}`);
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Answers a call with the real answer plus the logged-out header. */
async function loggedOut(route: Route): Promise<void> {
  const response = await route.fetch();
  await route.fulfill({ response, headers: { ...response.headers(), 'x-logged-out': '1' } });
}

const COLLECTOR_FILE = oneSampleCollectorFile('e2e', 'e2e-host');

/** A small collector file in memory: a valid open collector file for .iokit names, bytes for the others. */
const file = (name: string, bytes = 2048) => ({
  name,
  mimeType: 'application/octet-stream',
  buffer: name.toLowerCase().endsWith('.iokit') ? COLLECTOR_FILE : Buffer.alloc(bytes, 7),
});

/** A sparse file on disk (the oversized one is just over the 100 MB limit and never read: the portal refuses it). */
function diskFile(name: string, bytes: number): string {
  const path = join(mkdtempSync(join(tmpdir(), 'upload-e2e-')), name);
  const fd = openSync(path, 'w');
  ftruncateSync(fd, bytes);
  closeSync(fd);
  return path;
}

const fileInput = (page: Page) => page.locator('.ui-file-drop-zone input[type="file"]');
const queue = (page: Page) => page.getByRole('list', { name: 'Files to upload' });
const queueItem = (page: Page, name: string) => queue(page).getByRole('listitem').filter({ hasText: name });
const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
const finish = (page: Page) => page.getByRole('button', { name: 'Upload', exact: true });

async function stepHeading(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeFocused();
}

/** A server message dialog (spec part 8) by its title, closed with OK. */
/**
 * iokit_cant_continue: shown in the files step with the files it names (never as a message naming no file), and
 * no message dialog over it.
 */
async function expectBlocked(page: Page): Promise<void> {
  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'Remove the files with errors before continuing:' });
  await expect(
    alert.getByRole('list', { name: 'Files with errors' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expectNoA11yViolations(page, 'files with errors');
}

async function expectMessage(page: Page, title: string): Promise<Locator> {
  const dialog = page.getByRole('alertdialog', { name: title });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, `message ${title}`);
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(dialog).toBeHidden();
  return dialog;
}

/** Signs in and walks to the files step with a new project name. */
async function toFilesStep(page: Page, type: 'Server' | 'Storage protection', name: string): Promise<void> {
  await signIn(page, ACCOUNTS.endUser);
  await page.goto(UPLOAD_PAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Upload collector files' })).toBeVisible();
  await page.getByRole('radio', { name: type }).check();
  await next(page).click();
  await stepHeading(page, 'Project name');
  await page.getByRole('textbox', { name: 'New project name' }).fill(name);
  await next(page).click();
  await stepHeading(page, 'Upload files');
}

async function uploaded(page: Page, name: string): Promise<void> {
  await expect(queueItem(page, name)).toHaveAttribute('data-status', 'done');
}

test('upload journey: refused files stay listed, remove deletes on the server, a type switch deletes all, submit opens the viewer', async ({
  page,
}) => {
  test.slow();
  const projectName = `Upload journey ${Date.now()}`;
  await signIn(page, ACCOUNTS.endUser);
  await page.goto(UPLOAD_PAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Upload collector files' })).toBeVisible();
  await expectNoA11yViolations(page, 'upload step 1');
  // Step 1: Next needs a type (translated words, from the settings call).
  await expect(next(page)).toBeDisabled();
  await page.getByRole('radio', { name: 'Server' }).check();
  await next(page).click();
  await stepHeading(page, 'Project name');
  await expectNoA11yViolations(page, 'upload step 2');
  // Step 2: the project-name pattern filters what is typed; Next needs a name.
  const nameField = page.getByRole('textbox', { name: 'New project name' });
  await expect(next(page)).toBeDisabled();
  await nameField.pressSequentially('Up<load>!');
  await expect(nameField).toHaveValue('Upload');
  await nameField.fill(projectName);
  await next(page).click();
  await stepHeading(page, 'Upload files');
  await expectNoA11yViolations(page, 'upload step 3');

  // One file refused for its type, one for its size: both stay in the queue with their message.
  await fileInput(page).setInputFiles([
    diskFile('notes.txt', 2048),
    diskFile('huge.iokit', 100 * 1024 * 1024 + 1),
  ]);
  await expect(queueItem(page, 'notes.txt')).toContainText('Only .iokit and .siokit files are allowed.');
  await expect(queueItem(page, 'huge.iokit')).toContainText('Each file must be smaller than 100 MB.');
  await expect(queueItem(page, 'notes.txt').locator('[data-error-key]')).toHaveAttribute(
    'data-error-key',
    'only_iokit_allowed',
  );
  await expectNoA11yViolations(page, 'upload queue with refused files');
  // Finish names the files that block it (iokit_cant_continue).
  await finish(page).click();
  await expectBlocked(page);
  await expect(page.getByRole('list', { name: 'Files with errors' })).toContainText('notes.txt');
  await page.getByRole('button', { name: 'Remove notes.txt' }).click();
  await page.getByRole('button', { name: 'Remove huge.iokit' }).click();
  await expect(queue(page)).toBeHidden();

  // A file that is not a readable collector file is refused by the server with its own key and message (#11).
  await fileInput(page).setInputFiles([
    { name: 'damaged.iokit', mimeType: 'application/octet-stream', buffer: Buffer.alloc(2048, 7) },
  ]);
  await expect(queueItem(page, 'damaged.iokit').locator('[data-error-key]')).toHaveAttribute(
    'data-error-key',
    'iokit_file_corrupt',
  );
  await expect(queueItem(page, 'damaged.iokit')).toContainText(
    'The file is damaged or is not a collector file.',
  );
  await page.getByRole('button', { name: 'Remove damaged.iokit' }).click();
  await expect(queue(page)).toBeHidden();

  // Two good files upload one at a time.
  const firstAnswer = page.waitForResponse((r) => r.url().endsWith('/upload-service/iokit/file'));
  await fileInput(page).setInputFiles([file('week47.iokit'), file('week48.iokit')]);
  const firstId = ((await (await firstAnswer).json()) as { FileId: string }).FileId;
  await uploaded(page, 'week47.iokit');
  await uploaded(page, 'week48.iokit');
  await expectNoA11yViolations(page, 'upload queue uploaded');

  // Removing an uploaded file deletes it on the server.
  const deleted = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().includes(`/upload-service/api/iokit/${firstId}`),
  );
  await page.getByRole('button', { name: 'Remove week47.iokit' }).click();
  expect((await deleted).status()).toBe(200);
  await expect(queueItem(page, 'week47.iokit')).toHaveCount(0);
  expect((await page.request.delete(`/upload-service/api/iokit/${firstId}`)).status()).toBe(404);

  // Switching the upload type resets the uploader and deletes every uploaded file on the server.
  await page.getByRole('button', { name: 'Back' }).click();
  await stepHeading(page, 'Project name');
  await page.getByRole('button', { name: 'Back' }).click();
  await stepHeading(page, 'Type selection');
  const allDeleted = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().includes('/upload-service/api/iokit/'),
  );
  await page.getByRole('radio', { name: 'Storage protection' }).check();
  expect((await allDeleted).status()).toBe(200);
  await next(page).click();
  await expect(nameField).toHaveValue(projectName);
  await next(page).click();
  await stepHeading(page, 'Upload files');
  await expect(queue(page)).toBeHidden();

  // Mixing iokit and siokit shows the mixing rule's own message (both types are allowed) and disables continue.
  await fileInput(page).setInputFiles([file('array.siokit'), file('mixed.iokit')]);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Upload either .iokit files or .siokit files, not both.' }),
  ).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Only .iokit and .siokit' })).toHaveCount(0);
  await expect(finish(page)).toBeDisabled();
  await uploaded(page, 'mixed.iokit');
  await page.getByRole('button', { name: 'Remove mixed.iokit' }).click();
  await uploaded(page, 'array.siokit');
  await expect(finish(page)).toBeEnabled();

  // Submit: ProcessSiokit, then the completion dialog; its default goes to the project viewer.
  await finish(page).click();
  const done = page.getByRole('dialog', { name: 'Upload complete' });
  await expect(done).toBeVisible();
  await expectNoA11yViolations(page, 'upload completion dialog');
  await expect(done.getByRole('button', { name: 'Open the project viewer' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dpackviewer\/\d+$/);
  await expect(page.getByText(projectName).first()).toBeVisible();
});

test('iokit into an existing project by type-ahead, then the completion dialog links to the project details', async ({
  page,
}) => {
  const existing = `Upload target ${Date.now()}`;
  await signIn(page, ACCOUNTS.endUser);
  const created = await page.request.post(`/api/projects/?name=${encodeURIComponent(existing)}`);
  const projectId = ((await created.json()) as { Data: { Id: number } }).Data.Id;
  await page.goto(UPLOAD_PAGE);
  await page.getByRole('radio', { name: 'Server' }).check();
  await next(page).click();
  await page.getByRole('radio', { name: 'Existing project' }).check();
  await expect(next(page)).toBeDisabled();
  const combo = page.getByRole('combobox', { name: 'Existing project' });
  await combo.fill(existing);
  await page.getByRole('option', { name: existing }).click();
  await expect(combo).toHaveValue(existing);
  await expectNoA11yViolations(page, 'upload existing project');
  await next(page).click();
  await fileInput(page).setInputFiles([file('existing.iokit')]);
  await uploaded(page, 'existing.iokit');
  // The file is stored in the background (issue #32): the dialog reads the project every second until no run is
  // Queued or Processing. Its first read is answered as if the file were 40% stored, to see the progress shown.
  let reads = 0;
  await page.route(`**/api/projects/${String(projectId)}`, async (route) => {
    reads += 1;
    const response = await route.fetch();
    const project = (await response.json()) as { CollectorRuns: { Status: string; Progress: number }[] };
    if (reads === 1)
      for (const run of project.CollectorRuns) Object.assign(run, { Status: 'Processing', Progress: 40 });
    await route.fulfill({ response, json: project });
  });
  await finish(page).click();
  const done = page.getByRole('dialog', { name: 'Upload complete' });
  await expect(done.getByRole('progressbar', { name: 'Processing the files' })).toHaveAttribute(
    'aria-valuenow',
    '40',
  );
  await expect(done.getByRole('status')).toContainText('are being processed');
  await expectNoA11yViolations(page, 'upload completion while processing');
  await expect(done.getByRole('status')).toHaveText(
    'Your files were uploaded. Where would you like to go next?',
  );
  expect(reads).toBeGreaterThanOrEqual(2);
  await page.unroute(`**/api/projects/${String(projectId)}`);
  await done.getByRole('button', { name: 'Project details' }).click();
  // The files went into the chosen project (SelectedProjectId), not a new one.
  await expect(page).toHaveURL(new RegExp(`/project/details/${String(projectId)}$`));
  await expect(page.getByText('existing (uploaded)').first()).toBeVisible();
});

test('faults on the file upload: 500, abort, timeout, malformed answer — the right message per file, queue and name kept', async ({
  page,
}) => {
  const name = `Upload faults ${Date.now()}`;
  await toFilesStep(page, 'Server', name);
  let mode: '500' | 'abort' | 'timeout' | 'malformed' | 'pass' = '500';
  await page.route(FILE_URL, async (route: Route) => {
    if (mode === 'timeout') return; // never answered: the upload times out
    if (mode === '500') await route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
    else if (mode === 'abort') await route.abort('failed');
    else if (mode === 'malformed')
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{"FileName": "x.iokit",' });
    else await route.fallback();
  });
  await fileInput(page).setInputFiles([file('fault500.iokit')]);
  await expect(queueItem(page, 'fault500.iokit')).toContainText('The file could not be uploaded.');
  mode = 'abort';
  await fileInput(page).setInputFiles([file('faultabort.iokit')]);
  await expect(queueItem(page, 'faultabort.iokit')).toContainText('Server error');
  mode = 'timeout';
  // A 1 s idle timeout instead of the SDK's 30 s for this file only (read as each upload starts): the real
  // upload below keeps the SDK's, as a loaded machine can take over a second to answer it.
  await page.evaluate(() => {
    window.assessmentUploadIdleMs = 1000;
  });
  await fileInput(page).setInputFiles([file('faulttimeout.iokit')]);
  await expect(queueItem(page, 'faulttimeout.iokit')).toContainText(TIMEOUT_TEXT);
  await page.evaluate(() => {
    delete window.assessmentUploadIdleMs;
  });
  mode = 'malformed';
  await fileInput(page).setInputFiles([file('faultbad.iokit')]);
  await expect(queueItem(page, 'faultbad.iokit')).toContainText('Server error');
  mode = 'pass';
  await fileInput(page).setInputFiles([file('good.iokit')]);
  await uploaded(page, 'good.iokit');
  // Nothing lost: every file is still listed, and the typed name is kept.
  await expect(queue(page).getByRole('listitem')).toHaveCount(5);
  await expectNoA11yViolations(page, 'upload queue with failed files');
  await finish(page).click();
  await expectBlocked(page);
  await expect(page.getByRole('list', { name: 'Files with errors' }).getByRole('listitem')).toHaveCount(4);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('textbox', { name: 'New project name' })).toHaveValue(name);
});

test('faults on submit and delete: 500 and an envelope error show their message, the queue stays', async ({
  page,
}) => {
  const name = `Upload submit faults ${Date.now()}`;
  await toFilesStep(page, 'Server', name);
  await fileInput(page).setInputFiles([file('submit.iokit')]);
  await uploaded(page, 'submit.iokit');

  await page.route(QUEUE_URL, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await finish(page).click();
  await expectMessage(page, 'Upload failed');
  await uploaded(page, 'submit.iokit');
  await page.unroute(QUEUE_URL);

  await page.route(QUEUE_URL, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        StatusCode: 400,
        ResourceKey: 'iokit_cant_continue',
        ErrorState: null,
        Message: 'submit.iokit',
        Data: null,
      }),
    }),
  );
  await finish(page).click();
  await expectBlocked(page);
  await expect(page.getByRole('list', { name: 'Files with errors' })).toContainText('submit.iokit');
  await page.unroute(QUEUE_URL);

  // A failed delete keeps the file in the queue.
  await page.route(DELETE_URL, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await page.getByRole('button', { name: 'Remove submit.iokit' }).click();
  await expectMessage(page, 'Upload failed');
  await uploaded(page, 'submit.iokit');
  await page.unroute(DELETE_URL);

  // The submit goes through once the server answers again.
  await finish(page).click();
  await expect(page.getByRole('dialog', { name: 'Upload complete' })).toBeVisible();
});

test('HTTP 302 on an upload call reloads the page', async ({ page }) => {
  await toFilesStep(page, 'Server', `Upload redirect ${Date.now()}`);
  await page.evaluate(() => {
    (window as unknown as { beforeReload?: boolean }).beforeReload = true;
  });
  await page.route(FILE_URL, (route) => route.fulfill({ status: 302, headers: { Location: UPLOAD_PAGE } }));
  const reloaded = page.waitForEvent('load');
  await fileInput(page).setInputFiles([file('redirect.iokit')]);
  await reloaded;
  await expect(page.getByRole('heading', { level: 1, name: 'Upload collector files' })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload),
  ).toBeUndefined();
});

test('a logged-out header on an upload call ends the session', async ({ page }) => {
  await toFilesStep(page, 'Storage protection', `Upload logged out ${Date.now()}`);
  await page.route(STORAGE_URL, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'x-logged-out': '1' } });
  });
  await fileInput(page).setInputFiles([file('loggedout.siokit')]);
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('390 px: every step, the queue and the completion dialog fit', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await toFilesStep(page, 'Server', `Upload narrow ${Date.now()}`);
  await fileInput(page).setInputFiles([
    file('narrow-with-a-rather-long-file-name-week47.iokit'),
    file('x.doc'),
  ]);
  await uploaded(page, 'narrow-with-a-rather-long-file-name-week47.iokit');
  await page.getByRole('button', { name: 'Remove x.doc' }).click();
  const overflow = await page.evaluate(() => {
    const main = document.querySelector('main');
    return main ? main.scrollWidth - main.clientWidth : 0;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page, 'upload files at 390 px');
  await finish(page).click();
  const done = page.getByRole('dialog', { name: 'Upload complete' });
  await expect(done).toBeVisible();
  const box = await done.boundingBox();
  expect(box).not.toBeNull();
  if (box) expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expectNoA11yViolations(page, 'upload completion at 390 px');
});

test('storage protection: ProcessSiokit faults (500, siokit_upload_failed) keep the queue; siokit_upload_incomplete then completes', async ({
  page,
}) => {
  const name = `Upload siokit faults ${Date.now()}`;
  await toFilesStep(page, 'Storage protection', name);
  await fileInput(page).setInputFiles([file('array1.siokit')]);
  await uploaded(page, 'array1.siokit');

  await page.route(PROCESS_URL, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await finish(page).click();
  await expectMessageText(page, 'Upload failed', 'The file could not be uploaded.');
  await page.unroute(PROCESS_URL);

  await page.route(PROCESS_URL, (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        StatusCode: 400,
        ResourceKey: 'siokit_upload_failed',
        ErrorState: null,
        Message: 'Not processed: array1.siokit',
        Data: null,
      }),
    }),
  );
  await finish(page).click();
  await expectMessageText(page, 'Upload failed', 'None of the files could be processed.');
  await uploaded(page, 'array1.siokit');
  await page.unroute(PROCESS_URL);

  // Some files not processed: the project exists, the message says so, then the completion dialog.
  await page.route(PROCESS_URL, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...body, ResourceKey: 'siokit_upload_incomplete' } });
  });
  await finish(page).click();
  await expectMessageText(page, 'Upload incomplete', 'Some of the files could not be processed.');
  const done = page.getByRole('dialog', { name: 'Upload complete' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'Collector run search' }).click();
  await expect(page).toHaveURL(/\/collectorruns\/search/);
  // Earlier journeys (e.g. the personas') add runs of this account: the uploaded run is sought on one long page.
  await page.goto('/collectorruns/search?PageSize=200');
  await expect(page.getByText('array1 (uploaded)').first()).toBeVisible();
});

test('the logged-out header on the queue call ends the session', async ({ page }) => {
  await toFilesStep(page, 'Server', `Upload queue logged out ${Date.now()}`);
  await fileInput(page).setInputFiles([file('queued-out.iokit')]);
  await uploaded(page, 'queued-out.iokit');
  await page.route(QUEUE_URL, loggedOut);
  await finish(page).click();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('the logged-out header on a delete ends the session', async ({ page }) => {
  await toFilesStep(page, 'Server', `Upload delete logged out ${Date.now()}`);
  await fileInput(page).setInputFiles([file('delete-out.iokit')]);
  await uploaded(page, 'delete-out.iokit');
  await page.route(DELETE_URL, loggedOut);
  await page.getByRole('button', { name: 'Remove delete-out.iokit' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('the logged-out header on ProcessSiokit ends the session', async ({ page }) => {
  await toFilesStep(page, 'Storage protection', `Upload process logged out ${Date.now()}`);
  await fileInput(page).setInputFiles([file('process-out.siokit')]);
  await uploaded(page, 'process-out.siokit');
  await page.route(PROCESS_URL, loggedOut);
  await finish(page).click();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('HTTP 302 on the queue call reloads the page too', async ({ page }) => {
  await toFilesStep(page, 'Server', `Upload queue redirect ${Date.now()}`);
  await fileInput(page).setInputFiles([file('queue-redirect.iokit')]);
  await uploaded(page, 'queue-redirect.iokit');
  await page.evaluate(() => {
    (window as unknown as { beforeReload?: boolean }).beforeReload = true;
  });
  await page.route(QUEUE_URL, (route) => route.fulfill({ status: 302, headers: { Location: UPLOAD_PAGE } }));
  const reloaded = page.waitForEvent('load');
  await finish(page).click();
  await reloaded;
  await expect(page.getByRole('heading', { level: 1, name: 'Upload collector files' })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload),
  ).toBeUndefined();
});
