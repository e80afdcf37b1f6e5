// Team journeys (spec parts 2, 4, 5, 7): the OEM team admin toggles the OPM option (and its failure path), adds,
// verifies and promotes an employee (and meets user_already_assigned_to_team), the members wizard says "verified"
// only after verifying, non-admins see no admin actions, and every team mutation under HTTP 500, an envelope
// error and the logged-out header. Axe on every step and dialog; 390 px.
import type { Page, Route } from '@playwright/test';
import { expect, expectNoA11yViolations, signIn, test } from './fixtures';

const OEM_ADMIN = 'oem.admin@northwind-oem.example';
const OEM_MEMBER = 'oem.member@northwind-oem.example';
const OEM_DOMAIN = 'northwind-oem.example';
const OPM_ERROR = 'Something went wrong. The OPM option was not changed.';

const stamp = () => `${String(Date.now())}${String(Math.floor(Math.random() * 1000))}`;

async function myTeamId(page: Page): Promise<number> {
  const viewer = (await (await page.request.get('/api/viewer')).json()) as {
    team: { TeamId: number } | null;
  };
  if (!viewer.team) throw new Error('the persona has no team');
  return viewer.team.TeamId;
}

/** A new, not yet verified employee of the team (created through the add-employee call). */
async function newEmployee(
  page: Page,
  teamId: number,
  first: string,
): Promise<{ id: number; name: string; last: string }> {
  const last = `E2e${stamp()}`;
  const r = await page.request.post('/Team/AddEmployee', {
    form: {
      Email: `${first.toLowerCase()}.${last.toLowerCase()}@${OEM_DOMAIN}`,
      FirstName: first,
      LastName: last,
      TeamId: String(teamId),
    },
  });
  expect(r.status()).toBe(200);
  return { id: ((await r.json()) as { Data: { Id: number } }).Data.Id, name: `${first} ${last}`, last };
}

async function closeMessage(page: Page, title: string | RegExp): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: title });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, `message ${String(title)}`);
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(dialog).toBeHidden();
}

const envelopeError = (route: Route) =>
  route.fulfill({
    json: {
      StatusCode: 400,
      ResourceKey: null,
      ErrorState: { ErrorCode: 'validate_info' },
      Message: null,
      Data: null,
    },
  });
const http500 = (route: Route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
const loggedOut = (route: Route) =>
  route.fulfill({ status: 401, headers: { 'x-logged-out': '1' }, body: '' });
const onlyPost = (answer: (route: Route) => Promise<void>) => (route: Route) =>
  route.request().method() === 'POST' ? answer(route) : route.continue();

/** Each fault on `url` when `trigger` runs: the catalogue's message, then the logged-out header signs out. */
async function expectEveryFault(
  page: Page,
  url: RegExp,
  trigger: () => Promise<void>,
  kept: () => Promise<void>,
) {
  for (const [answer, title] of [
    [http500, 'Something went wrong'],
    [envelopeError, 'Check your input'],
  ] as const) {
    await page.route(url, onlyPost(answer));
    await trigger();
    await closeMessage(page, title);
    await kept();
    await page.unroute(url);
  }
  await page.route(url, onlyPost(loggedOut));
  await trigger();
  await expect(page).toHaveURL(/\/auth\/login/);
}

test('OEM team admin toggles OPM on and off; an injected failure leaves it unchecked', async ({ page }) => {
  await signIn(page, OEM_ADMIN);
  const teamId = await myTeamId(page);
  // Start from Disabled (journeys share one server).
  await page.request.post(`/api/team/edit/false/${String(teamId)}`);
  await page.goto(`/team/edit/${String(teamId)}`);
  const box = page.getByRole('checkbox', { name: 'OPM option' });
  const status = page.getByTestId('opm-status');
  await expect(box).not.toBeChecked();
  await expect(status).toHaveText('Disabled');
  await expectNoA11yViolations(page, 'team page, OPM disabled');

  // Failure path (envelope error, then HTTP 500): generic message, checkbox stays unchecked.
  for (const answer of [envelopeError, http500]) {
    await page.route(/\/api\/team\/edit\//, onlyPost(answer));
    await box.check({ force: true }).catch(() => undefined);
    await expect(page.getByRole('alert').filter({ hasText: OPM_ERROR })).toBeVisible();
    await expect(box).not.toBeChecked();
    await expect(status).toHaveText('Disabled');
    await expectNoA11yViolations(page, 'OPM failure');
    await page.unroute(/\/api\/team\/edit\//);
  }

  // On (the spinner while pending is checked by the component test OpmToggle.test.tsx).
  await box.click();
  await expect(box).toBeChecked();
  await expect(status).toHaveText('Enabled');
  await expect(page.getByRole('alert').filter({ hasText: OPM_ERROR })).toHaveCount(0);
  await expectNoA11yViolations(page, 'OPM enabled');

  // Off again with the keyboard; the server keeps it.
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).not.toBeChecked();
  await expect(status).toHaveText('Disabled');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'OPM option' })).not.toBeChecked();

  // Logged-out header on the toggle signs out.
  await page.route(/\/api\/team\/edit\//, onlyPost(loggedOut));
  await page.getByRole('checkbox', { name: 'OPM option' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('team admin adds, verifies and promotes an employee, and meets user_already_assigned_to_team', async ({
  page,
}) => {
  await signIn(page, OEM_ADMIN);
  const teamId = await myTeamId(page);
  await page.goto(`/team/edit/${String(teamId)}`);
  await page.getByRole('button', { name: 'Add employee' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add employee' });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, 'add employee dialog');
  // An account already in a team: the team check refuses before adding.
  await dialog.getByRole('textbox', { name: /Email/ }).fill(OEM_MEMBER);
  await dialog.getByRole('textbox', { name: /First name/ }).fill('Already');
  await dialog.getByRole('textbox', { name: /Last name/ }).fill('Member');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await closeMessage(page, 'Already in a team');

  const last = `Lee${stamp()}`;
  await page.getByRole('button', { name: 'Add employee' }).click();
  dialog = page.getByRole('dialog', { name: 'Add employee' });
  await dialog.getByRole('textbox', { name: /Email/ }).fill(`sam.${last.toLowerCase()}@${OEM_DOMAIN}`);
  await dialog.getByRole('textbox', { name: /First name/ }).fill('Sam');
  await dialog.getByRole('textbox', { name: /Last name/ }).fill(last);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('The employee was added.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: last });
  await expect(row.getByRole('cell', { name: 'No', exact: true })).toBeVisible();
  // Newest first: the new employee is the first data row (joined column descending).
  await expect(page.getByRole('row').nth(1)).toContainText(last);
  await expectNoA11yViolations(page, 'employee added');

  await row.getByRole('button', { name: `Verify Sam ${last}` }).click();
  await expect(page.getByText(`Sam ${last} is verified.`)).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Yes', exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Make admin: Sam ${last}` }).click();
  await closeMessage(page, 'Role changed');
  await expect(row.getByRole('cell', { name: 'OEM team admin' })).toBeVisible();
  await row.getByRole('button', { name: `Make member: Sam ${last}` }).click();
  await closeMessage(page, 'Role changed');
  await expect(row.getByRole('cell', { name: 'OEM team member' })).toBeVisible();
  await expectNoA11yViolations(page, 'employee promoted and demoted');

  // Remove: asked first (Cancel keeps them), then gone from the table at once; never offered for oneself.
  await row.getByRole('button', { name: `Remove Sam ${last} from the team` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove from the team' });
  await expect(confirm).toContainText(`Remove Sam ${last} from the team?`);
  await expectNoA11yViolations(page, 'remove employee confirmation');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Remove Sam ${last} from the team` }).click();
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText(`Sam ${last} was removed from the team.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  const me = page.getByRole('row').filter({ hasText: OEM_ADMIN });
  await expect(me).toHaveCount(1);
  await expect(me.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
});

test('the members wizard says verified only after verifying', async ({ page }) => {
  await signIn(page, OEM_ADMIN);
  const teamId = await myTeamId(page);
  const employee = await newEmployee(page, teamId, 'Wiz');
  await page.goto('/wizard/members?verified=true');
  await expect(page.getByRole('heading', { name: 'Step 1 of 2: verify members' })).toBeVisible();
  await expect(page.getByText(/members? (was|were) verified/)).toHaveCount(0);
  await expectNoA11yViolations(page, 'wizard verify step');
  await page.getByRole('checkbox', { name: new RegExp(employee.name) }).check();
  await page.getByRole('button', { name: 'Verify chosen members' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 2: confirmation' })).toBeVisible();
  await expect(page.getByText('1 member was verified.')).toBeVisible();
  await expect(page).toHaveURL(/verified=true/);
  await expectNoA11yViolations(page, 'wizard confirm step');
  // Reloading the recorded URL does not claim a verification.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Step 1 of 2: verify members' })).toBeVisible();
  await expect(page.getByText(/members? (was|were) verified/)).toHaveCount(0);
});

test('non-admins see no admin actions', async ({ page }) => {
  await signIn(page, OEM_MEMBER);
  const teamId = await myTeamId(page);
  await page.goto(`/team/edit/${String(teamId)}`);
  await expect(page.getByRole('checkbox', { name: 'OPM option' })).toBeDisabled();
  await expect(page.getByText('Only the team admins can change this option.')).toBeVisible();
  // Only the sortable column headers are buttons: no add, verify or promote/demote action.
  await expect(
    page
      .getByRole('main')
      .getByRole('button', { name: /^(Add employee|Verify|Make admin|Make member|Remove)/ }),
  ).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('button')).toHaveCount(3);
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'team page, member');
  await page.goto('/wizard/members');
  await expect(page.getByText('Only the team admins can verify members.')).toBeVisible();
  await expectNoA11yViolations(page, 'wizard, member');
});

test('faults on add employee, verify, change role, remove and the wizard verify', async ({ page }) => {
  // Five mutations × (500, envelope error, logged-out header) with a sign-in after each logout.
  test.slow();
  await signIn(page, OEM_ADMIN);
  const teamId = await myTeamId(page);
  const employee = await newEmployee(page, teamId, 'Fault');
  await page.goto(`/team/edit/${String(teamId)}`);
  const row = page.getByRole('row').filter({ hasText: employee.last });
  await expectEveryFault(
    page,
    /\/Team\/VerifyEmployees/,
    () => row.getByRole('button', { name: `Verify ${employee.name}` }).click(),
    () => expect(row.getByRole('cell', { name: 'No', exact: true })).toBeVisible(),
  );
  await signIn(page, OEM_ADMIN);
  await page.goto(`/team/edit/${String(teamId)}`);
  await expectEveryFault(
    page,
    /\/Team\/ChangeRole/,
    () => row.getByRole('button', { name: `Make admin: ${employee.name}` }).click(),
    () => expect(row.getByRole('cell', { name: 'OEM team member' })).toBeVisible(),
  );
  await signIn(page, OEM_ADMIN);
  await page.goto(`/team/edit/${String(teamId)}`);
  await page.getByRole('button', { name: 'Add employee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add employee' });
  const email = `fault.${stamp()}@${OEM_DOMAIN}`;
  await dialog.getByRole('textbox', { name: /Email/ }).fill(email);
  await dialog.getByRole('textbox', { name: /First name/ }).fill('Fault');
  await dialog.getByRole('textbox', { name: /Last name/ }).fill('Add');
  await expectEveryFault(
    page,
    /\/Team\/AddEmployee/,
    () => dialog.getByRole('button', { name: 'Add', exact: true }).click(),
    () => expect(dialog.getByRole('textbox', { name: /Email/ })).toHaveValue(email),
  );
  await signIn(page, OEM_ADMIN);
  await page.goto(`/team/edit/${String(teamId)}`);
  const confirmRemove = page.getByRole('alertdialog', { name: 'Remove from the team' });
  await expectEveryFault(
    page,
    /\/team\/RemoveFromTeam/,
    async () => {
      await row.getByRole('button', { name: `Remove ${employee.name} from the team` }).click();
      await confirmRemove.getByRole('button', { name: 'Remove', exact: true }).click();
    },
    () => expect(row).toHaveCount(1),
  );
  await signIn(page, OEM_ADMIN);
  await page.goto('/wizard/members');
  const choice = page.getByRole('checkbox', { name: new RegExp(employee.name) });
  await choice.check();
  await expectEveryFault(
    page,
    /\/Wizard\/VerifyEmployees/,
    () => page.getByRole('button', { name: 'Verify chosen members' }).click(),
    async () => {
      await expect(page.getByRole('heading', { name: 'Step 1 of 2: verify members' })).toBeVisible();
      await expect(choice).toBeChecked();
    },
  );
});

test.describe('390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('team page and add dialog fit', async ({ page }) => {
    await signIn(page, OEM_ADMIN);
    const teamId = await myTeamId(page);
    await page.goto(`/team/edit/${String(teamId)}`);
    await expect(page.getByRole('checkbox', { name: 'OPM option' })).toBeEnabled();
    const overflow = () =>
      page.evaluate(() => {
        const main = document.querySelector('main');
        const dialog = document.querySelector('[role="dialog"]');
        return Math.max(
          main ? main.scrollWidth - main.clientWidth : 0,
          dialog ? dialog.getBoundingClientRect().right - window.innerWidth : 0,
        );
      });
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page, 'team page 390');
    await page.getByRole('button', { name: 'Add employee' }).click();
    await expect(page.getByRole('dialog', { name: 'Add employee' })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page, 'add dialog 390');
    await page.goto('/wizard/members');
    await expect(page.getByRole('heading', { name: 'Step 1 of 2: verify members' })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page, 'wizard 390');
  });
});
