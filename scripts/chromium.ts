// How every browser run of the workspace launches Chromium: Debian's package (never a downloaded browser), headless,
// with the background services off (their connections are refused on these machines' closed network), and without
// the omnibox's WebUI popup: Chromium 156 starts a renderer for it with every new browser context (a window), ~2.4 s of
// CPU on these two cores beside the page under test, for a popup a headless browser never shows (measured Dec 7 2026:
// journeys 11-18 % faster without it).

/** The features behind the omnibox's WebUI popup (Chromium 156). */
export const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/**
 * The features Playwright turns off in every Chromium it launches (its own `--disable-features` switch, Playwright
 * 1.65.1). Chromium keeps only the last `--disable-features` of its command line, and Playwright puts a launch's own
 * arguments after its defaults: a switch of ours must carry these too, or it turns them back on (PaintHolding,
 * HttpsUpgrades...). scripts/tests/chromium.test.ts checks this list against the installed Playwright's.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** One `--disable-features` switch: a launcher's own defaults (kept, in their order) and the omnibox popup's. */
export function disableFeaturesSwitch(launcherDefaults: readonly string[]): string {
  return `--disable-features=${[...new Set([...launcherDefaults, ...OMNIBOX_POPUP_FEATURES])].join(',')}`;
}

/** The features a launcher's flags turn off (its `--disable-features` switch; Chromium reads the last one). */
export function disabledFeaturesOf(flags: readonly string[]): string[] {
  const last = flags.findLast((flag) => flag.startsWith('--disable-features='));
  return last ? last.slice('--disable-features='.length).split(',').filter(Boolean) : [];
}

export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    disableFeaturesSwitch(PLAYWRIGHT_DISABLED_FEATURES),
  ],
};
