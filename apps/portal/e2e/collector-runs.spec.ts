import type { CollectorRun, CollectorRunPage } from '@assessment/sdk';
import type { Locator, Page } from '@playwright/test';
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

/** The signed-in persona's runs, read through the API (the journey picks its own data at run time). */
async function myRuns(page: Page, query = ''): Promise<CollectorRun[]> {
  const response = await page.request.get(
    `/api/collectorruns?myCollectorRunsOnly=true&PageSize=200&${query}`,
  );
  return ((await response.json()) as CollectorRunPage).Items;
}

const row = (page: Page, name: string): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

/** Opens the search with the persona's own runs, newest end first, 100 a page. */
async function openMyRuns(page: Page, extra = ''): Promise<void> {
  await page.goto(`/collectorruns/search?myCollectorRunsOnly=true&PageSize=100${extra}`);
  await expect(page.getByRole('heading', { name: 'Collector run search', level: 1 })).toBeVisible();
}

test('filters: my runs only narrows for internal staff, exact owner email, status, archived marked', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/collectorruns/search?PageSize=100');
  await expectNoA11yViolations(page, 'collector run search');
  const [own] = await myRuns(page);
  expect(own).toBeDefined();
  const ownerCells = page.getByRole('row').locator('td:nth-child(7)');

  await page.getByRole('checkbox', { name: 'My collector runs only' }).check();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/myCollectorRunsOnly=true/);
  await expect(ownerCells.first()).toHaveText(own?.OwnerName ?? '');
  expect(new Set(await ownerCells.allTextContents())).toEqual(new Set([own?.OwnerName]));

  // Advanced search: an exact owner email (a part of it finds nothing), a status as words, archived runs marked.
  await page.getByRole('checkbox', { name: 'My collector runs only' }).uncheck();
  await page.getByRole('button', { name: 'Advanced search' }).click();
  await expect(page.getByRole('button', { name: 'Advanced search' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expectNoA11yViolations(page, 'advanced search open');
  await page.getByRole('textbox', { name: 'Owner email' }).fill(`x${ACCOUNTS.partnerAdmin}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No search results')).toBeVisible();
  await page.getByRole('textbox', { name: 'Owner email' }).fill(ACCOUNTS.partnerAdmin.toUpperCase());
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Completed' });
  await page.getByRole('checkbox', { name: 'Include archived runs' }).check();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/status=Completed/);
  await expect(page.getByRole('cell', { name: /^Completed/ }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: /^(Collecting|Stopped)/ })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: 'Completed Archived' }).first()).toBeVisible();
  // The typed filters survive the search (they come back from the URL).
  await expect(page.getByRole('textbox', { name: 'Owner email' })).toHaveValue(
    ACCOUNTS.partnerAdmin.toUpperCase(),
  );

  // An invalid email is refused with invalid_email and stays typed.
  await page.getByRole('textbox', { name: 'Owner email' }).fill('not an email');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expectMessage(page, 'Invalid email');
  await expect(page.getByRole('textbox', { name: 'Owner email' })).toHaveValue('not an email');
});

test('group: select three runs, kept over a reload and navigation, create a project from them', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.endUser);
  const free = (await myRuns(page)).filter((run) => run.ProjectId === null && run.Status !== 'Running');
  expect(free.length).toBeGreaterThanOrEqual(3);
  const picked = free.slice(0, 3);
  await openMyRuns(page);
  await page.evaluate(() => {
    localStorage.removeItem('collectorRunGroup');
  });
  await page.reload();

  // No runs: every group action answers CRsRequired.
  await page.getByRole('button', { name: 'New project from group' }).click();
  await expectMessage(page, 'No collector runs');

  for (const run of picked) await page.getByRole('checkbox', { name: `Select ${run.Name}` }).check();
  const group = page.getByRole('list', { name: 'Runs in the group' });
  await expect(group.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByText('3 collector runs in the group')).toBeVisible();
  await expectNoA11yViolations(page, 'group of three runs');

  // Kept in local storage: a reload and a trip to the dashboard keep the group and the ticks.
  await page.reload();
  await expect(group.getByRole('listitem')).toHaveCount(3);
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await page.goBack();
  await expect(group.getByRole('listitem')).toHaveCount(3);
  for (const run of picked)
    await expect(page.getByRole('checkbox', { name: `Select ${run.Name}` })).toBeChecked();
  const stored = await page.evaluate(() => localStorage.getItem('collectorRunGroup'));
  expect(JSON.parse(stored ?? '[]')).toEqual(
    picked.map((run) => ({ Id: run.Id, Name: run.Name, OwnerEmail: run.OwnerEmail })),
  );

  // Unticking removes a run, ticking adds it back.
  await page.getByRole('checkbox', { name: `Select ${picked[0]?.Name ?? ''}` }).uncheck();
  await expect(group.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('checkbox', { name: `Select ${picked[0]?.Name ?? ''}` }).check();

  // A new project from the group: empty name → emptyfield, then created; the group empties.
  await page.getByRole('button', { name: 'New project from group' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project from 3 collector runs' });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, 'new project from group dialog');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expectMessage(page, 'Required field');
  const name = `Grouped ${Date.now()}`;
  await dialog.getByRole('textbox', { name: /Project name/ }).fill(name);
  await dialog.getByRole('button', { name: 'Create project' }).click();
  const result = page.getByRole('dialog', { name: 'Done' });
  await expect(result).toContainText('Your project was created.');
  await expectNoA11yViolations(page, 'group result');
  await result.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('0 collector runs in the group')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('collectorRunGroup'))).toBeNull();
  // Every list agrees at once: the runs show their project, the project is in the list with three runs.
  await expect(
    row(page, picked[0]?.Name ?? '').getByRole('button', { name: /Open the project of/ }),
  ).toBeVisible();
  await page.goto('/projects');
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
});

test('group: add to an existing project by type-ahead; archiving a group with a running run partly succeeds', async ({
  page,
}) => {
  test.slow();
  await signIn(page, ACCOUNTS.partnerAdmin);
  const target = `Group target ${Date.now()}`;
  expect((await page.request.post(`/api/projects/?name=${encodeURIComponent(target)}`)).ok()).toBe(true);
  const mine = await myRuns(page);
  const free = mine.filter((run) => run.ProjectId === null && run.Status === 'Completed');
  const running = mine.find((run) => run.Status === 'Running');
  expect(free.length).toBeGreaterThanOrEqual(3);
  expect(running).toBeDefined();
  await openMyRuns(page);
  await page.evaluate(() => {
    localStorage.removeItem('collectorRunGroup');
  });
  await page.reload();

  // Add two runs to the existing project: none chosen → emptyfield, then the project by type-ahead.
  for (const run of free.slice(0, 2))
    await page.getByRole('checkbox', { name: `Select ${run.Name}` }).check();
  await page.getByRole('button', { name: 'Add to project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add 2 collector runs to a project' });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, 'add group to a project dialog');
  await dialog.getByRole('button', { name: 'Add to project' }).click();
  await expectMessage(page, 'Required field');
  await dialog.getByRole('combobox', { name: 'Project' }).fill(target);
  await page.getByRole('option', { name: target }).click();
  await dialog.getByRole('button', { name: 'Add to project' }).click();
  const done = page.getByRole('dialog', { name: 'Done' });
  await expect(done).toContainText('2 collector runs were added to the project.');
  await expect(done).toContainText('Your project was updated.');
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('0 collector runs in the group')).toBeVisible();
  for (const run of free.slice(0, 2))
    await expect(row(page, run.Name).getByRole('button', { name: /Open the project of/ })).toBeVisible();

  // Archive a group holding a running run: partly done, the running run named, the group kept.
  await page.getByRole('checkbox', { name: `Select ${free[2]?.Name ?? ''}` }).check();
  await page.getByRole('checkbox', { name: `Select ${running?.Name ?? ''}` }).check();
  await page.getByRole('button', { name: 'Archive group' }).click();
  await expectMessage(page, 'Archive collector run', 'Confirm');
  const partly = page.getByRole('dialog', { name: 'Partly done' });
  await expect(partly).toContainText('Some runs were not archived');
  // What was done, to how many runs, and each failed run with the server's own reason for it.
  await expect(partly).toContainText('1 collector run was archived.');
  await expect(partly.getByRole('listitem')).toHaveText([
    `${running?.Name ?? ''}: The collector run could not be archived.`,
  ]);
  await expectNoA11yViolations(page, 'group partly done');
  await partly.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('2 collector runs in the group')).toBeVisible();
  await expect(row(page, free[2]?.Name ?? '')).toHaveCount(0);
  await page.evaluate(() => {
    localStorage.removeItem('collectorRunGroup');
  });
});

test('run actions: stop a running run, archive and restore one, open its project and its view', async ({
  page,
}) => {
  test.slow();
  await signIn(page, ACCOUNTS.endUser);
  const running = (await myRuns(page, 'status=Running'))[0];
  expect(running).toBeDefined();
  const runningName = running?.Name ?? '';
  await openMyRuns(page);
  const runningRow = row(page, runningName);
  // Collecting: a live progress bar, a duration so far and no end time in the future.
  await expect(runningRow.getByRole('progressbar')).toBeVisible();
  await expect(runningRow).toContainText('so far');
  await expect(runningRow).toContainText('Still collecting');

  await runningRow.getByRole('button', { name: `Stop ${runningName}` }).click();
  await expectMessage(page, 'Stop collector run', 'Cancel');
  await expect(runningRow).toContainText('Collecting');
  await runningRow.getByRole('button', { name: `Stop ${runningName}` }).click();
  await expectMessage(page, 'Stop collector run', 'Confirm');
  await expectMessage(page, 'Collector run stopped');
  await expect(runningRow.getByRole('cell', { name: 'Stopped', exact: true })).toBeVisible();
  await expect(runningRow.getByRole('button', { name: `Stop ${runningName}` })).toHaveCount(0);

  // Archive via delete (confirmArchiveCR): gone from the default list; shown and marked with archived runs.
  await runningRow.getByRole('button', { name: `Archive ${runningName}` }).click();
  await expectMessage(page, 'Archive collector run', 'Confirm');
  await expect(runningRow).toHaveCount(0);
  // The row left the list: the page says what happened and how to find the run again.
  await expect(page.getByRole('status').filter({ hasText: 'was archived' })).toHaveText(
    `${runningName} was archived. It is no longer listed; choose “Include archived runs” to find it again.`,
  );
  await openMyRuns(page, '&advanced=true&includeArchived=true');
  await expect(row(page, runningName).getByRole('cell', { name: 'Stopped Archived' })).toBeVisible();
  await row(page, runningName)
    .getByRole('button', { name: `Restore ${runningName}` })
    .click();
  await expectMessage(page, 'Collector run restored');
  await expect(row(page, runningName).getByRole('cell', { name: 'Stopped Restored' })).toBeVisible();

  // Refresh and the server's view of a run.
  await row(page, runningName)
    .getByRole('button', { name: `Refresh ${runningName}` })
    .click();
  await expect(row(page, runningName).getByRole('button', { name: `Refresh ${runningName}` })).toBeEnabled();
  await row(page, runningName)
    .getByRole('button', { name: `Details of ${runningName}` })
    .click();
  const view = page.getByRole('dialog', { name: runningName });
  // The run's facts: owner, status, progress, start and end, duration, project and hosts, each with its label.
  const facts = view.getByLabel('Facts of the collector run');
  for (const label of ['Owner', 'Status', 'Progress', 'Started', 'Ended', 'Duration', 'Project', 'Hosts'])
    await expect(facts.getByRole('term').filter({ hasText: label })).toHaveCount(1);
  await expect(facts).toContainText('Stopped, Restored');
  await expect(facts).not.toContainText('Still collecting');
  await expectNoA11yViolations(page, 'run view dialog');
  await view.getByRole('button', { name: 'Close' }).click();

  // A run of a project opens its project (projectbycollectorrun). The demo world also puts some of the persona's
  // runs in other people's projects, hidden from them: the run says so (ProjectName null, the project's pages answer
  // 404) and the page offers no way into that project.
  const inProjects = (await myRuns(page)).filter((run) => run.ProjectId !== null);
  const answers = await Promise.all(
    inProjects.map(async (run) =>
      (await page.request.get(`/api/projectbycollectorrun/${String(run.Id)}`)).status(),
    ),
  );
  // The run's ProjectName and the project lookup agree, run by run.
  expect(answers).toEqual(inProjects.map((run) => (run.ProjectName === null ? 404 : 200)));
  const inOwnProject = inProjects.find((run) => run.ProjectName !== null);
  const inHiddenProject = inProjects.find((run) => run.ProjectName === null);
  expect(inOwnProject).toBeDefined();
  expect(inHiddenProject).toBeDefined();
  await openMyRuns(page);
  const hiddenRow = row(page, inHiddenProject?.Name ?? '');
  await expect(
    hiddenRow.getByRole('cell', { name: "In a project you can't open", exact: true }),
  ).toBeVisible();
  await expect(hiddenRow.getByRole('link')).toHaveCount(0);
  await expect(
    hiddenRow.getByRole('button', { name: `Open the project of ${inHiddenProject?.Name ?? ''}` }),
  ).toHaveCount(0);
  const ownRow = row(page, inOwnProject?.Name ?? '');
  await expect(
    ownRow.getByRole('link', { name: inOwnProject?.ProjectName ?? '', exact: true }),
  ).toHaveAttribute('href', `/project/details/${String(inOwnProject?.ProjectId)}`);
  await ownRow.getByRole('button', { name: `Open the project of ${inOwnProject?.Name ?? ''}` }).click();
  await expect(page).toHaveURL(new RegExp(`/project/details/${String(inOwnProject?.ProjectId)}$`));
});

test('faults: stop 409, group action 500 / envelope error / timeout keep the typed name, logged-out header', async ({
  page,
}) => {
  test.slow();
  await signIn(page, ACCOUNTS.endUser);
  const running = (await myRuns(page, 'status=Running'))[0];
  const free = (await myRuns(page)).find((run) => run.ProjectId === null && run.Status !== 'Running');
  expect(running && free).toBeTruthy();
  await openMyRuns(page);

  // 409 on stop: the server's error message; the row stays as it was.
  await page.route(/\/api\/collectorrunstoprequest\/\d+$/, (route) =>
    route.fulfill({
      status: 409,
      json: {
        StatusCode: 409,
        ResourceKey: 'operationnotallowed',
        ErrorState: null,
        Message: null,
        Data: null,
      },
    }),
  );
  await row(page, running?.Name ?? '')
    .getByRole('button', { name: `Stop ${running?.Name ?? ''}` })
    .click();
  await expectMessage(page, 'Stop collector run', 'Confirm');
  await expectMessage(page, 'Not allowed');
  await expect(row(page, running?.Name ?? '')).toContainText('Collecting');
  await page.unroute(/\/api\/collectorrunstoprequest\/\d+$/);

  await page.getByRole('checkbox', { name: `Select ${free?.Name ?? ''}` }).check();
  await page.getByRole('button', { name: 'New project from group' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project from 1 collector run' });
  const nameField = dialog.getByRole('textbox', { name: /Project name/ });
  await nameField.fill('Kept through faults');
  const submit = () => dialog.getByRole('button', { name: 'Create project' }).click();
  const url = '**/api/group/collectorruns';

  await page.route(url, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await submit();
  await expectMessage(page, 'Something went wrong');
  await expect(nameField).toHaveValue('Kept through faults');
  await page.unroute(url);

  await page.route(url, (route) =>
    route.fulfill({
      json: {
        StatusCode: 400,
        ResourceKey: null,
        ErrorState: { ErrorCode: 'validate_info' },
        Message: null,
        Data: null,
      },
    }),
  );
  await submit();
  await expectMessage(page, 'Check your input');
  await expect(nameField).toHaveValue('Kept through faults');
  await page.unroute(url);

  // A malformed answer (not the contract's shape) is a failure too, never a silent success.
  await page.route(url, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"x":' }),
  );
  await submit();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(nameField).toHaveValue('Kept through faults');
  await page.unroute(url);
  await expect(page.getByText('1 collector run in the group')).toBeVisible();

  // The logged-out header signs the person out.
  await page.route(url, (route) =>
    route.fulfill({ status: 401, headers: { 'x-logged-out': '1' }, body: '' }),
  );
  await submit();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('a timeout on the group action shows the fixed connectivity text and keeps the group', async ({
  page,
}) => {
  await shortenSdkTimeout(page, 1500);
  await signIn(page, ACCOUNTS.endUser);
  const free = (await myRuns(page)).find((run) => run.ProjectId === null && run.Status !== 'Running');
  await openMyRuns(page);
  await page.getByRole('checkbox', { name: `Select ${free?.Name ?? ''}` }).check();
  await page.route('**/api/group/collectorruns', () => undefined);
  await page.getByRole('button', { name: 'Archive group' }).click();
  await expectMessage(page, 'Archive collector run', 'Confirm');
  await expect(page.getByRole('alertdialog')).toContainText(TIMEOUT_TEXT, { timeout: 15_000 });
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('1 collector run in the group')).toBeVisible();
  await page.evaluate(() => {
    localStorage.removeItem('collectorRunGroup');
  });
});

test('at 390 px: filters, group bar and table fit; the table scrolls in its own frame', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ACCOUNTS.partnerAdmin);
  await openMyRuns(page);
  await page.getByRole('button', { name: 'Advanced search' }).click();
  const overflow = await page.evaluate(() => {
    const main = document.querySelector('main');
    return main ? main.scrollWidth - main.clientWidth : 0;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page, 'collector run search at 390 px');
});
