// The project viewer with real performance data: a seeded project's aggregated charts and figures tables, the time
// range and the drill-down, a node left out (the totals change at once) and back in, faults of the node toggle,
// the read-only public viewer, axe on every step, no sideways scrolling at 390 px.
import type { Page, Route } from '@playwright/test';
import type { ProjectPage, ProjectViewerData } from '@assessment/sdk';
import {
  ACCOUNTS,
  expect,
  expectNoA11yViolations,
  shortenSdkTimeout,
  signIn,
  test,
  TIMEOUT_TEXT,
} from './fixtures';

/** A seeded project of the admin's with series and at least two servers (not project 1: other journeys use it). */
async function seededProject(page: Page): Promise<ProjectViewerData> {
  const list = (await (
    await page.request.get('/api/projects?myProjectsOnly=true&PageSize=100')
  ).json()) as ProjectPage;
  for (const p of list.Items) {
    if (p.Id === 1 || p.CurrentStatusString !== null || p.PublicURL !== null || p.CollectorRunCount === 0)
      continue;
    const view = (await (await page.request.get(`/api/projects/${p.Id}/viewer`)).json()) as ProjectViewerData;
    if (view.CanEdit && view.Nodes.filter((n) => n.Kind !== 'storage').length >= 2) return view;
  }
  throw new Error('no seeded project with two servers');
}

const iopsTable = (page: Page) =>
  page.getByRole('table', { name: /^Peak, 95th percentile and average: IOPS/ });

/** The read-IOPS peak of the figures table (the total, or the server drilled into). */
async function readIopsPeak(page: Page): Promise<string> {
  const row = iopsTable(page).getByRole('row', { name: /^Read IOPS/ });
  return (await row.getByRole('cell').nth(1).textContent()) ?? '';
}

test('the viewer: aggregated charts and figures, range, drill-down, a node left out and back in', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin);
  const view = await seededProject(page);
  const id = view.Project.Id;
  await page.goto(`/dpackviewer/${id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Performance' })).toBeVisible();
  // One chart per figure, each with its figures table for screen readers.
  await expect(page.getByRole('figure')).toHaveCount(6);
  await expect(iopsTable(page)).toBeVisible();
  await expect(
    page.getByRole('table', { name: /^Peak, 95th percentile and average: Latency/ }),
  ).toBeVisible();
  await expect(page.locator('.viewer-chart__plot canvas')).toHaveCount(6);
  await expect(page.getByRole('table', { name: 'Top servers by IOPS' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Top servers by CPU' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Capacity' })).toBeVisible();
  const servers = view.Nodes.filter((n) => n.Kind !== 'storage');
  const scope = page.getByTestId('viewer-scope');
  await expect(scope).toContainText(`Total over ${servers.length} enabled servers`);
  await expectNoA11yViolations(page, 'viewer, aggregated');

  // A node left out: the totals change at once; back in: they are as before.
  const before = await readIopsPeak(page);
  const first = servers[0];
  if (!first) throw new Error('no server');
  const include = page.getByRole('checkbox', { name: `Include ${first.Name} in the totals` });
  await expect(include).toBeChecked();
  await include.click();
  await expect(include).not.toBeChecked();
  await expect(scope).toContainText(`Total over ${servers.length - 1} enabled servers`);
  await expect.poll(() => readIopsPeak(page)).not.toBe(before);
  await expectNoA11yViolations(page, 'viewer, a node left out');
  await include.click();
  await expect(include).toBeChecked();
  await expect(scope).toContainText(`Total over ${servers.length} enabled servers`);
  await expect.poll(() => readIopsPeak(page)).toBe(before);

  // Drill-down to one server, then a shorter range.
  const second = servers[1];
  if (!second) throw new Error('no second server');
  await page.getByLabel('Servers', { exact: true }).selectOption({ label: second.Name });
  await expect(scope).toContainText(`Server ${second.Name}`);
  await expect(page.getByRole('table', { name: 'Top servers by IOPS' }).getByRole('row')).toHaveCount(2);
  await page.getByLabel('Time range', { exact: true }).selectOption({ label: 'Last 24 hours' });
  await expect(scope).not.toContainText('Updating');
  await expectNoA11yViolations(page, 'viewer, one server, last 24 hours');

  // Signed in on a phone (390 px) and at the narrowest supported width (360 px): nothing scrolls sideways.
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    await expect(page.locator('.viewer-chart__plot canvas')).toHaveCount(6);
    await expect
      .poll(() =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      )
      .toBeLessThanOrEqual(0);
  }
});

test('the node toggle: 500, envelope error and timeout keep the node as it was; the logged-out header signs out', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin);
  const view = await seededProject(page);
  await page.goto(`/dpackviewer/${view.Project.Id}`);
  const first = view.Nodes.find((n) => n.Kind !== 'storage');
  if (!first) throw new Error('no server');
  const include = page.getByRole('checkbox', { name: `Include ${first.Name} in the totals` });
  await expect(include).toBeChecked();
  const faults: [string, (route: Route) => Promise<void>, string][] = [
    [
      'HTTP 500',
      (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
      'Something went wrong',
    ],
    [
      'envelope error',
      (route) =>
        route.fulfill({
          json: {
            StatusCode: 400,
            ResourceKey: null,
            ErrorState: { ErrorCode: 'validate_info' },
            Message: null,
            Data: null,
          },
        }),
      'Check your input',
    ],
  ];
  for (const [, answer, text] of faults) {
    await page.route('**/api/projects/*/viewer/nodes/**', answer);
    await include.click();
    const dialog = page.getByRole('alertdialog').filter({ hasText: text });
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(page, `node toggle fault: ${text}`);
    await dialog.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(include).toBeChecked();
    await page.unroute('**/api/projects/*/viewer/nodes/**');
  }

  // A call that never answers: the fixed connectivity text, the node as it was.
  await shortenSdkTimeout(page, 1500);
  await page.reload();
  await page.route('**/api/projects/*/viewer/nodes/**', () => undefined);
  await include.click();
  await expect(page.getByRole('alertdialog')).toContainText(TIMEOUT_TEXT, { timeout: 15_000 });
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK', exact: true }).click();
  await expect(include).toBeChecked();
  await page.unroute('**/api/projects/*/viewer/nodes/**');

  // The logged-out header ends the session.
  await page.route('**/api/projects/*/viewer/nodes/**', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'x-logged-out': '1' } });
  });
  await include.click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.unroute('**/api/projects/*/viewer/nodes/**');
  // The call itself went through before the header signed the admin out: put the node back.
  await signIn(page, ACCOUNTS.admin);
  await page.goto(`/dpackviewer/${String(view.Project.Id)}`);
  if (!(await include.isChecked())) await include.click();
  await expect(include).toBeChecked();
});

test('a published project opens read-only for an anonymous visitor; 390 px without sideways scrolling', async ({
  page,
  browser,
}) => {
  await signIn(page, ACCOUNTS.admin);
  const list = (await (await page.request.get('/api/projects?PageSize=200')).json()) as ProjectPage;
  const published = list.Items.find((p) => p.PublicURL !== null && p.CollectorRunCount > 0 && !p.IsAnonymous);
  if (!published) throw new Error('no published seeded project');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await context.newPage();
  await visitor.goto(`/dpackviewer/${published.Id}`);
  await expect(visitor.getByRole('heading', { level: 2, name: 'Performance' })).toBeVisible();
  await expect(visitor.locator('.viewer-chart__plot canvas')).toHaveCount(6);
  // Read-only: the node states are words, nothing to toggle.
  await expect(visitor.getByRole('checkbox')).toHaveCount(0);
  const overflow = await visitor.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(visitor, 'public viewer at 390 px');
  await context.close();
});
