import { test as plain } from '@playwright/test';
import { expect, expectNoA11yViolations } from './fixtures';

// Without the fixture's acknowledgment: a first visit in a fresh browser.
plain(
  'the cookie notice shows until acknowledged (displayedCookieWarning) and is accessible',
  async ({ page }) => {
    await page.goto('/auth/login');
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await expect(notice).toBeVisible();
    await expectNoA11yViolations(page, 'cookie notice');
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect(notice).toBeHidden();
    expect(await page.evaluate(() => window.localStorage.getItem('displayedCookieWarning'))).toBe('true');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookie notice' })).toHaveCount(0);
  },
);
