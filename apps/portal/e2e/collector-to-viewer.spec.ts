// Issue #11's journey: the real Linux collector runs here for a few seconds, its file goes through the upload
// stepper into a new project, the viewer shows this machine, a node left out changes the figures (and leaves nothing
// to publish), the project is published and opens signed out, read-only, with the same host.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, expectNoA11yViolations, signIn, test } from './fixtures';

const COLLECTOR = fileURLToPath(new URL('../../../collector/linux/iokit-collect.sh', import.meta.url));

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });

test('the real collector → upload → viewer with this machine → node left out → published → signed out', async ({
  page,
  browser,
}) => {
  test.slow();
  // Run the collector: 1 s samples for 4 s (POSIX sh + awk + gzip, as on any Linux server).
  const file = join(mkdtempSync(join(tmpdir(), 'collector-')), 'this-machine.iokit');
  execFileSync('sh', [COLLECTOR, '-i', '1', '-d', '4', '-o', file], { stdio: 'ignore', timeout: 60_000 });
  const host = hostname();

  const projectName = `Collected here ${String(Date.now())}`;
  await signIn(page, ACCOUNTS.endUser);
  await page.goto('/collectorruns/Upload-Iokit');
  await page.getByRole('radio', { name: 'Server' }).check();
  await next(page).click();
  await page.getByRole('textbox', { name: 'New project name' }).fill(projectName);
  await next(page).click();
  await page.locator('.ui-file-drop-zone input[type="file"]').setInputFiles(file);
  const item = page
    .getByRole('list', { name: 'Files to upload' })
    .getByRole('listitem')
    .filter({ hasText: 'this-machine.iokit' });
  await expect(item).toHaveAttribute('data-status', 'done');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const done = page.getByRole('dialog', { name: 'Upload complete' });
  await done.getByRole('button', { name: 'Open the project viewer' }).click();
  await expect(page).toHaveURL(/\/dpackviewer\/\d+$/);
  const projectId = Number(/\/dpackviewer\/(\d+)$/.exec(page.url())?.[1]);

  // This machine, from its own /proc: its host in the totals, the top lists and the node list.
  await expect(page.getByRole('heading', { level: 2, name: 'Performance' })).toBeVisible();
  await expect(page.getByTestId('viewer-scope')).toContainText('Total over 1 enabled server');
  await expect(page.getByRole('table', { name: 'Top servers by CPU' })).toContainText(host);
  await expect(page.getByRole('table', { name: 'Capacity' })).toContainText(host);
  const include = page.getByRole('checkbox', { name: `Include ${host} in the totals` });
  await expect(include).toBeChecked();
  await expectNoA11yViolations(page, 'viewer of the collected file');

  // Left out: no server is counted any more, and there is nothing to publish (nodes_required_to_publish).
  await include.click();
  await expect(include).not.toBeChecked();
  await expect(page.getByTestId('viewer-scope')).not.toContainText('Total over 1 enabled server');
  const refused = await page.request.post(`/api/projects/${String(projectId)}/publish?publish=true`);
  const answer = (await refused.json()) as {
    ResourceKey: string | null;
    ErrorState: { ErrorCode: string } | null;
  };
  expect(answer.ResourceKey ?? answer.ErrorState?.ErrorCode, JSON.stringify(answer)).toBe(
    'nodes_required_to_publish',
  );
  await include.click();
  await expect(page.getByTestId('viewer-scope')).toContainText('Total over 1 enabled server');

  // Published from the details page; the public link opens signed out, read-only, with the same host.
  await page.goto(`/project/details/${String(projectId)}`);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const publish = page.getByRole('dialog', { name: `Publish ${projectName}` });
  await publish.getByRole('button', { name: 'Publish project' }).click();
  const publicUrl = (await publish.getByTestId('public-url').textContent()) ?? '';
  expect(publicUrl).toMatch(/\/dpackviewer\/\d+$/);
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(publicUrl);
  await expect(visitor.getByRole('table', { name: 'Top servers by CPU' })).toContainText(host);
  await expect(visitor.getByRole('checkbox')).toHaveCount(0);
  await expectNoA11yViolations(visitor, 'public viewer of the collected file');
  await context.close();
});
