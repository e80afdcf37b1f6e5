// The CreatePSSRequest wizard (spec parts 2, 4, 5, 7, 8): from the dashboard, each step refuses to go on until its
// required field is filled, a refused submit (500, envelope error, timeout) keeps everything typed, the
// logged-out header signs the person out, and a real submit is confirmed as a sent PSS request. Axe on every step and dialog.
import type { Locator, Page, Route } from '@playwright/test';
import { ACCOUNTS, expect, expectNoA11yViolations, signIn, test } from './fixtures';

const TIMEOUT_TEXT = "Connection Interrupted - Looks like you're having some connectivity issues.";
const SEND = /\/PSSRequest\/SendPSSRequest/;

async function closeAlert(page: Page, text: string | RegExp, timeout = 10_000): Promise<void> {
  const dialog = page.getByRole('alertdialog').filter({ hasText: text });
  await expect(dialog).toBeVisible({ timeout });
  await expectNoA11yViolations(page, `message ${String(text)}`);
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(dialog).toBeHidden();
}

const FAULTS: { name: string; answer: (route: Route) => Promise<void> | undefined; text: string }[] = [
  {
    name: 'HTTP 500',
    answer: (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    text: 'Something went wrong',
  },
  {
    name: 'envelope error',
    answer: (route) =>
      route.fulfill({
        json: {
          StatusCode: 400,
          ResourceKey: 'validate_info',
          ErrorState: { ErrorCode: null },
          Message: null,
          Data: null,
        },
      }),
    text: 'Check your input',
  },
  { name: 'timeout', answer: () => undefined, text: TIMEOUT_TEXT },
];

test.beforeEach(async ({ page }) => {
  // The SDK's 30 s timeout, shortened (a normal call answers well within it).
  await page.addInitScript(() => {
    const original = AbortSignal.timeout.bind(AbortSignal);
    AbortSignal.timeout = (ms: number) => original(Math.min(ms, 4000));
  });
});

async function openWizard(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Request a PSS solution' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a PSS solution' });
  await expect(dialog.getByRole('heading', { name: 'Account', level: 3 })).toBeVisible();
  return dialog;
}

async function fillToConfirm(page: Page, dialog: Locator, subject: string): Promise<void> {
  const next = dialog.getByRole('button', { name: 'Next' });
  // Step 0: each required field refused first.
  await next.click();
  await expect(dialog.getByText('This field is required.')).toHaveCount(2);
  await expect(dialog.getByRole('heading', { name: 'Account', level: 3 })).toBeVisible();
  await expectNoA11yViolations(page, 'PSS step 0 refused');
  await dialog.getByRole('textbox', { name: /Account name/ }).fill('Contoso Ltd');
  await next.click();
  await expect(dialog.getByText('This field is required.')).toHaveCount(1);
  await expect(dialog.getByRole('heading', { name: 'Account', level: 3 })).toBeVisible();
  await dialog.getByRole('button', { name: /Theatre/ }).click();
  await page.getByRole('option', { name: 'Europe, Middle East and Africa' }).click();
  await next.click();
  // Step 1: the phone number.
  await expect(dialog.getByRole('heading', { name: 'Contacts', level: 3 })).toBeVisible();
  await expectNoA11yViolations(page, 'PSS step 1');
  await next.click();
  await expect(
    dialog.getByText('This field is required.', { exact: true }).locator('visible=true'),
  ).toHaveCount(1);
  await expect(dialog.getByRole('heading', { name: 'Contacts', level: 3 })).toBeVisible();
  await dialog.getByRole('textbox', { name: /Phone number/ }).fill('+44 20 7946 0321');
  await dialog.getByRole('textbox', { name: /Additional contacts/ }).fill('ops@contoso.example');
  await next.click();
  // Step 2: the case subject.
  await expect(dialog.getByRole('heading', { name: 'Confirm and submit', level: 3 })).toBeVisible();
  await expectNoA11yViolations(page, 'PSS step 2');
  await dialog.getByRole('button', { name: 'Submit request' }).click();
  await expect(
    dialog.getByText('This field is required.', { exact: true }).locator('visible=true'),
  ).toHaveCount(1);
  await dialog.getByRole('textbox', { name: /Case subject/ }).fill(subject);
  await dialog.getByRole('checkbox', { name: /special instructions/ }).check();
  await dialog.getByRole('textbox', { name: /Special instructions/ }).fill('Call before noon');
  // Going back keeps everything.
  await dialog.getByRole('button', { name: 'Previous' }).click();
  await expect(dialog.getByRole('textbox', { name: /Phone number/ })).toHaveValue('+44 20 7946 0321');
  await next.click();
  await expect(dialog.getByRole('textbox', { name: /Case subject/ })).toHaveValue(subject);
}

async function expectKept(dialog: Locator, subject: string): Promise<void> {
  await expect(dialog.getByRole('heading', { name: 'Confirm and submit', level: 3 })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /Case subject/ })).toHaveValue(subject);
  await expect(dialog.getByRole('textbox', { name: /Special instructions/ })).toHaveValue('Call before noon');
  await expect(dialog.getByText('Contoso Ltd', { exact: true })).toBeVisible();
}

test('PSS request: required fields refused first, faults keep what was typed, then confirmed as sent', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
  await page.goto('/dashboard');
  const dialog = await openWizard(page);
  await expectNoA11yViolations(page, 'PSS step 0');
  const subject = `Sizing ${String(Date.now())}`;
  await fillToConfirm(page, dialog, subject);

  for (const fault of FAULTS) {
    await page.route(SEND, fault.answer);
    await dialog.getByRole('button', { name: 'Submit request' }).click();
    await closeAlert(page, fault.text, 20_000);
    await expectKept(dialog, subject);
    await page.unroute(SEND);
  }

  const sent = page.waitForRequest(SEND);
  await dialog.getByRole('button', { name: 'Submit request' }).click();
  const body = new URLSearchParams((await sent).postData() ?? '');
  expect(body.get('AccountName')).toBe('Contoso Ltd');
  expect(body.get('Theatre')).toBe('EMEA');
  expect(body.get('CaseSubject')).toBe(subject);
  expect(body.get('HasSpecialInstructions')).toBe('true');
  // Confirmed in the request's own words: a PSS request is no support ticket.
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your PSS solution request was sent.' }),
  ).toBeVisible();
  await expect(page.getByRole('alertdialog', { name: 'Ticket submitted' })).toHaveCount(0);
});

test('PSS request from a project page sends its ProjectId; the logged-out header signs out', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
  const created = await page.request.post(
    `/api/projects?name=${encodeURIComponent(`PSS ${String(Date.now())}`)}`,
  );
  const id = ((await created.json()) as { Data: { Id: number } }).Data.Id;
  await page.goto(`/project/details/${String(id)}`);
  const dialog = await openWizard(page);
  await fillToConfirm(page, dialog, 'From a project');
  const sent = page.waitForRequest(SEND);
  await dialog.getByRole('button', { name: 'Submit request' }).click();
  expect(new URLSearchParams((await sent).postData() ?? '').get('ProjectId')).toBe(String(id));
  await expect(
    page.getByRole('status').filter({ hasText: 'Your PSS solution request was sent.' }),
  ).toBeVisible();

  const again = await openWizard(page);
  await fillToConfirm(page, again, 'Logged out');
  await page.route(SEND, (route) =>
    route.fulfill({ status: 401, headers: { 'x-logged-out': '1' }, body: '' }),
  );
  await again.getByRole('button', { name: 'Submit request' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('PSS wizard at 390 px: every step fits and passes axe', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ACCOUNTS.endUser);
  await page.goto('/dashboard');
  const dialog = await openWizard(page);
  await fillToConfirm(page, dialog, 'Narrow screen');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await expectNoA11yViolations(page, 'PSS step 2 at 390 px');
});
