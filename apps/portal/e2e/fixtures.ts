import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

/** Demo accounts of the demo API's seed (all share one password). */
export const DEMO_PASSWORD = 'Demo-Portal-2026';
export const ACCOUNTS = {
  admin: 'admin@dell.example',
  partnerAdmin: 'partner.admin@contoso-partners.example',
  endUser: 'enduser@adventure-works.example',
  pendingEula: 'new.enduser@adventure-works.example',
  pendingPartner: 'new.partner@fabrikam.example',
} as const;

/** Signs in through the login form and waits for the target page. */
export async function signIn(page: Page, email: string, returnUrl?: string): Promise<void> {
  const query = returnUrl === undefined ? '' : `?ReturnUrl=${encodeURIComponent(returnUrl)}`;
  await page.goto(`/auth/login${query}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

/** Zero axe violations (WCAG 2.1 A/AA) on what the page shows now. */
export async function expectNoA11yViolations(page: Page, context: string): Promise<void> {
  // Let opening transitions (info bars fade in after 100 ms, dialogs) settle: axe measures contrast as rendered.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  await page.waitForFunction(
    () => document.querySelector('[data-state="opening"], [data-state="closing"]') === null,
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${context}`).toEqual([]);
}

export const test = base.extend({
  page: async ({ page }, use) => {
    // The cookie notice is acknowledged up front so it does not cover what the journeys click.
    await page.addInitScript(() => {
      window.localStorage.setItem('displayedCookieWarning', 'true');
    });
    await use(page);
  },
});
export { expect };
