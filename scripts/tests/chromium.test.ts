import { chromium, type Browser } from '@playwright/test';
import { afterEach, describe, expect, it } from 'vitest';
import {
  OMNIBOX_POPUP_FEATURES,
  PLAYWRIGHT_DISABLED_FEATURES,
  chromiumLaunchOptions,
  disableFeaturesSwitch,
  disabledFeaturesOf,
} from '../chromium.ts';

describe('disableFeaturesSwitch', () => {
  it("keeps a launcher's defaults in their order, then the omnibox popup's, each once", () => {
    expect(disableFeaturesSwitch(['Translate', 'WebUIOmniboxPopup', 'MediaRouter'])).toBe(
      '--disable-features=Translate,WebUIOmniboxPopup,MediaRouter,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
    );
  });
});

describe('disabledFeaturesOf', () => {
  it('reads the last --disable-features switch, the one Chromium keeps', () => {
    expect(disabledFeaturesOf(['--disable-features=A,B', '--headless', '--disable-features=C'])).toEqual([
      'C',
    ]);
    expect(disabledFeaturesOf(['--headless'])).toEqual([]);
  });
});

// Chromium's own command line, as the browser reports it (it answers only with --enable-automation on).
async function commandLine(browser: Browser): Promise<string[]> {
  const session = await browser.newBrowserCDPSession();
  const { arguments: args } = await session.send('Browser.getBrowserCommandLine');
  return args;
}

describe('chromiumLaunchOptions', () => {
  let browser: Browser | null = null;
  afterEach(async () => {
    await browser?.close();
    browser = null;
  });

  it('mirrors the features Playwright itself turns off (its switch, which ours replaces)', async () => {
    browser = await chromium.launch({
      executablePath: chromiumLaunchOptions.executablePath,
      args: ['--headless', '--no-sandbox', '--enable-automation'],
    });
    expect(disabledFeaturesOf(await commandLine(browser))).toEqual(PLAYWRIGHT_DISABLED_FEATURES);
  });

  it("launches with Playwright's disabled features and the omnibox popup's, and no popup renderer", async () => {
    browser = await chromium.launch({
      ...chromiumLaunchOptions,
      args: [...chromiumLaunchOptions.args, '--enable-automation'],
    });
    const disabled = disabledFeaturesOf(await commandLine(browser));
    expect(disabled).toEqual([...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES]);
    // A new context is a new window: Chromium 156 gives each one an omnibox popup page unless it is turned off.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('about:blank');
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = await session.send('Target.getTargets');
    expect(targetInfos.map((target) => target.url)).toEqual(['about:blank']);
  });
});
