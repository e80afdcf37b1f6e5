// Proven addresses (issue #32): a new person registers, sees the check-your-mailbox step, cannot sign in yet (and
// can have the link sent again), opens the demo's development mailbox, follows the link, proves they registered with
// the password chosen then (a wrong one is refused, what was typed stays), is confirmed and signs in. The same link
// a second time is refused as used. axe on every step; no horizontal overflow at 360 px.
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from './fixtures';

const PASSWORD = 'Quiet-Harbour-2026';

async function noHorizontalOverflow(page: Page, context: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `horizontal overflow on ${context}`).toBeLessThanOrEqual(0);
}

async function signInWith(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
});

test('register → check your mailbox → development mailbox → confirm → sign in', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const email = `proof.${stamp}@confirm-${stamp}.example`;

  // Register a new company.
  await page.goto('/register/user-register');
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  const form = page.getByRole('form', { name: 'Your details' });
  await form.getByRole('textbox', { name: /^Company/ }).fill('Proof Company');
  await form.getByRole('textbox', { name: /^First name/ }).fill('Robin');
  await form.getByRole('textbox', { name: /^Last name/ }).fill('Proof');
  await form.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  // The check-your-mailbox step.
  await expect(page.getByRole('heading', { name: 'Check your mailbox' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'We sent a link to' })).toContainText(email);
  await expectNoA11yViolations(page, 'check your mailbox');
  await noHorizontalOverflow(page, 'check your mailbox');

  // Not confirmed yet: sign-in says so and sends the link again.
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await signInWith(page, email);
  await expect(page.getByRole('alert').filter({ hasText: 'not confirmed yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'A new link is on its way' })).toContainText(email);
  await expect(page).toHaveURL(/\/auth\/login/);
  await expectNoA11yViolations(page, 'sign-in of an unconfirmed account');
  await noHorizontalOverflow(page, 'sign-in of an unconfirmed account');

  // The development mailbox lists both mails; the newest link is the one that works.
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Development mailbox' })).toBeVisible();
  const mails = page.getByRole('article').filter({ hasText: email });
  await expect(mails).toHaveCount(2);
  await expectNoA11yViolations(page, 'development mailbox');
  await noHorizontalOverflow(page, 'development mailbox');
  const link = mails.first().getByRole('link', { name: /\/register\/confirm\?token=/ });
  const href = (await link.getAttribute('href')) ?? '';
  await link.click();

  // The link asks for the password chosen at registration, and tells anyone who did not register to ignore the mail.
  await expect(page).toHaveURL(/\/register\/confirm\?token=/);
  await expect(page.getByText('If you did not register, ignore this mail — nothing happens.')).toBeVisible();
  await expectNoA11yViolations(page, 'confirm: the password asked for');
  await noHorizontalOverflow(page, 'confirm: the password asked for');
  const password = page.getByLabel(/^Password/);
  await password.fill('Not-The-Password-1');
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong password' })).toBeVisible();
  await expect(password).toHaveValue('Not-The-Password-1');
  await expectNoA11yViolations(page, 'confirm: a wrong password');
  await noHorizontalOverflow(page, 'confirm: a wrong password');
  await password.fill(PASSWORD);
  await page.getByRole('button', { name: 'Confirm my address' }).click();

  // Confirmed, and on to sign-in.
  await expect(page.getByRole('status').filter({ hasText: 'is confirmed' })).toContainText(email);
  await expectNoA11yViolations(page, 'address confirmed');
  await noHorizontalOverflow(page, 'address confirmed');
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await signInWith(page, email);
  const eula = page.getByRole('dialog', { name: 'End user license agreement' });
  await expect(eula).toBeVisible();
  await expectNoA11yViolations(page, 'the new account signed in');

  // The link works once.
  await page.goto(href);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Link already used' })).toBeVisible();
  await expectNoA11yViolations(page, 'a used link');
  await noHorizontalOverflow(page, 'a used link');
});

test('a link that is not one: the page says so and offers a new link', async ({ page }) => {
  await page.goto('/register/confirm?token=not-a-token');
  await expect(page.getByRole('alert').filter({ hasText: 'Confirmation link not valid' })).toBeVisible();
  await page.getByRole('textbox', { name: /^Email/ }).fill('nobody@confirm.example');
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'A new link is on its way' })).toBeVisible();
  await expectNoA11yViolations(page, 'an invalid link');
  await noHorizontalOverflow(page, 'an invalid link');
});
