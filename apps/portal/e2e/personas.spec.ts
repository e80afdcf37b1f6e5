// One journey per persona of the spec (issue #30, "done when"): each walks that persona's activities end to end —
// signing in, the pages its navigation offers and its main actions, each once — at 1366 × 768 and at 390 × 844,
// with axe on every step and dialog. Any page error or CSP violation fails the journey (the fixtures' page).
// Other specs test each activity in depth; these check that every persona gets through its whole day at both
// widths. Each journey works on items of its own (or only looks), so the specs after this file see the seeded
// data as it was.
import { request as apiRequest, type Locator, type Page } from '@playwright/test';
import {
  ACCOUNTS,
  DEMO_PASSWORD,
  expect,
  expectNoA11yViolations,
  oneSampleCollectorFile,
  queueCollectorFile,
  signIn,
  test,
} from './fixtures';
import { NAVIGATION } from './steps';

/** The spec's personas beyond the fixtures' accounts (seeded demo accounts, one password). */
const PERSONA_ACCOUNTS = {
  ...ACCOUNTS,
  partnerMember: 'partner.member@contoso-partners.example',
  oemAdmin: 'oem.admin@northwind-oem.example',
  staff: 'staff@dell.example',
} as const;

const WIDTHS = [
  { name: '1366 px', viewport: { width: 1366, height: 768 } },
  { name: '390 px', viewport: { width: 390, height: 844 } },
] as const;

const COLLECTOR_FILE = oneSampleCollectorFile('personas-e2e', 'persona-host');

/** A journey at one width: its steps are named after the width, so a failure says where. */
class Journey {
  constructor(
    readonly page: Page,
    readonly width: string,
  ) {}

  /** A page (by its level-1 heading) or a dialog is shown: axe checks it as it is. */
  async check(what: string, shown: Locator): Promise<void> {
    await expect(shown).toBeVisible();
    await expectNoA11yViolations(this.page, `${what} at ${this.width}`);
  }

  heading(name: string | RegExp): Locator {
    return this.page.getByRole('heading', { level: 1, name });
  }

  /** Goes to a page of the persona's navigation and checks it. */
  async visit(path: string, heading: string | RegExp): Promise<void> {
    await this.page.goto(path);
    await this.check(`${String(heading)} (${path})`, this.heading(heading));
  }

  /** The main navigation offers exactly these entries (opened first where it is a menu, on phones). */
  async expectNavigation(entries: readonly string[]): Promise<void> {
    const nav = this.page.getByRole('navigation', { name: 'Main' });
    const toggle = nav.getByRole('button', { name: 'Navigation menu' });
    const links = nav.getByRole('link');
    if (!(await links.first().isVisible())) await toggle.click();
    await expect(links).toHaveText([...entries]);
    await expect(links.last()).toBeVisible();
    await this.check('navigation', links.first());
    if (await toggle.isVisible()) {
      const expanded = await toggle.getAttribute('aria-expanded');
      if (expanded === 'true') await toggle.click();
    }
  }

  /** Signs in as `email` and checks the dashboard it lands on and, where given, the navigation it offers. */
  async start(email: string, navigation?: readonly string[]): Promise<void> {
    await signIn(this.page, email);
    await this.check('dashboard', this.heading('Dashboard'));
    if (navigation) await this.expectNavigation(navigation);
  }

  /** Goes to the signed-in account's own team page. */
  async visitOwnTeam(): Promise<void> {
    const viewer = (await (await this.page.request.get('/api/viewer')).json()) as {
      team: { TeamId: number };
    };
    await this.visit(`/team/edit/${String(viewer.team.TeamId)}`, 'Team settings');
  }

  /** Makes a project of the signed-in account named `name` through the API and goes to its details page. */
  async visitNewProject(name: string): Promise<void> {
    await this.visit(`/project/details/${String(await ownProject(this.page, name))}`, 'Project details');
  }

  /**
   * Signs in as `email`, whose terms (the dialog `terms`) are pending, and declines them: signed out, on the
   * sign-in page (`signedOut`). Declining changes nothing on the server (terms.spec.ts accepts them later).
   */
  async declineTerms(email: string, terms: string, what: string, signedOut: RegExp): Promise<void> {
    await signIn(this.page, email);
    const dialog = this.page.getByRole('dialog', { name: terms });
    await this.check(what, dialog);
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await expect(this.page).toHaveURL(signedOut);
    await this.check('signed out after declining', this.heading('Sign in'));
  }

  /** Opens a dialog with a button, checks it, and closes it with `close` (nothing sent). */
  async openAndClose(button: string, dialogName: string | RegExp, close: string): Promise<void> {
    await this.page.getByRole('button', { name: button, exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: dialogName });
    await this.check(`dialog ${String(dialogName)}`, dialog);
    await dialog.getByRole('button', { name: close, exact: true }).last().click();
    await expect(dialog).toBeHidden();
  }
}

/** A project of the signed-in account, made through the API (the journeys that only look at one). */
async function ownProject(page: Page, name: string): Promise<number> {
  const created = await page.request.post(`/api/projects/?name=${encodeURIComponent(name)}`);
  expect(created.ok()).toBe(true);
  return ((await created.json()) as { Data: { Id: number } }).Data.Id;
}

for (const { name: width, viewport } of WIDTHS)
  test.describe(`personas at ${width}`, () => {
    test.use({ viewport });

    test('anonymous visitor: sign-in, registration, a protected page, a published project and its reports', async ({
      page,
      baseURL,
    }) => {
      // A published project of an end user's own, made through the API (the visitor has no session).
      const owner = await apiRequest.newContext({ baseURL });
      const signedIn = await owner.post('/api/auth/signin', {
        data: { email: ACCOUNTS.endUser, password: DEMO_PASSWORD },
      });
      expect(signedIn.ok()).toBe(true);
      const projectName = `Persona public ${width} ${String(Date.now())}`;
      const projectId = await queueCollectorFile({ request: owner }, projectName, COLLECTOR_FILE);
      await expect(async () => {
        const published = await owner.post(`/api/projects/${String(projectId)}/publish?publish=true`);
        expect(((await published.json()) as { StatusCode: number }).StatusCode).toBe(200);
      }).toPass();
      await owner.dispose();

      const journey = new Journey(page, width);
      await journey.visit('/auth/login', 'Sign in');
      await journey.visit('/register/user-register', /Register/);
      // A protected page sends the visitor to sign in, and back there afterwards.
      await page.goto('/projects');
      await expect(page).toHaveURL(/\/auth\/login\?ReturnUrl=%2Fprojects/);
      await journey.check('sign-in with a return address', journey.heading('Sign in'));
      // The published project opens read-only; its reports dialog is there for the visitor.
      await page.goto(`/dpackviewer/${String(projectId)}`);
      await expect(page.getByText(projectName).first()).toBeVisible();
      await expect(page.getByRole('checkbox')).toHaveCount(0);
      await journey.check('public viewer', page.getByRole('button', { name: 'Reports', exact: true }));
      await journey.openAndClose('Reports', 'Reports', 'Close');
    });

    test('end user: dashboard, upload, viewer, details with share and publish, projects, runs, profile', async ({
      page,
    }) => {
      test.slow(); // the longest day: an upload stored in the background and the whole viewer, each step with axe
      const journey = new Journey(page, width);
      await journey.start(ACCOUNTS.endUser, NAVIGATION.endUser);

      // Upload: type, a new project's name, the file, then the completion dialog opens the viewer.
      const projectName = `Persona upload ${width} ${String(Date.now())}`;
      await journey.visit('/collectorruns/Upload-Iokit', 'Upload collector files');
      await page.getByRole('radio', { name: 'Server' }).check();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('textbox', { name: 'New project name' }).fill(projectName);
      await journey.check(
        'upload, project name',
        page.getByRole('heading', { level: 2, name: 'Project name' }),
      );
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page
        .locator('.ui-file-drop-zone input[type="file"]')
        .setInputFiles([
          { name: 'persona.iokit', mimeType: 'application/octet-stream', buffer: COLLECTOR_FILE },
        ]);
      await expect(
        page
          .getByRole('list', { name: 'Files to upload' })
          .getByRole('listitem')
          .filter({ hasText: 'persona.iokit' }),
      ).toHaveAttribute('data-status', 'done');
      await journey.check('upload, files', page.getByRole('list', { name: 'Files to upload' }));
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      const done = page.getByRole('dialog', { name: 'Upload complete' });
      await journey.check('upload complete', done);
      await done.getByRole('button', { name: 'Open the project viewer' }).click();
      await expect(page).toHaveURL(/\/dpackviewer\/\d+$/);
      const projectId = Number(/\/dpackviewer\/(\d+)$/.exec(page.url())?.[1]);
      await journey.check('viewer', page.getByText(projectName).first());
      await journey.openAndClose('Reports', 'Reports', 'Close');

      // Details: share (options only) and publish (done once: the public link shows).
      await journey.visit(`/project/details/${String(projectId)}`, 'Project details');
      await journey.openAndClose('Share', `Share ${projectName}`, 'Close');
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const publish = page.getByRole('dialog', { name: `Publish ${projectName}` });
      await journey.check('publish dialog', publish);
      await publish.getByRole('button', { name: 'Publish project' }).click();
      await journey.check('publish dialog, published', publish.getByTestId('public-url'));
      await publish.getByRole('button', { name: 'Close', exact: true }).last().click();
      await expect(publish).toBeHidden();

      await journey.visit('/projects', 'Projects');
      // The new project is listed (by name; its row also has links to open it).
      await expect(page.getByRole('link', { name: projectName }).first()).toBeVisible();
      await journey.visit('/project/search', 'Project search');
      await journey.visit('/collectorruns/search', 'Collector run search');
      await journey.visit('/account/profile', 'Edit profile');
    });

    test('end user with the licence pending: the terms dialog, declined, signs out', async ({ page }) => {
      await new Journey(page, width).declineTerms(
        ACCOUNTS.pendingEula,
        'End user license agreement',
        'licence terms',
        /\/auth\/login$/,
      );
    });

    test('partner team member: dashboard, collector download, runs, RSA-key collectors, team, promo sites', async ({
      page,
    }) => {
      const journey = new Journey(page, width);
      await journey.start(PERSONA_ACCOUNTS.partnerMember, NAVIGATION.partnerMember);
      await journey.openAndClose('Download a collector', 'Download a collector', 'Close');
      await journey.visit('/collectorruns/search', 'Collector run search');
      await journey.visit('/collectors/keys', 'RSA-key collectors');
      await journey.visitOwnTeam();
      // A member sees the team; changing it is for its admins.
      await expect(page.getByRole('button', { name: 'Add employee' })).toHaveCount(0);
      await journey.visit('/promo', 'Promo sites');
      await journey.visit('/projects', 'Projects');
    });

    test('partner team admin: team with add employee, members wizard, user management, promo sites', async ({
      page,
    }) => {
      const journey = new Journey(page, width);
      await journey.start(ACCOUNTS.partnerAdmin, NAVIGATION.userAdmin);
      await journey.visitOwnTeam();
      await journey.openAndClose('Add employee', 'Add employee', 'Cancel');
      await journey.visit('/wizard/members?verified=true', 'Team members');
      await journey.visit('/UserManagement/List', 'User management');
      await journey.visit('/UserManagement/ProcessUserSearch', 'User search');
      await journey.visit('/promo', 'Promo sites');
    });

    test('OEM team admin: dashboard, team with add employee, RSA-key collectors, users, promo sites', async ({
      page,
    }) => {
      const journey = new Journey(page, width);
      // An OEM team's admin has the partner team admin's navigation.
      await journey.start(PERSONA_ACCOUNTS.oemAdmin, NAVIGATION.userAdmin);
      await journey.visitOwnTeam();
      await journey.openAndClose('Add employee', 'Add employee', 'Cancel');
      await journey.visit('/collectors/keys', 'RSA-key collectors');
      await journey.visit('/UserManagement/List', 'User management');
      await journey.visit('/promo', 'Promo sites');
    });

    test('partner with the partner terms pending: the partner terms page and dialog', async ({ page }) => {
      await new Journey(page, width).declineTerms(
        ACCOUNTS.pendingPartner,
        'Partner terms and conditions',
        'partner terms',
        /\/auth\/login/,
      );
    });

    test('internal staff: project and run search across companies, a project with its PSS request', async ({
      page,
    }) => {
      const journey = new Journey(page, width);
      await journey.start(PERSONA_ACCOUNTS.staff);
      await journey.visit(`/project/search`, 'Project search');
      await journey.visit('/collectorruns/search', 'Collector run search');
      await journey.visitNewProject(`Persona staff ${width} ${String(Date.now())}`);
      await page.getByRole('button', { name: 'Request a PSS solution' }).click();
      const pss = page.getByRole('dialog', { name: 'Request a PSS solution' });
      await journey.check(
        'PSS request, account step',
        pss.getByRole('heading', { name: 'Account', level: 3 }),
      );
      await page.keyboard.press('Escape');
      await expect(pss).toBeHidden();
      await journey.visit('/collectors/keys', 'RSA-key collectors');
    });

    test('internal admin: users, user search, team, owner transfer dialog, promo sites', async ({ page }) => {
      const journey = new Journey(page, width);
      await journey.start(ACCOUNTS.admin);
      await journey.visit('/UserManagement/List', 'User management');
      await journey.visit('/UserManagement/ProcessUserSearch', 'User search');
      await journey.visitOwnTeam();
      const name = `Persona admin ${width} ${String(Date.now())}`;
      await journey.visitNewProject(name);
      await journey.openAndClose('Transfer ownership', `Transfer ${name} to a new owner`, 'Cancel');
      await journey.visit('/promo', 'Promo sites');
    });
  });
