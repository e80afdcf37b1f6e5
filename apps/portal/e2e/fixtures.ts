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

/** A Content-Security-Policy violation as the browser reports it to the page. */
interface CspViolation {
  directive: string;
  blockedURI: string;
  sample: string;
  source: string;
}

/**
 * Marks a CSP directive the current test expects the browser to enforce (e.g. a journey that feeds an XSS payload
 * on purpose): violations of it are the policy working, not a fault of the portal.
 */
export function expectCspToBlock(directive: string): void {
  test.info().annotations.push({ type: 'csp-blocks', description: directive });
}

export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    // The cookie notice is acknowledged up front so it does not cover what the journeys click.
    await page.addInitScript(() => {
      window.localStorage.setItem('displayedCookieWarning', 'true');
    });
    // The portal runs under the demo server's strict CSP: any violation on any page of a journey fails it.
    const violations: CspViolation[] = [];
    await page.exposeFunction('__reportCspViolation', (violation: CspViolation) => {
      violations.push(violation);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { __reportCspViolation: (v: CspViolation) => void })
          .__reportCspViolation;
        report({
          directive: event.effectiveDirective,
          blockedURI: event.blockedURI,
          sample: event.sample,
          source: `${event.sourceFile}:${String(event.lineNumber)}`,
        });
      });
    });
    await use(page);
    const blocked = new Set(
      testInfo.annotations.filter((a) => a.type === 'csp-blocks').map((a) => a.description),
    );
    const unexpected = violations.filter((v) => !blocked.has(v.directive));
    expect(unexpected, 'Content-Security-Policy violations').toEqual([]);
  },
});
export { expect };
