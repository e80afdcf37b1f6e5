// The project viewer with real performance data: a seeded project's aggregated charts and figures tables, the time
// range and the drill-down, a node left out (the totals change at once) and back in, faults of the node toggle,
// the read-only public viewer, axe on every step, no sideways scrolling at 390 px; in Japanese, loaded again and again
// without a page error.
import type { Page, Route } from '@playwright/test';
import type {
  ProjectPage,
  ProjectSeries,
  ProjectSeriesSummary,
  ProjectViewerData,
  ViewerNode,
} from '@assessment/sdk';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ACCOUNTS,
  expect,
  expectNoA11yViolations,
  localeTexts,
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

/**
 * The viewer's charts: seven of the API's series (the queue depth among them), the total IOPS the sizing uses and two
 * derived from them (average I/O size, read ratio).
 */
const CHART_COUNT = 10;

/**
 * Scrolls every chart into view (a chart draws only on or near the screen), then expects all eight drawn; back to
 * the top after.
 */
async function drawAllCharts(page: Page): Promise<void> {
  const charts = page.locator('.viewer-chart');
  await expect(charts).toHaveCount(CHART_COUNT);
  for (let i = 0; i < CHART_COUNT; i++)
    await charts.nth(i).locator('.viewer-chart__box').scrollIntoViewIfNeeded();
  await expect(page.locator('.viewer-chart__plot .viewer-chart__image')).toHaveCount(CHART_COUNT);
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
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
  await expect(page.getByRole('figure')).toHaveCount(CHART_COUNT);
  await expect(iopsTable(page)).toBeVisible();
  await expect(
    page.getByRole('table', { name: /^Peak, 95th percentile and average: Latency/ }),
  ).toBeVisible();
  // The two charts derived from IOPS and throughput come after the throughput, each titled with its unit once, and
  // draw when scrolled into view.
  await expect
    .poll(() =>
      page.locator('.viewer-chart').evaluateAll((els) => els.map((e) => e.getAttribute('data-chart'))),
    )
    .toEqual([
      'iops',
      'totalIops',
      'throughput',
      'ioSize',
      'readRatio',
      'latency',
      'queueDepth',
      'cpu',
      'memory',
      'network',
    ]);
  for (const [chart, title] of [
    ['ioSize', 'Average I/O size (KiB)'],
    ['readRatio', 'Read ratio (%)'],
  ] as const) {
    const card = page.locator(`.viewer-chart[data-chart="${chart}"]`);
    await expect(card.getByRole('heading', { level: 3, name: title, exact: true })).toBeVisible();
    await card.locator('.viewer-chart__box').scrollIntoViewIfNeeded();
    await expect(card.locator('.viewer-chart__image')).toHaveCount(1);
  }
  await drawAllCharts(page);
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
    await drawAllCharts(page);
    await expect
      .poll(() =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      )
      .toBeLessThanOrEqual(0);
  }
});

/** The collection period of a project (the whole-range summary's First/Last, Unix seconds). */
async function periodOf(page: Page, projectId: number): Promise<{ first: number; last: number }> {
  const summary = (await (
    await page.request.get(`/api/projects/${projectId}/series/summary`)
  ).json()) as ProjectSeriesSummary;
  if (summary.First === null || summary.Last === null) throw new Error('no series');
  return { first: summary.First, last: summary.Last };
}

/** The range in the page's URL (Unix seconds), or null for the whole period. */
function rangeInUrl(page: Page): { from: number; to: number } | null {
  const url = new URL(page.url());
  const from = url.searchParams.get('from');
  const to = url.searchParams.get('to');
  return from === null || to === null ? null : { from: Number(from), to: Number(to) };
}

/** The browser's mm/dd/yy digits of a day `offsetDays` after the day of a Unix time (as the date field takes them). */
async function dayDigits(page: Page, time: number, offsetDays = 0): Promise<string> {
  return page.evaluate(
    ([t, offset]) => {
      const date = new Date(t * 1000);
      date.setDate(date.getDate() + offset);
      const two = (n: number) => String(n).padStart(2, '0');
      return `${two(date.getMonth() + 1)}${two(date.getDate())}${two(date.getFullYear() % 100)}`;
    },
    [time, offsetDays] as const,
  );
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
}

for (const width of [null, 390] as const) {
  const at = width === null ? 'desktop' : `${String(width)} px`;
  test(`the time range (${at}): preset, drag to zoom, kept on reload, custom days validated, whole period`, async ({
    page,
  }) => {
    test.slow(); // many steps, each with axe, on shared cores
    if (width !== null) await page.setViewportSize({ width, height: 844 });
    await signIn(page, ACCOUNTS.admin);
    const view = await seededProject(page);
    const id = view.Project.Id;
    const period = await periodOf(page, id);
    await page.goto(`/dpackviewer/${id}`);
    const select = page.getByLabel('Time range', { exact: true });
    const scope = page.getByTestId('viewer-scope');
    await expect(select).toHaveValue('all');
    await drawAllCharts(page);
    const wholeLabel = await iopsTable(page).getAttribute('aria-label');
    await expectNoA11yViolations(page, `viewer time range, whole period (${at})`);

    // A preset: counted back from the last sample, in the URL.
    await select.selectOption({ label: 'Last 24 hours' });
    await expect.poll(() => rangeInUrl(page)).toEqual({ from: period.last - 86_400, to: period.last });
    await expect(scope).not.toContainText('Updating');
    // The figures tables name the range their figures are of.
    await expect(iopsTable(page)).not.toHaveAttribute('aria-label', wholeLabel ?? '');
    await expectNoA11yViolations(page, `viewer time range, last 24 hours (${at})`);

    // Drag across the IOPS chart: the same range, narrowed to what was dragged.
    const plot = page.locator('.viewer-chart[data-chart="iops"] .u-over');
    await plot.scrollIntoViewIfNeeded();
    const box = await plot.boundingBox();
    if (!box) throw new Error('no plot');
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.25, y);
    // The pointer over a chart: the period under it and its values, each with its unit.
    const tip = page.locator('.viewer-chart[data-chart="iops"] .viewer-chart__tip');
    await expect(tip).toBeVisible();
    await expect(tip).toContainText(/\d IOPS/);
    // Wherever the pointer is, the tip stays inside the plot and its text inside the tip.
    for (const share of [0.5, 0.95, 0.25]) {
      await page.mouse.move(box.x + box.width * share, y);
      await expect
        .poll(() =>
          tip.evaluate((el) => {
            const own = el.getBoundingClientRect();
            const plotBox = (el.parentElement ?? el).getBoundingClientRect();
            return (
              own.left >= plotBox.left - 0.5 &&
              own.right <= plotBox.right + 0.5 &&
              el.scrollWidth <= el.clientWidth
            );
          }),
        )
        .toBe(true);
    }
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, y, { steps: 8 });
    await page.mouse.up();
    // The zoom replaces the 24 hours' range.
    await expect.poll(() => rangeInUrl(page)?.from).not.toBe(period.last - 86_400);
    const zoomed = rangeInUrl(page);
    if (!zoomed) throw new Error('no zoom');
    expect(zoomed.from).toBeGreaterThan(period.last - 86_400);
    expect(zoomed.to).toBeLessThan(period.last);
    expect(zoomed.to - zoomed.from).toBeGreaterThanOrEqual(60);
    await expect(select).toHaveValue('custom');
    await expect(scope).not.toContainText('Updating');
    const zoomedLabel = await iopsTable(page).getAttribute('aria-label');
    await expectNoA11yViolations(page, `viewer time range, zoomed (${at})`);

    // A reload (or the link) keeps the range.
    await page.reload();
    await expect(select).toHaveValue('custom');
    await expect(iopsTable(page)).toHaveAttribute('aria-label', zoomedLabel ?? '');
    expect(rangeInUrl(page)).toEqual(zoomed);

    // Custom days: a day before the collection is refused with the reason, and stays as typed.
    const days = page.locator('.viewer-days');
    const segments = days.getByRole('spinbutton');
    await segments.first().click();
    const before = await dayDigits(page, period.first, -1);
    await page.keyboard.type(before);
    await page.keyboard.press('Tab');
    await expect(days.getByText(/Choose days within the collection period/)).toBeVisible();
    await expect(days.locator('.ui-date-picker__input').first()).toContainText(
      `${before.slice(0, 2)}/${before.slice(2, 4)}/${before.slice(4)}`,
    );
    expect(rangeInUrl(page)).toEqual(zoomed);
    await expectNoA11yViolations(page, `viewer time range, a day outside the collection (${at})`);

    // The first two collected days typed instead: valid, from the first sample to the second day's end.
    await segments.first().click();
    await page.keyboard.type(await dayDigits(page, period.first));
    await page.keyboard.press('Tab');
    await page.keyboard.type(await dayDigits(page, period.first, 1));
    await page.keyboard.press('Tab');
    await expect(days.getByText(/Choose days within the collection period/)).toBeHidden();
    await expect.poll(() => rangeInUrl(page)?.from).toBe(period.first);
    const secondDayEnd = await page.evaluate((t) => {
      const date = new Date(t * 1000);
      return new Date(date.getFullYear(), date.getMonth(), date.getDate() + 2).getTime() / 1000 - 1;
    }, period.first);
    expect(rangeInUrl(page)?.to).toBe(Math.min(secondDayEnd, period.last));
    await expect(select).toHaveValue('custom');
    if (width !== null) await expectNoSidewaysScroll(page);

    // Whole period: back to the whole collection, nothing in the URL.
    await page.getByRole('button', { name: 'Whole period' }).click();
    await expect.poll(() => rangeInUrl(page)).toBeNull();
    await expect(select).toHaveValue('all');
    await expect(iopsTable(page)).toHaveAttribute('aria-label', wholeLabel ?? '');
    await expect(page.getByRole('button', { name: 'Whole period' })).toBeDisabled();
    await expectNoA11yViolations(page, `viewer time range, back to the whole period (${at})`);
  });
}

/** The node's state as the server has it (what the toggle must show again after a fault). */
async function nodeEnabled(page: Page, projectId: number, nodeId: string): Promise<boolean> {
  const view = (await (
    await page.request.get(`/api/projects/${projectId}/viewer`)
  ).json()) as ProjectViewerData;
  const node = view.Nodes.find((n) => n.NodeId === nodeId);
  if (!node) throw new Error(`no node ${nodeId}`);
  return node.Enabled;
}

const NODE_CALL = '**/api/projects/*/viewer/nodes/**';

/** The injected faults of the node toggle, each with the message it must show. */
const NODE_FAULTS: {
  name: string;
  answer: (route: Route) => Promise<void> | undefined;
  text: string | RegExp;
}[] = [
  {
    name: 'HTTP 500',
    answer: (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    text: 'Something went wrong',
  },
  {
    // StatusCode != 200 with a ResourceKey: the catalogue's message of that key.
    name: 'envelope error with a ResourceKey',
    answer: (route) =>
      route.fulfill({
        json: {
          StatusCode: 400,
          ResourceKey: 'nodes_required_to_publish',
          ErrorState: null,
          Message: null,
          Data: null,
        },
      }),
    text: 'Enable at least one node in the viewer before publishing.',
  },
  {
    name: 'envelope error with an ErrorCode',
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
  {
    name: 'timeout',
    answer: () => undefined, // never answers: the SDK's (shortened) timeout fires
    text: TIMEOUT_TEXT,
  },
];

/**
 * Every fault of the node toggle on `node`: the message (axe on it), and after closing it the toggle shows the
 * server's real state again; then the logged-out header signs out, and after signing in again the toggle shows
 * what the server really has (the call itself went through).
 */
async function nodeToggleFaults(
  page: Page,
  projectId: number,
  node: ViewerNode,
  width: string,
): Promise<void> {
  const include = page.getByRole('checkbox', { name: `Include ${node.Name} in the totals` });
  const real = await nodeEnabled(page, projectId, node.NodeId);
  await expect(include).toBeChecked({ checked: real });
  for (const fault of NODE_FAULTS) {
    await page.route(NODE_CALL, fault.answer);
    // The click reached the toggle when its call goes out (a missing dialog below then is the page's fault).
    const sent = page.waitForRequest(
      (request) => request.method() === 'PUT' && /\/api\/projects\/\d+\/viewer\/nodes\//.test(request.url()),
    );
    await include.click();
    await sent;
    const dialog = page.getByRole('alertdialog').filter({ hasText: fault.text });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expectNoA11yViolations(page, `node toggle, ${fault.name} (${width})`);
    await dialog.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(include).toBeChecked({ checked: real });
    await expect(include).toBeEnabled();
    await page.unroute(NODE_CALL);
    expect(await nodeEnabled(page, projectId, node.NodeId)).toBe(real);
  }
  await expectNoA11yViolations(page, `viewer after the node toggle faults (${width})`);

  // The logged-out header (on an answer that went through) ends the session: the sign-in page.
  await page.route(NODE_CALL, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'x-logged-out': '1' } });
  });
  await include.click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expectNoA11yViolations(page, `signed out by the node toggle (${width})`);
  await page.unroute(NODE_CALL);
  await signIn(page, ACCOUNTS.admin);
  await page.goto(`/dpackviewer/${String(projectId)}`);
  // The toggle shows the server's state: the call went through, so the node changed.
  expect(await nodeEnabled(page, projectId, node.NodeId)).toBe(!real);
  await expect(include).toBeChecked({ checked: !real });
}

test('the figures a sizing engineer expects: queue depth, read and write latency apart, the busiest server beside the CPU total', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin);
  const view = await seededProject(page);
  await page.goto(`/dpackviewer/${view.Project.Id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Performance' })).toBeVisible();
  const card = (chart: string) => page.locator(`.viewer-chart[data-chart="${chart}"]`);
  const figure = (chart: string, row: RegExp) =>
    card(chart).getByRole('row', { name: row }).getByRole('cell').nth(1);
  const number = (text: string | null): number => Number((text ?? '').replace(/,/g, ''));

  // The queue depth: its own chart after the latency, in I/Os in flight (words, not an enum), drawn with figures.
  const queue = card('queueDepth');
  await expect(
    queue.getByRole('heading', { level: 3, name: 'Queue depth (I/Os in flight)', exact: true }),
  ).toBeVisible();
  await queue.locator('.viewer-chart__box').scrollIntoViewIfNeeded();
  await expect(queue.locator('.viewer-chart__image')).toHaveCount(1);
  await expect
    .poll(async () => number(await figure('queueDepth', /^Queue depth/).textContent()))
    .toBeGreaterThan(0);

  // Read and write latency (the seed writes format v2) beside the combined line, in the legend and the table.
  const latency = card('latency');
  await latency.locator('.viewer-chart__box').scrollIntoViewIfNeeded();
  await expect(latency.locator('.viewer-legend')).toContainText('Read latency');
  await expect(latency.locator('.viewer-legend')).toContainText('Write latency');
  await expect
    .poll(async () => number(await figure('latency', /^Read latency/).textContent()))
    .toBeGreaterThan(0);
  await expect
    .poll(async () => number(await figure('latency', /^Write latency/).textContent()))
    .toBeGreaterThan(0);

  // The busiest server: a second line in the CPU chart, never below the core-weighted total, and in the headline.
  const cpu = card('cpu');
  await cpu.locator('.viewer-chart__box').scrollIntoViewIfNeeded();
  await expect(cpu.locator('.viewer-chart__image')).toHaveCount(1);
  await expect(cpu.locator('.viewer-legend')).toContainText('Busiest server');
  await expect
    .poll(async () => number(await figure('cpu', /^Busiest server/).textContent()))
    .toBeGreaterThan(0);
  const busiest = number(await figure('cpu', /^Busiest server/).textContent());
  const total = number(await figure('cpu', /^CPU usage/).textContent());
  expect(busiest).toBeGreaterThanOrEqual(total);
  await expect(page.getByTestId('viewer-headline-cpu-more')).toContainText('Busiest server: peak');
  await expectNoA11yViolations(page, 'viewer, queue depth, read and write latency, busiest server');
});

test('the node toggle (desktop): 500, envelope errors and timeout keep the included node; the logged-out header signs out', async ({
  page,
}) => {
  await shortenSdkTimeout(page, 4000);
  await signIn(page, ACCOUNTS.admin);
  const view = await seededProject(page);
  const node = view.Nodes.find((n) => n.Kind !== 'storage');
  if (!node) throw new Error('no server');
  await page.goto(`/dpackviewer/${view.Project.Id}`);
  await nodeToggleFaults(page, view.Project.Id, node, 'desktop');
  // Put the node back in.
  await page.getByRole('checkbox', { name: `Include ${node.Name} in the totals` }).click();
  await expect.poll(() => nodeEnabled(page, view.Project.Id, node.NodeId)).toBe(true);
});

test('the node toggle (390 px): the faults keep a left-out node out; the logged-out header signs out', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await shortenSdkTimeout(page, 4000);
  await signIn(page, ACCOUNTS.admin);
  const view = await seededProject(page);
  const node = view.Nodes.filter((n) => n.Kind !== 'storage')[1];
  if (!node) throw new Error('no second server');
  // Left out first (through the API), so the faults meet an unchecked toggle being checked.
  await page.request.put(`/api/projects/${view.Project.Id}/viewer/nodes/${node.NodeId}?enabled=false`);
  await page.goto(`/dpackviewer/${view.Project.Id}`);
  await nodeToggleFaults(page, view.Project.Id, node, '390 px');
  // The logged-out call included it again: as seeded.
  expect(await nodeEnabled(page, view.Project.Id, node.NodeId)).toBe(true);
});

test('a published project opens read-only for an anonymous visitor; 390 px without sideways scrolling; its sections in reach at 360 px', async ({
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
  await drawAllCharts(visitor);
  // Read-only: the node states are words, nothing to toggle.
  await expect(visitor.getByRole('checkbox')).toHaveCount(0);
  const overflow = await visitor.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(visitor, 'public viewer at 390 px');
  // Reports is one of the project's actions (it sat below the archive block, read as one of its actions).
  await expect(
    visitor
      .getByRole('group', { name: 'Project actions' })
      .getByRole('button', { name: 'Reports', exact: true }),
  ).toBeVisible();
  // The section navigation at 360 px: Sizing moves to the sizing panel (loaded on the way) and the focus with it;
  // the navigation stays at the top of the screen, and nothing scrolls sideways.
  await visitor.setViewportSize({ width: 360, height: 740 });
  const sections = visitor.getByRole('navigation', { name: 'Viewer sections' });
  await sections.getByRole('link', { name: 'Sizing' }).click();
  await expect(visitor.getByRole('heading', { level: 2, name: 'Sizing', exact: true })).toBeInViewport();
  await expect(visitor.locator('#viewer-sizing')).toBeFocused();
  await expect(sections).toBeInViewport();
  expect((await sections.boundingBox())?.y).toBe(0);
  await sections.getByRole('link', { name: 'Capacity' }).focus();
  await visitor.keyboard.press('Enter');
  await expect(visitor.locator('#viewer-capacity')).toBeFocused();
  await expect(visitor.locator('#viewer-capacity')).toBeInViewport();
  expect(
    await visitor.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(visitor, 'public viewer at 360 px, moved to a section');
  await context.close();
});

/** Sums the page's layout shifts (without recent input) from its first paint: the CLS a visitor feels. */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number; layoutShifts: string[] };
    w.layoutShift = 0;
    w.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        w.layoutShift += entry.value;
        const nodes = (entry.sources ?? []).map((source) => {
          const node = source.node;
          return node instanceof Element ? `${node.tagName}.${node.className}` : String(node?.nodeName);
        });
        w.layoutShifts.push(`${entry.value.toFixed(4)} ${nodes.join(' | ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShift = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { layoutShift: number; layoutShifts: string[] };
    return { total: w.layoutShift, shifts: w.layoutShifts };
  });

/** The `points` of every series request the page made. */
function seriesPoints(page: Page): number[] {
  const points: number[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\/api\/projects\/\d+\/series$/.test(url.pathname))
      points.push(Number(url.searchParams.get('points')));
  });
  return points;
}

for (const width of [null, 390] as const) {
  const at = width === null ? 'desktop' : `${String(width)} px`;
  test(`the viewer as a sizing page (${at}): title first, headline figures, nothing moves as it loads, charts drawn near the screen at the screen's resolution`, async ({
    page,
  }) => {
    await page.setViewportSize(width === null ? { width: 1366, height: 768 } : { width, height: 844 });
    await signIn(page, ACCOUNTS.admin);
    const view = await seededProject(page);
    await watchLayoutShifts(page);
    const points = seriesPoints(page);
    await page.goto(`/dpackviewer/${view.Project.Id}`);
    const section = page.getByRole('region', { name: 'Performance' });
    await expect(section).toHaveAttribute('aria-busy', 'false');
    await expect(page.locator('.viewer-days--pending')).toHaveCount(0);
    // The first screen answers "how big" before any scrolling: the sizing answer, each figure with its unit, and its
    // link to the whole sizing; at 1366 × 768 the headline figures too (on a phone they follow it).
    const answer = page.getByTestId('viewer-answer');
    await expect(answer.locator('[data-resource="cores"]')).toContainText(/[\d,.]+ cores/);
    await expect(answer.locator('[data-resource="memory"]')).toContainText(/[\d,.]+ GiB/);
    await expect(answer.locator('[data-resource="capacity"]')).toContainText(/[\d,.]+ GiB/);
    await expect(answer.locator('[data-resource="iops"]')).toContainText(/[\d,.]+ IOPS/);
    await expect(answer).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('link', { name: /^Full sizing/ })).toBeInViewport({ ratio: 1 });
    if (width === null) await expect(page.getByTestId('viewer-headline')).toBeInViewport({ ratio: 1 });
    // A chart far below is not drawn until it comes near the screen (a screen ahead).
    const network = page.locator('.viewer-chart[data-chart="network"]');
    await expect(network.locator('.viewer-chart__image')).toHaveCount(0);
    // Scrolled to, the first chart draws into the box kept for it.
    await page.locator('.viewer-chart[data-chart="iops"] .viewer-chart__box').scrollIntoViewIfNeeded();
    await expect(page.locator('.viewer-chart[data-chart="iops"] .viewer-chart__image')).toHaveCount(1);
    // Everything has arrived (figures, tables, notices, the charts in view, the custom range): nothing moved.
    await page.waitForLoadState('networkidle');
    const shift = await layoutShift(page);
    expect(shift.shifts).toEqual([]);
    expect(shift.total).toBe(0);

    // The page title comes first, the Reports action after it.
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toContainText(view.Project.Name);
    const reports = page.getByRole('button', { name: 'Reports', exact: true });
    const [h1Box, reportsBox] = await Promise.all([h1.boundingBox(), reports.boundingBox()]);
    expect(h1Box && reportsBox && h1Box.y < reportsBox.y).toBe(true);
    expect(
      await h1.evaluate(
        (title, button) =>
          (title.compareDocumentPosition(button as Node) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
        await reports.elementHandle(),
      ),
    ).toBe(true);

    // The headline figures, above the charts, each with its unit.
    const headline = page.getByTestId('viewer-headline');
    await expect(headline.locator('.viewer-headline__item')).toHaveCount(8);
    await expect(headline.locator('[data-headline="iops"]')).toContainText(/Peak [\d,.]+ IOPS/);
    await expect(headline.locator('[data-headline="throughput"]')).toContainText(/Peak [\d,.]+ MB\/s/);
    await expect(headline.locator('[data-headline="cpu"]')).toContainText(/Peak [\d,.]+ %/);
    await expect(headline.locator('[data-headline="memory"]')).toContainText(/Peak [\d,.]+ GiB/);
    await expect(headline.locator('[data-headline="capacity"]')).toContainText(/[\d,.]+ of [\d,.]+ GiB/);
    await expect(headline.locator('[data-headline="servers"]')).toContainText(/\d+ servers?/);
    const headlineBox = await headline.boundingBox();
    const chartsBox = await page.locator('.viewer-charts').boundingBox();
    expect(headlineBox && chartsBox && headlineBox.y + headlineBox.height <= chartsBox.y).toBe(true);
    await headline.locator('[data-headline="iops"] summary').click();
    await expect(headline.locator('[data-headline="iops"]')).toContainText('interval by interval');
    await expect(page.getByRole('heading', { level: 3, name: 'IOPS', exact: true })).toBeVisible();
    await expectNoA11yViolations(page, `viewer headline, a description open (${at})`);

    // The series was asked for at no more buckets than the chart has pixels.
    const box = await page.locator('.viewer-chart[data-chart="iops"] .viewer-chart__box').boundingBox();
    if (!box) throw new Error('no chart box');
    expect(points.length).toBeGreaterThan(0);
    for (const p of points) expect(p).toBeLessThanOrEqual(box.width);

    await network.scrollIntoViewIfNeeded();
    await expect(network.locator('.viewer-chart__image')).toHaveCount(1);

    // The answer's link moves to the whole sizing.
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    await page.getByRole('link', { name: /^Full sizing/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Sizing', exact: true })).toBeInViewport();

    // Every table of the viewer fits: no column hidden off the edge, at 390 and at 360 px.
    if (width !== null) {
      for (const narrow of [390, 360]) {
        await page.setViewportSize({ width: narrow, height: 844 });
        const overflow = await page.locator('.viewer-perf .ui-table__scroll').evaluateAll((regions) =>
          regions.map((r) => ({
            table: r.querySelector('table')?.getAttribute('aria-label') ?? '?',
            over: r.scrollWidth - r.clientWidth,
          })),
        );
        expect(overflow.length).toBeGreaterThan(6);
        expect(
          overflow.filter((o) => o.over > 0),
          `tables wider than the screen at ${String(narrow)} px`,
        ).toEqual([]);
        const average = iopsTable(page).getByRole('columnheader', { name: 'Average' });
        await average.scrollIntoViewIfNeeded();
        await expect(average).toBeInViewport({ ratio: 1 });
        // No header is broken inside a word ("Avera/ge"): each word of every column header lies on one line.
        const words = await page.locator('.viewer-perf .ui-table__th').evaluateAll((headers) =>
          headers.flatMap((th) => {
            const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
            const found: { word: string; lines: number }[] = [];
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const text = node as Text;
              for (const word of text.data.matchAll(/\S+/g)) {
                const range = document.createRange();
                range.setStart(text, word.index);
                range.setEnd(text, word.index + word[0].length);
                found.push({ word: word[0], lines: range.getClientRects().length });
              }
            }
            return found;
          }),
        );
        expect(words.map((w) => w.word)).toContain('Average');
        const splitWords = words.filter((w) => w.lines > 1).map((w) => w.word);
        expect(splitWords, `at ${String(narrow)} px`).toEqual([]);
        await expectNoSidewaysScroll(page);
      }
    }
  });
}

test('a collection with missing intervals: the gaps are drawn as gaps and a notice says how much is missing', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin);
  const view = await seededProject(page);
  const id = view.Project.Id;
  // The series as the server sends it, with every bucket from the 3rd to the 6th empty.
  await page.route(`**/api/projects/${String(id)}/series?*`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as ProjectSeries;
    const gap = (i: number) => i >= 2 && i < 6;
    await route.fulfill({
      response,
      json: {
        ...body,
        Series: body.Series.map((m) => ({
          ...m,
          Max: m.Max.map((v, i) => (gap(i) ? null : v)),
          Avg: m.Avg.map((v, i) => (gap(i) ? null : v)),
          P95: m.P95.map((v, i) => (gap(i) ? null : v)),
        })),
      },
    });
  });
  await page.goto(`/dpackviewer/${String(id)}`);
  const notice = page.getByTestId('viewer-gaps');
  await expect(notice).toContainText(/\d+ intervals? without samples: .+ missing/);
  await expect(notice).toContainText('The lines break there.');
  await page.locator('.viewer-chart[data-chart="iops"] .viewer-chart__box').scrollIntoViewIfNeeded();
  await expect(page.locator('.viewer-chart[data-chart="iops"] .viewer-chart__image')).toHaveCount(1);
  await expectNoA11yViolations(page, 'viewer with missing intervals');
});

test('a one-sample collection draws its point on a time axis around it', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  const view = await seededProject(page);
  const id = view.Project.Id;
  const t = 1_800_000_000;
  await page.route(`**/api/projects/${String(id)}/series/summary*`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as ProjectSeriesSummary;
    await route.fulfill({
      response,
      json: { ...body, From: t, To: t, First: t, Last: t, LowIopsPeriods: [] },
    });
  });
  await page.route(`**/api/projects/${String(id)}/series?*`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as ProjectSeries;
    await route.fulfill({
      response,
      json: {
        ...body,
        From: t,
        To: t,
        First: t,
        Last: t,
        BucketSeconds: 60,
        Times: [t],
        LowIops: [false],
        // Read and write apart, so the read dot is not drawn over.
        Series: body.Series.map((m) => {
          const v = m.Metric === 'writeIops' ? 2000 : 5000;
          return { ...m, Max: [v], Avg: [v], P95: [v] };
        }),
      },
    });
  });
  await page.goto(`/dpackviewer/${String(id)}`);
  await page.locator('.viewer-chart[data-chart="iops"] .viewer-chart__box').scrollIntoViewIfNeeded();
  // What the reader sees: the image of uPlot's drawing (uPlot's own canvas is not shown).
  const canvas = page.locator('.viewer-chart[data-chart="iops"] .viewer-chart__image');
  await expect(canvas).toHaveCount(1);
  await expect(page.locator('.viewer-chart[data-chart="iops"] canvas:visible')).toHaveCount(1);
  // The dot is drawn in the series color in the middle of the plot (a bucket of axis either side of the sample).
  const color = await page
    .locator('.viewer-perf')
    .evaluate((el) => getComputedStyle(el).getPropertyValue('--viewer-series-1').trim());
  await expect
    .poll(() =>
      canvas.evaluate((c: HTMLCanvasElement, series: string) => {
        const probe = document.createElement('canvas').getContext('2d');
        if (!probe) return 0;
        probe.fillStyle = series;
        probe.fillRect(0, 0, 1, 1);
        const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
        // The shown canvas is a bitmap renderer: its pixels are read through a 2D copy.
        const copy = document.createElement('canvas');
        copy.width = c.width;
        copy.height = c.height;
        const ctx = copy.getContext('2d');
        if (!ctx) return 0;
        ctx.drawImage(c, 0, 0);
        const { data } = ctx.getImageData(0, 0, c.width, c.height);
        let hits = 0;
        let sumX = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (
            Math.abs((data[i] ?? 0) - (r ?? 0)) < 40 &&
            Math.abs((data[i + 1] ?? 0) - (g ?? 0)) < 40 &&
            Math.abs((data[i + 2] ?? 0) - (b ?? 0)) < 40 &&
            (data[i + 3] ?? 0) > 200
          ) {
            hits++;
            sumX += (i / 4) % c.width;
          }
        }
        // Inked, and centred: the dot sits in the middle of the plot, not at an edge of a years-long axis.
        return hits > 4 && Math.abs(sumX / hits / c.width - 0.55) < 0.2 ? hits : 0;
      }, color),
    )
    .toBeGreaterThan(0);
  await expectNoA11yViolations(page, 'viewer with one sample');
});

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test('a finger dragged across a chart zooms to that period', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    const view = await seededProject(page);
    await page.goto(`/dpackviewer/${view.Project.Id}`);
    await expect(page.getByRole('region', { name: 'Performance' })).toHaveAttribute('aria-busy', 'false');
    await page.locator('.viewer-chart[data-chart="iops"] .viewer-chart__box').scrollIntoViewIfNeeded();
    const plot = page.locator('.viewer-chart[data-chart="iops"] .u-over');
    await expect(plot).toHaveCount(1);
    const box = await plot.boundingBox();
    if (!box) throw new Error('no plot');
    const y = box.y + box.height / 2;
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
      });
    await touch('touchStart', box.x + box.width * 0.2);
    for (let step = 1; step <= 8; step++) await touch('touchMove', box.x + box.width * (0.2 + step * 0.05));
    await touch('touchEnd', box.x + box.width * 0.6);
    await expect.poll(() => rangeInUrl(page)).not.toBeNull();
    const zoomed = rangeInUrl(page);
    if (!zoomed) throw new Error('no zoom');
    expect(zoomed.to - zoomed.from).toBeGreaterThanOrEqual(60);
    await expect(page.getByLabel('Time range', { exact: true })).toHaveValue('custom');
  });
});

test('in Japanese the viewer loads again and again without a page error (React #520), its title pre-rendered', async ({
  page,
}) => {
  const japanese = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'src', 'locales', 'ja.json'), 'utf8'),
  ) as { project: { viewerTitle: string } };
  await signIn(page, ACCOUNTS.admin);
  const view = await seededProject(page);
  const title = `${japanese.project.viewerTitle}: ${view.Project.Name}`;
  const url = `/dpackviewer/${view.Project.Id}`;
  // Loaded (the performance section and everything below it caught up), in the account's language.
  const loaded = async () => {
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('.viewer-perf')).toHaveAttribute('aria-busy', 'false');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  };
  expect((await page.request.put('/api/account/language/ja-JP')).ok()).toBe(true);
  try {
    // The server writes the title into the document's shell in the account's language (the page's largest element
    // paints with the HTML).
    expect(await (await page.request.get(url)).text()).toContain(`<h1>${title}</h1>`);
    // A first load, reloads, and the viewer reached from another page of the app and by going back: the fixture
    // fails the journey on any page error.
    for (let load = 0; load < 3; load++) {
      await page.goto(url);
      await loaded();
    }
    await page.reload();
    await loaded();
    await page.goto('/dashboard');
    await page.goto(url);
    await loaded();
    await page
      .getByRole('link', { name: localeTexts('ja-JP').nav.projects, exact: true })
      .first()
      .click();
    await expect(page).toHaveURL(/\/projects/);
    await page.goBack();
    await loaded();
  } finally {
    await page.request.put('/api/account/language/en-US');
  }
});
