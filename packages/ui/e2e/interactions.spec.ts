import { expect, test, type Page } from '@playwright/test';
import { axeViolations, openStory, waitForStory } from './story';

// Real-browser checks of part A's components: layout sizes from the CSS, focus handling, timing, and axe on
// states that only exist after interaction (open listbox, open dialog, results popover).

async function expectNoViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** The story's page does not scroll sideways. */
async function expectNoPageOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
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

test('NativeSelect: an option longer than a 360 px page does not widen it', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await openStory(page, 'nativeselect--long-option');
  const select = page.getByRole('combobox', { name: 'Servers' });
  await expect(select).toBeInViewport({ ratio: 1 });
  await expectNoPageOverflow(page);
  await expectNoViolations(page);
});

test('Stepper: at 360 px the steps wrap onto another line, each title on one line, the page not widened', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await openStory(page, 'stepper--middle-step');
  const steps = page.locator('.ui-stepper__step');
  await expect(steps).toHaveCount(3);
  for (const step of await steps.all()) {
    await expect(step).toBeInViewport({ ratio: 1 });
    // One line: no taller than the 24 px step number (a squeezed title would break into two lines).
    expect((await step.boundingBox())?.height ?? 0).toBeLessThanOrEqual(26);
  }
  // The last step sits below the first: the list wrapped.
  const first = await steps.first().boundingBox();
  const last = await steps.last().boundingBox();
  expect(last?.y ?? 0).toBeGreaterThan((first?.y ?? 0) + (first?.height ?? 0) - 1);
  await expectNoPageOverflow(page);
  await expectNoViolations(page);
});

test('DataTable: link buttons in a cell are link-sized, so a row of row actions stays one 36 px line', async ({
  page,
}) => {
  await openStory(page, 'table--row-actions');
  // Wider than its 360 px place, the table scrolls inside its own frame at any screen width.
  const frame = page.locator('.ui-table__frame');
  expect(await frame.evaluate((f) => f.scrollWidth > f.clientWidth && f.clientWidth <= 360)).toBe(true);
  const share = page.getByRole('button', { name: 'Share Collector run 1', exact: true });
  expect((await share.boundingBox())?.height).toBeLessThanOrEqual(26);
  const row = page.getByRole('row').filter({ has: share });
  expect((await row.boundingBox())?.height).toBe(36);
  // Still a 24 px target (WCAG 2.2 target size minimum) and reached with the keyboard.
  expect((await share.boundingBox())?.height).toBeGreaterThanOrEqual(24);
  await share.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Archive Collector run 1', exact: true })).toBeFocused();
  await expectNoViolations(page);
});

test('DataTable: with isLastColumnSticky the row actions stay in view while a wide table scrolls sideways', async ({
  page,
}) => {
  // A wide screen, the table in a 360 px frame (the story's): the actions stick to the frame's end edge.
  await page.setViewportSize({ width: 1000, height: 600 });
  await openStory(page, 'table--row-actions');
  const frame = page.locator('.ui-table__frame');
  const archive = page.getByRole('button', { name: 'Archive Collector run 1', exact: true });
  await expect(archive).toBeInViewport({ ratio: 1 });
  const before = await archive.boundingBox();
  // The table is wider than the page: scroll whichever box scrolls it to the far end and back.
  const scrolled = await page.evaluate(() => {
    const boxes = [...document.querySelectorAll<HTMLElement>('.ui-table__frame, .ui-table__scroll')];
    const box = boxes.find((b) => b.scrollWidth > b.clientWidth);
    if (!box) return false;
    box.scrollLeft = box.scrollWidth;
    return true;
  });
  expect(scrolled).toBe(true);
  await expect(archive).toBeInViewport({ ratio: 1 });
  // Same place to within a pixel (sub-pixel rounding of the frame's border).
  expect(Math.abs((await archive.boundingBox())?.x ?? 0) - (before?.x ?? 0)).toBeLessThan(1);
  // The header cell above the actions stays with them.
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeInViewport({ ratio: 1 });
  await expectNoViolations(page);
  // Keyboard focus on a cell that lies under the stuck actions scrolls it out beside them (focus not obscured).
  await frame.evaluate((f) => {
    f.scrollLeft = 0;
  });
  // The first row's date link: it starts under the stuck actions.
  const collected = page.getByRole('link', { name: '2026-01-01', exact: true }).first();
  const actionsLeft = (await page.getByRole('columnheader', { name: 'Actions' }).boundingBox())?.x ?? 0;
  const start = await collected.boundingBox();
  expect((start?.x ?? 0) + (start?.width ?? 0)).toBeGreaterThan(actionsLeft + 1);
  await collected.focus();
  await expect(collected).toBeFocused();
  await expect
    .poll(async () => {
      const box = await collected.boundingBox();
      return (box?.x ?? 0) + (box?.width ?? 0);
    })
    .toBeLessThanOrEqual(actionsLeft + 1);
  // On a phone they scroll with the row instead: stuck, they would cover the row's name.
  await page.setViewportSize({ width: 400, height: 600 });
  await openStory(page, 'table--row-actions');
  await expect(page.getByRole('cell', { name: 'Collector run 1', exact: true })).toBeInViewport({ ratio: 1 });
  await expect(archive).not.toBeInViewport({ ratio: 1 });
});
