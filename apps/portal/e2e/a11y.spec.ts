import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, expectNoA11yViolations, signIn, test } from './fixtures';

/** Waits for the page's own heading so axe sees the loaded page, not the pending state. */
async function visit(page: Page, url: string, heading: string | RegExp) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('public pages: login (with banner), message modal, select company', async ({ page }) => {
  await visit(page, '/auth/login?logout=inactive', 'Sign in');
  await expectNoA11yViolations(page, '/auth/login?logout=inactive');
  await page.goto('/auth/login?getmessage=generalError');
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectNoA11yViolations(page, 'getmessage modal');
  await page.goto(`/selectcompany?email=${encodeURIComponent('someone@contoso-partners.example')}`);
  await expect(page.getByRole('dialog', { name: 'Select company' })).toBeVisible();
  await expectNoA11yViolations(page, '/selectcompany');
});

test('signed-in pages of a partner admin', async ({ page }) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expectNoA11yViolations(page, '/dashboard');

  await visit(page, '/', 'Dashboard');
  await expectNoA11yViolations(page, '/');

  await visit(page, '/projects', 'Projects');
  await expectNoA11yViolations(page, '/projects');
  const href = await page
    .getByRole('table', { name: 'Projects' })
    .getByRole('link')
    .first()
    .getAttribute('href');
  const projectId = /\/project\/details\/(\d+)/.exec(href ?? '')?.[1];
  expect(projectId).toBeDefined();

  await visit(page, `/project/details/${projectId}`, /^Project details/);
  await expectNoA11yViolations(page, '/project/details');
  await visit(page, `/project/edit/${projectId}`, /^Edit project/);
  await expectNoA11yViolations(page, '/project/edit');
  await visit(page, `/dpackviewer/${projectId}`, /^Project viewer/);
  await expectNoA11yViolations(page, '/dpackviewer');
  await visit(page, '/project/search', 'Project search');
  await expectNoA11yViolations(page, '/project/search');
  await visit(page, '/collectorruns/search?advanced=true', 'Collector run search');
  await expectNoA11yViolations(page, '/collectorruns/search');
  await visit(page, '/collectorruns/Upload-Iokit', 'Upload collector files');
  await expectNoA11yViolations(page, '/collectorruns/Upload-Iokit');

  const teamHref = await page.getByRole('link', { name: 'My team' }).getAttribute('href');
  await visit(page, teamHref ?? '/team/edit/1', /^Team settings/);
  await expectNoA11yViolations(page, '/team/edit');
  await visit(page, '/wizard/members?verified=true', 'Team members');
  await expectNoA11yViolations(page, '/wizard/members');
  await visit(page, '/account/profile', 'Edit profile');
  await expectNoA11yViolations(page, '/account/profile');
});

test('user management pages of a user administrator', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await visit(page, '/UserManagement/ProcessUserSearch', 'User search');
  await expectNoA11yViolations(page, '/UserManagement/ProcessUserSearch');
  await visit(page, '/UserManagement/List?PageSize=10&SortByField=LastName&SortOrder=1', 'User management');
  await expectNoA11yViolations(page, '/UserManagement/List');
});

test('modals: terms (EULA, partner), CollectorInfo, error, side navigation expanded', async ({ page }) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
  await page.goto('/account/PartnerTCNeeded?modal=PartnerTCNeeded');
  await expect(page.getByRole('dialog', { name: 'Partner terms and conditions' })).toContainText(
    'partner terms',
  );
  await expectNoA11yViolations(page, 'PartnerTCNeeded modal');

  await page.goto('/dashboard?modal=EULANeeded');
  await expect(page.getByRole('dialog', { name: 'End user license agreement' })).toContainText(
    'license agreement',
  );
  await expectNoA11yViolations(page, 'EULANeeded modal');

  await page.goto('/dashboard?modal=CollectorInfo&modalsize=small');
  await expect(page.getByRole('dialog', { name: 'Download a collector' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Windows collector (x64)' })).toBeAttached();
  await expectNoA11yViolations(page, 'CollectorInfo modal (the collector download dialog)');

  await page.route('**/api/profile', (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 404, body: '' }) : route.fallback(),
  );
  await page.goto('/account/profile');
  await page.getByRole('combobox', { name: 'Country' }).fill('Germany');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectNoA11yViolations(page, 'error modal');

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Navigation menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByText('Projects', { exact: true }),
  ).toBeVisible();
  await expectNoA11yViolations(page, 'expanded side navigation');
});
