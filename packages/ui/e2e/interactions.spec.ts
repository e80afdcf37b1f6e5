import { expect, test, type Page } from '@playwright/test';
import { axeViolations, openStory, waitForStory } from './story';

// Real-browser checks of part A's components: layout sizes from the CSS, focus handling, timing, and axe on
// states that only exist after interaction (open listbox, open dialog, results popover).

async function expectNoViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

test('Select: a list of more than 12 options is 240 px high and scrolls', async ({ page }) => {
  await openStory(page, 'select--scrolls-over-12-items');
  await page.getByRole('button', { name: /Country/ }).press('Enter');
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  const box = await listbox.boundingBox();
  expect(Math.round(box?.height ?? 0)).toBe(240);
  expect(await listbox.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await expectNoViolations(page);
});

test('Select: a short list does not scroll', async ({ page }) => {
  await openStory(page, 'select--basic');
  await page.getByRole('button', { name: /Sort by/ }).press('Enter');
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  expect(await listbox.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(false);
});

test('SearchableSelect: unmatched text reverts on blur', async ({ page }) => {
  await openStory(page, 'select--searchable-country');
  const input = page.getByRole('combobox', { name: 'Country' });
  await expect(input).toHaveValue('Germany');
  await input.fill('Atlantis');
  await page.keyboard.press('Tab');
  await expect(input).toHaveValue('Germany');
});

test('Tooltip: 300 px wide, small 150 px', async ({ page }) => {
  await openStory(page, 'tooltip--open');
  expect(Math.round((await page.getByRole('tooltip').boundingBox())?.width ?? 0)).toBe(300);
  await openStory(page, 'tooltip--small-open');
  expect(Math.round((await page.getByRole('tooltip').boundingBox())?.width ?? 0)).toBe(150);
});

test('Tooltip: shows on keyboard focus', async ({ page }) => {
  await openStory(page, 'tooltip--default');
  const publish = page.getByRole('button', { name: 'Publish' });
  // Give the page focus, then move into it with the keyboard. Under load the first Tab can land before the
  // page has focus, so the click + Tab pair is retried (the button must still be reached by Tab alone).
  await expect(async () => {
    await page.mouse.click(1, 1);
    await page.keyboard.press('Tab');
    await expect(publish).toBeFocused({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(page.getByRole('tooltip')).toBeVisible();
  await expectNoViolations(page);
});

test('Dialog: keyboard open, focus trapped, Escape closes and returns focus', async ({ page }) => {
  await openStory(page, 'dialog--trigger');
  const opener = page.getByRole('button', { name: 'Open medium dialog' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'A medium dialog' });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await expectNoViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(page.getByText('Last close reason: escape')).toBeVisible();
});

test('Dialog: outside click closes a dismissable dialog with reason "outside"', async ({ page }) => {
  await openStory(page, 'dialog--dismissable-by-outside-click');
  await page.getByRole('button', { name: 'Open medium dialog' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText('Last close reason: outside')).toBeVisible();
});

test('ComboBox: results popover and the exact announcement', async ({ page }) => {
  await openStory(page, 'combobox--type-ahead');
  await page.getByRole('combobox').pressSequentially('an');
  await expect(page.getByRole('option')).not.toHaveCount(0);
  const count = await page.getByRole('option').count();
  await expect(page.locator('.ui-combobox [role="status"]')).toHaveText(
    `${count} results are available, use up and down arrow keys to navigate.`,
  );
  await expectNoViolations(page);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
});

test('ComboBox: source failure shows the error text', async ({ page }) => {
  await openStory(page, 'combobox--source-fails');
  await page.getByRole('combobox').pressSequentially('a');
  await expect(page.getByRole('listbox')).toContainText('Sorry, an error occurred. Please try again');
});

test('Toast: shown, then gone after 3 s', async ({ page }) => {
  await openStory(page, 'toast--playground');
  await page.getByRole('button', { name: 'Success' }).click();
  const toast = page.locator('.ui-toast');
  await expect(toast).toHaveText('Project updated');
  await expect(toast).toHaveAttribute('data-state', 'visible');
  await expectNoViolations(page);
  await expect(toast).toHaveCount(0, { timeout: 5000 });
});

test('CookieNotice: acknowledged once, not shown after reload', async ({ page }) => {
  await openStory(page, 'cookienotice--default');
  const notice = page.getByRole('region', { name: 'Cookie notice' });
  await expect(notice).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(notice).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('displayedCookieWarning'))).toBe('true');
});

test('Accordion: state survives a reload', async ({ page }) => {
  await openStory(page, 'accordion--one-at-a-time');
  await page.getByRole('button', { name: 'VMware' }).click();
  await expect(page.getByRole('button', { name: 'VMware' })).toHaveAttribute('aria-expanded', 'true');
  await page.reload();
  await waitForStory(page);
  await expect(page.getByRole('button', { name: 'VMware' })).toHaveAttribute('aria-expanded', 'true');
});

test('NativeSelect: the browser select changes with the arrow keys and passes axe', async ({ page }) => {
  await openStory(page, 'nativeselect--basic');
  const select = page.getByRole('combobox', { name: 'Language' });
  await select.focus();
  await expect(select).toHaveValue('en-US');
  await page.keyboard.press('ArrowDown');
  await expect(select).toHaveValue('de-DE');
  await expectNoViolations(page);
});
