// How every browser run of the workspace launches Chromium: Debian's package (never a downloaded browser), headless,
// with the background services off (their connections are refused on these machines' closed network), and without
// the omnibox's WebUI popup: Chromium 156 starts a renderer for it with every new browser context (a window), ~2.4 s of
// CPU on these two cores beside the page under test, for a popup a headless browser never shows (measured Dec 7 2026:
// journeys 11-18 % faster without it).
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
    '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
  ],
};
