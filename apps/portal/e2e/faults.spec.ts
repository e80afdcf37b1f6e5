// Every mutation of the project and collector-run pages against the injected faults of the guide: HTTP 500, an
// envelope error inside HTTP 200 (ErrorState.ErrorCode), a call that never answers (timeout) and, last, the
// logged-out header. Each fault shows the catalogue's message (or the fixed timeout text), and nothing the person
// typed or chose is lost; the logged-out header signs the person out.
import type { CollectorRunPage, ProjectPage } from '@assessment/sdk';
import type { Locator, Page, Route } from '@playwright/test';
import { ACCOUNTS, expect, shortenSdkTimeout, signIn, test, TIMEOUT_TEXT } from './fixtures';

/** Only calls of this method get the fault (a GET of the same path, e.g. a refetch, goes through). */
function onlyFor(method: string, answer: Answer): Answer {
  return (route) => (route.request().method() === method ? answer(route) : route.continue());
}

type Answer = (route: Route) => Promise<void> | undefined;

interface Fault {
  name: string;
  answer: Answer;
  /** Shows its message; closes it. */
  shown: (page: Page) => Promise<void>;
}

async function closeAlert(page: Page, text: string | RegExp, timeout = 10_000): Promise<void> {
  const dialog = page.getByRole('alertdialog').filter({ hasText: text });
  await expect(dialog).toBeVisible({ timeout });
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(dialog).toBeHidden();
}

const FAULTS: Fault[] = [
  {
    name: 'HTTP 500',
    answer: (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    shown: (page) => closeAlert(page, 'Something went wrong'),
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
    shown: (page) => closeAlert(page, 'Check your input'),
  },
  {
    name: 'timeout',
    answer: () => undefined, // never answers: the SDK's (shortened) timeout fires
    shown: (page) => closeAlert(page, TIMEOUT_TEXT, 20_000),
  },
];

test.beforeEach(async ({ page }) => {
  // The SDK's 30 s timeout, shortened for these pages only (a normal call answers well within it).
  await shortenSdkTimeout(page, 4000);
});

/**
 * Fires `trigger` once per fault with `url` answered by the fault, checks the message and that `kept` still holds,
 * then once with the logged-out header, which must sign the person out.
 */
async function expectEveryFault(
  page: Page,
  url: RegExp,
  trigger: () => Promise<void>,
  kept: () => Promise<void>,
  method = 'POST',
): Promise<void> {
  for (const fault of FAULTS) {
    await page.route(url, onlyFor(method, fault.answer));
    await trigger();
    await fault.shown(page);
    await kept();
    await page.unroute(url);
  }
  await page.route(
    url,
    onlyFor(method, (route) => route.fulfill({ status: 401, headers: { 'x-logged-out': '1' }, body: '' })),
  );
  await trigger();
  await expect(page).toHaveURL(/\/auth\/login/);
}

async function confirmMessage(page: Page, title: string): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
}

async function newProject(page: Page, name: string, runIds: number[] = []): Promise<number> {
  const first = runIds[0];
  const query = first === undefined ? '' : `&CollectorRunIdToAddToProject=${String(first)}`;
  const created = await page.request.post(`/api/projects?name=${encodeURIComponent(name)}${query}`);
  const id = ((await created.json()) as { Data: { Id: number } }).Data.Id;
  for (const run of runIds.slice(1))
    await page.request.post(`/api/projects/addcollectorrun/${String(id)}/${String(run)}`);
  return id;
}

async function freeRuns(page: Page, count: number): Promise<{ Id: number; Name: string }[]> {
  const response = await page.request.get('/api/collectorruns?myCollectorRunsOnly=true&PageSize=200');
  const free = ((await response.json()) as CollectorRunPage).Items.filter(
    (run) => run.ProjectId === null && run.ArchiveState !== 'Archived' && run.Status === 'Completed',
  );
  expect(free.length).toBeGreaterThanOrEqual(count);
  return free.slice(0, count);
}

const stamp = () => String(Date.now());

test('create project: each fault keeps the typed name', async ({ page }) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
  await page.goto('/projects');
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  const name = dialog.getByRole('textbox', { name: /Project name/ });
  const typed = `Faulty ${stamp()}`;
  await name.fill(typed);
  await expectEveryFault(
    page,
    /\/api\/projects\/?\?name=/,
    () => dialog.getByRole('button', { name: 'Create project' }).click(),
    () => expect(name).toHaveValue(typed),
  );
});

test('rename project: each fault keeps the typed name', async ({ page }) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
  const id = await newProject(page, `Rename faults ${stamp()}`);
  await page.goto(`/project/details/${String(id)}`);
  await page.getByRole('button', { name: 'Rename' }).click();
  const field = page.getByRole('textbox', { name: /Project name/ });
  await field.fill('Renamed under faults');
  await expectEveryFault(
    page,
    /\/project\/update\/\d+\?name=/,
    () => page.getByRole('button', { name: 'Save name' }).click(),
    () => expect(field).toHaveValue('Renamed under faults'),
  );
});

test('add a collector run: each fault keeps the chosen run', async ({ page }) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
  const [run] = await freeRuns(page, 1);
  const id = await newProject(page, `Add faults ${stamp()}`);
  await page.goto(`/project/edit/${String(id)}`);
  await page.getByRole('button', { name: 'Add collector run' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a collector run' });
  const input = dialog.getByRole('combobox');
  await input.fill(run?.Name ?? '');
  await page.getByRole('option', { name: run?.Name ?? '' }).click();
  await expectEveryFault(
    page,
    /\/api\/projects\/addcollectorrun\//,
    () => dialog.getByRole('button', { name: 'Add to project' }).click(),
    () => expect(input).toHaveValue(run?.Name ?? ''),
  );
});

test('remove a collector run and delete a project: each fault leaves them in place', async ({ page }) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
  const runs = await freeRuns(page, 2);
  const id = await newProject(
    page,
    `Remove faults ${stamp()}`,
    runs.map((run) => run.Id),
  );
  await page.goto(`/project/edit/${String(id)}`);
  const first = runs[0]?.Name ?? '';
  const row = page.getByRole('cell', { name: first, exact: true });
  for (const fault of FAULTS) {
    await page.route(/\/api\/projects\/removecollectorrun\//, onlyFor('POST', fault.answer));
    await page.getByRole('button', { name: `Remove ${first} from the project` }).click();
    await confirmMessage(page, 'Remove collector run');
    await fault.shown(page);
    await expect(row).toBeVisible();
    await page.unroute(/\/api\/projects\/removecollectorrun\//);
  }
  await page.goto(`/project/details/${String(id)}`);
  await expectEveryFault(
    page,
    /\/api\/projects\/\d+$/,
    async () => {
      await page.getByRole('button', { name: 'Delete project' }).click();
      await confirmMessage(page, 'Delete project');
    },
    () => expect(page).toHaveURL(new RegExp(`/project/details/${String(id)}$`)),
    'DELETE',
  );
});

test('archive and publish a project: each fault leaves the buttons usable', async ({ page }) => {
  await signIn(page, ACCOUNTS.endUser);
  // With a run: a project without enabled nodes never reaches the publish call (nodes_required_to_publish).
  const [run] = await freeRuns(page, 1);
  const id = await newProject(page, `Archive faults ${stamp()}`, [run?.Id ?? 0]);
  await page.goto(`/project/details/${String(id)}`);
  const archive = page.getByRole('button', { name: 'Archive project' });
  for (const fault of FAULTS) {
    await page.route(/\/api\/project\/archive\/\d+/, onlyFor('POST', fault.answer));
    await archive.click();
    await fault.shown(page);
    await expect(archive).toBeEnabled();
    await page.unroute(/\/api\/project\/archive\/\d+/);
  }
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const publish = page.getByRole('dialog', { name: /^Publish / });
  await expectEveryFault(
    page,
    /\/api\/projects\/\d+\/publish/,
    () => publish.getByRole('button', { name: 'Publish project' }).click(),
    () => expect(publish.getByRole('button', { name: 'Publish project' })).toBeEnabled(),
  );
});

test('retry a failed project: each fault keeps it in its error state', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  const list = await page.request.get('/api/projects?myProjectsOnly=true&PageSize=200');
  const failed = ((await list.json()) as ProjectPage).Items.find((project) => project.ProcessingFailed);
  expect(failed).toBeDefined();
  await page.goto(`/project/details/${String(failed?.Id)}`);
  await expectEveryFault(
    page,
    /\/api\/project\/\d+\/retry/,
    () => page.getByRole('button', { name: 'Retry processing' }).click(),
    () => expect(page.getByRole('heading', { name: 'Processing failed' })).toBeVisible(),
  );
});

test('share: each fault keeps the recipients', async ({ page }) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
  const id = await newProject(page, `Share faults ${stamp()}`);
  await page.goto(`/project/details/${String(id)}`);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const share = page.getByRole('dialog', { name: /^Share / });
  await share.getByRole('button', { name: 'Next' }).click();
  const recipient = share.getByRole('combobox', { name: 'Recipient email' });
  await recipient.fill(`someone.${stamp()}@fabrikam.example`);
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await share.locator('button', { hasText: 'Add recipient' }).click();
  const recipients = share.getByRole('list', { name: 'Recipients' }).getByRole('listitem');
  await expect(recipients).toHaveCount(1);
  await expectEveryFault(
    page,
    /\/api\/projects\/share$/,
    () => share.getByRole('button', { name: 'Share now' }).click(),
    () => expect(recipients).toHaveCount(1),
  );
});

test('collector runs: stop, archive and restore under each fault leave the run as it was', async ({
  page,
}) => {
  test.slow();
  await signIn(page, ACCOUNTS.partnerAdmin);
  const runs = (
    (await (
      await page.request.get('/api/collectorruns?myCollectorRunsOnly=true&includeArchived=true&PageSize=200')
    ).json()) as CollectorRunPage
  ).Items;
  const running = runs.find((run) => run.Status === 'Running');
  const archived = runs.find((run) => run.ArchiveState === 'Archived');
  const stopped = runs.find((run) => run.Status !== 'Running' && run.ArchiveState !== 'Archived');
  expect(running && archived && stopped).toBeTruthy();
  await page.goto(
    '/collectorruns/search?myCollectorRunsOnly=true&advanced=true&includeArchived=true&PageSize=200',
  );
  const rowOf = (name: string): Locator =>
    page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  const cases = [
    {
      run: running,
      action: 'Stop',
      method: 'POST',
      url: /\/api\/collectorrunstoprequest\/\d+$/,
      confirm: 'Stop collector run',
    },
    {
      run: stopped,
      action: 'Archive',
      method: 'DELETE',
      url: /\/api\/collectorruns\/\d+$/,
      confirm: 'Archive collector run',
    },
    {
      run: archived,
      action: 'Restore',
      method: 'DELETE',
      url: /\/api\/collectorruns\/restore\/\d+$/,
      confirm: null,
    },
  ];
  for (const { run, action, method, url, confirm } of cases) {
    const name = run?.Name ?? '';
    const button = rowOf(name).getByRole('button', { name: `${action} ${name}` });
    for (const fault of FAULTS) {
      await page.route(url, onlyFor(method, fault.answer));
      await button.click();
      if (confirm) await confirmMessage(page, confirm);
      await fault.shown(page);
      await expect(button).toBeEnabled();
      await page.unroute(url);
    }
  }
  // The logged-out header on the stop call signs the person out.
  const name = running?.Name ?? '';
  await page.route(/\/api\/collectorrunstoprequest\/\d+$/, (route) =>
    route.fulfill({ status: 401, headers: { 'x-logged-out': '1' }, body: '' }),
  );
  await rowOf(name)
    .getByRole('button', { name: `Stop ${name}` })
    .click();
  await confirmMessage(page, 'Stop collector run');
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('unpublish, and remove the last run with its project: each fault leaves the project as it was', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
  const [run, other] = await freeRuns(page, 2);
  const published = await newProject(page, `Unpublish faults ${stamp()}`, [run?.Id ?? 0]);
  expect((await page.request.post(`/api/projects/${String(published)}/publish?publish=true`)).ok()).toBe(
    true,
  );
  await page.goto(`/project/details/${String(published)}`);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Publish / });
  const unpublish = dialog.getByRole('button', { name: 'Unpublish project' });
  for (const fault of FAULTS) {
    await page.route(/\/api\/projects\/\d+\/publish/, onlyFor('POST', fault.answer));
    await unpublish.click();
    await fault.shown(page);
    await expect(unpublish).toBeEnabled();
    await expect(page).toHaveURL(/\/project\/details\//);
    await page.unroute(/\/api\/projects\/\d+\/publish/);
  }

  const single = await newProject(page, `Last run faults ${stamp()}`, [other?.Id ?? 0]);
  await page.goto(`/project/edit/${String(single)}`);
  const name = other?.Name ?? '';
  await expectEveryFault(
    page,
    /\/api\/projects\/removecollectorunanddeleteproject\//,
    async () => {
      await page.getByRole('button', { name: `Remove ${name} from the project` }).click();
      await confirmMessage(page, 'Remove last collector run');
    },
    () => expect(page.getByRole('cell', { name, exact: true })).toBeVisible(),
    'DELETE',
  );
});
