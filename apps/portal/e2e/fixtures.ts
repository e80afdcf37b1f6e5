import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import axeCore, { type AxeResults } from 'axe-core';
import {
  expect,
  test as base,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runAxe } from '../../../scripts/axe';
import { catalogueFile } from '../scripts/locale-catalogues';

/** The cultures the contract offers (LanguageCulture), from the bundled contract. */
export const CULTURES = (
  JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', '..', 'openapi', 'dist', 'openapi.json'), 'utf8'),
  ) as { components: { schemas: { LanguageCulture: { enum: string[] } } } }
).components.schemas.LanguageCulture.enum;

/** The texts the journeys read from a locale file. */
export interface LocaleTexts {
  nav: { label: string; language: string; projects: string };
  dashboard: { title: string };
}

/** A culture's texts, from its locale file (src/locales/<file>.json). */
export function localeTexts(culture: string): LocaleTexts {
  const file = catalogueFile(culture, CULTURES);
  return JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'src', 'locales', file), 'utf8'),
  ) as LocaleTexts;
}

/** Demo accounts of the demo API's seed (all share one password). */
export const DEMO_PASSWORD = 'Demo-Portal-2026';
export const ACCOUNTS = {
  admin: 'admin@dell.example',
  partnerAdmin: 'partner.admin@contoso-partners.example',
  endUser: 'enduser@adventure-works.example',
  pendingEula: 'new.enduser@adventure-works.example',
  pendingPartner: 'new.partner@fabrikam.example',
} as const;

/** The fixed text of a call that timed out (spec part 8). */
export const TIMEOUT_TEXT = "Connection Interrupted - Looks like you're having some connectivity issues.";

/**
 * A server message modal (spec part 8) by its title: waits for it and presses `press` (unless null), then
 * waits for it to close. Returns the dialog.
 */
export async function expectMessage(
  page: Page,
  title: string,
  press: string | null = 'OK',
): Promise<Locator> {
  const dialog = page.getByRole('alertdialog', { name: title });
  await expect(dialog).toBeVisible();
  if (press !== null) {
    await dialog.getByRole('button', { name: press, exact: true }).click();
    await expect(dialog).toBeHidden();
  }
  return dialog;
}

/** Shortens the SDK's 30 s call timeout on the page's next loads, so a journey can meet a timeout quickly. */
export async function shortenSdkTimeout(page: Page, ms: number): Promise<void> {
  await page.addInitScript((limit) => {
    const original = AbortSignal.timeout.bind(AbortSignal);
    AbortSignal.timeout = (requested: number) => original(Math.min(requested, limit));
  }, ms);
}

/**
 * Signs in through the login form and waits for the target page to be shown: its title, or a dialog that stands in
 * for it (the terms). A journey that goes on earlier races the landing page's own chunks and calls — a route it
 * installs would catch them, and a chunk it holds back makes the router reload the page.
 */
export async function signIn(page: Page, email: string, returnUrl?: string): Promise<void> {
  const query = returnUrl === undefined ? '' : `?ReturnUrl=${encodeURIComponent(returnUrl)}`;
  await page.goto(`/auth/login${query}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
  // The sign-in card stays until the target page is ready to take its place.
  await expect(page.locator('#root .login-card')).toHaveCount(0);
  await expect(page.locator('#root h1, [role="dialog"], [role="alertdialog"]').first()).toBeVisible();
}

/**
 * A project of a journey's own: an open collector file uploaded and queued through the API (as the upload page
 * does), signed in as the page's account (or an API context's). Answers the new project's id.
 */
export async function queueCollectorFile(
  page: Pick<Page, 'request'>,
  name: string,
  file: Buffer,
): Promise<number> {
  const uploaded = await page.request.post('/upload-service/iokit/file', {
    multipart: { file: { name: `${name}.iokit`, mimeType: 'application/octet-stream', buffer: file } },
  });
  const answer = (await uploaded.json()) as { FileId: string | null; ErrorKey: string | null };
  expect(answer.ErrorKey, JSON.stringify(answer)).toBeNull();
  const queued = await page.request.post('/upload-service/api/iokitqueue', {
    data: {
      ActionForEmail: null,
      ActionForUserId: null,
      ContainsSiokit: false,
      ExistingCompanyID: null,
      iokits: [answer],
      isNewUser: false,
      NewCompanyId: null,
      NewCompanyName: null,
      NewFirstName: null,
      NewLastName: null,
      NewProjectName: name,
      NewSendEmail: false,
      SelectedProjectId: null,
    },
  });
  const envelope = (await queued.json()) as { StatusCode: number; Data: { Id: number } };
  expect(envelope.StatusCode, JSON.stringify(envelope)).toBe(200);
  // The demo API stores the file in the background (issue #32): the project is ready once no run of it is Queued
  // or Processing any more.
  await expect
    .poll(async () => {
      const project = await page.request.get(`/api/projects/${String(envelope.Data.Id)}`);
      const runs = ((await project.json()) as { CollectorRuns: { Status: string }[] }).CollectorRuns;
      return runs.some((run) => run.Status === 'Queued' || run.Status === 'Processing');
    })
    .toBe(false);
  return envelope.Data.Id;
}

/**
 * A small valid open collector file (docs/collector-format.md: gzip-compressed JSON Lines, header + one sample + end):
 * the demo API reads every .iokit file through on upload and refuses one it cannot read.
 */
export function oneSampleCollectorFile(collectorName: string, hostName: string): Buffer {
  return gzipSync(
    [
      {
        type: 'header',
        format: 'iokit',
        formatVersion: 1,
        collector: { name: collectorName, version: '1.0.0' },
        start: '2026-11-16T00:00:00Z',
        end: '2026-11-16T00:01:00Z',
        intervalSeconds: 60,
        hosts: [
          {
            id: 'h1',
            name: hostName,
            os: 'Linux',
            cpu: { model: 'CPU', cores: 4 },
            memoryBytes: 8589934592,
            disks: [{ id: 'sda', name: 'sda', capacityBytes: 107374182400, kind: 'local' }],
            nics: [{ id: 'eth0', name: 'eth0' }],
          },
        ],
        clusters: [],
      },
      {
        type: 'sample',
        t: 1794787260,
        host: 'h1',
        cpuPct: 12.5,
        memUsedBytes: 4294967296,
        disks: {
          sda: {
            readIops: 10,
            writeIops: 5,
            readBps: 81920,
            writeBps: 40960,
            latencyMs: 1.2,
            queueDepth: 0.1,
          },
        },
        net: { eth0: { rxBps: 1000, txBps: 800 } },
      },
      { type: 'end', samples: 1 },
    ]
      .map((record) => JSON.stringify(record))
      .join('\n') + '\n',
  );
}

/**
 * Zero axe violations (WCAG 2.1 A/AA) on what the page shows now, or only in the part `include` selects (a very
 * large page, such as the API reference, takes axe half a minute whole).
 */
export async function expectNoA11yViolations(page: Page, context: string, include?: string): Promise<void> {
  // Let opening transitions (info bars fade in after 100 ms, dialogs) settle: axe measures contrast as rendered.
  const settle = async () => {
    await page.waitForFunction(
      () =>
        document.querySelector(
          '[data-state="opening"], [data-state="closing"], [data-entering], [data-exiting]',
        ) === null,
    );
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    );
  };
  await settle();
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
  const analyze = () =>
    runAxe<AxeResults>(page, { source: axeCore.source, tags, include }, () => {
      const builder = new AxeBuilder({ page }).withTags(tags);
      return (include === undefined ? builder : builder.include(include)).analyze();
    });
  let results = await analyze();
  // Something that mounted while axe ran (a dialog opened by a server answer) was measured mid-fade-in: once every
  // transition has ended, the page is checked again; a real contrast fault is still there then.
  if (results.violations.some((v) => v.id === 'color-contrast')) {
    await settle();
    results = await analyze();
  }
  // A toast that began to leave while axe ran (it fades out at 2.7 s) was measured mid-fade: once it is gone, the
  // page is checked again as it then is.
  const leaving = (target: string) => target.includes('data-state="leaving"');
  if (results.violations.some((v) => v.nodes.some((n) => leaving(n.target.join(' '))))) {
    await page.waitForFunction(() => document.querySelector('[data-state="leaving"]') === null);
    results = await analyze();
  }
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

/**
 * Marks a page error (an uncaught exception) the current test provokes on purpose, by a part of its message: any
 * other page error fails the journey.
 */
export function expectPageError(messagePart: string): void {
  test.info().annotations.push({ type: 'page-error-expected', description: messagePart });
}

/** What the pages of one journey reported: uncaught exceptions, console errors and CSP violations. */
interface PageFaults {
  pageErrors: string[];
  consoleErrors: string[];
  violations: CspViolation[];
}

/**
 * The browser's own console lines that are no fault of the portal's code: a failed resource load (every injected
 * 4xx/5xx, abort or timeout of a journey logs one) and a CSP refusal (counted apart, as a violation, through the
 * securitypolicyviolation event, where expectCspToBlock can expect it).
 */
function isBrowserNetworkOrCspLine(text: string): boolean {
  return (
    text.startsWith('Failed to load resource:') ||
    text.startsWith('Refused to ') ||
    text.includes('violates the following Content Security Policy directive')
  );
}

/**
 * The VPN check's probe (playwright.config.ts' VPN_PROBE_URL, the demo's DEMO_VPN_PROBE_PATH): it logs nothing, not
 * even a failed load (issue #40 item 6), so a line of it is a fault like any other.
 */
const VPN_PROBE_URL = /\/vpn-probe\.gif(?:[?#]|$)/;

const watched = new WeakSet<BrowserContext>();

/**
 * Collects the faults of every page of a browser context, now and later (new pages, popups): uncaught exceptions
 * (React's recovered errors among them), console errors (React logs an error a boundary caught that way) and CSP
 * violations. A context is watched once.
 */
async function watchContext(context: BrowserContext, faults: PageFaults): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  context.on('weberror', (error) => {
    faults.pageErrors.push(error.error().message);
  });
  context.on('console', (message) => {
    const text = message.text();
    const { url, lineNumber } = message.location();
    if (message.type() !== 'error' || (isBrowserNetworkOrCspLine(text) && !VPN_PROBE_URL.test(url))) return;
    faults.consoleErrors.push(`${text} (${url}:${String(lineNumber)})`);
  });
  await context.exposeFunction('__reportCspViolation', (violation: CspViolation) => {
    faults.violations.push(violation);
  });
  await context.addInitScript(() => {
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
}

/** The faults of a journey its annotations do not expect (what `test`'s teardown fails on). */
function unexpectedFaults(
  faults: PageFaults,
  annotations: readonly { type: string; description?: string }[],
): PageFaults {
  const expected = (type: string) =>
    annotations.filter((a) => a.type === type).map((a) => a.description ?? '');
  const blocked = new Set(expected('csp-blocks'));
  const unlisted = (messages: string[], parts: string[]) =>
    messages.filter((message) => !parts.some((part) => message.includes(part)));
  return {
    pageErrors: unlisted(faults.pageErrors, expected('page-error-expected')),
    // No journey provokes a console error on purpose: every one is a fault.
    consoleErrors: faults.consoleErrors,
    violations: faults.violations.filter((v) => !blocked.has(v.directive)),
  };
}

export const test = base.extend<{ acknowledgeCookies: boolean; pageFaults: PageFaults }>({
  // Each worker talks to its own demo server (playwright.config.ts: port PORTAL_E2E_PORT + the worker's index).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this destructuring.
  baseURL: async ({}, use, testInfo) => {
    const port = Number(process.env.PORTAL_E2E_PORT ?? 8090) + testInfo.parallelIndex;
    await use(`http://127.0.0.1:${String(port)}`);
  },
  /**
   * The cookie notice is acknowledged up front so it does not cover what the journeys click; a journey about the
   * notice itself turns this off (`test.use({ acknowledgeCookies: false })`), and keeps every other check.
   */
  acknowledgeCookies: [true, { option: true }],
  // Any fault on any page of a journey fails it: an uncaught exception or a React error it recovered from (#520,
  // reported as a page error), a console error (the portal logs an exception a boundary caught, except a server
  // answer its error page shows by design: lib/errors/caught-error.ts; the browser's own network and CSP lines are
  // not the page's), or a violation of the demo
  // server's strict CSP — on the test's page, on any other page of its context (a second tab, a popup) and on every
  // page of a context the test opens itself (`browser.newContext()`), even when the page looks right afterwards.
  // Checked after the test, once its context has closed, so nothing a page reported on its way out is missed.
  pageFaults: [
    async ({ browser }, use, testInfo) => {
      const faults: PageFaults = { pageErrors: [], consoleErrors: [], violations: [] };
      // The browser is the worker's: its newContext is wrapped for this test only, and put back afterwards.
      const own = Object.getOwnPropertyDescriptor(browser, 'newContext');
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...options: Parameters<Browser['newContext']>) => {
        const context = await newContext(...options);
        await watchContext(context, faults);
        return context;
      };
      try {
        await use(faults);
      } finally {
        if (own) Object.defineProperty(browser, 'newContext', own);
        else Reflect.deleteProperty(browser, 'newContext');
      }
      // All three at once, so a failure names every fault, not only the first kind.
      expect(
        unexpectedFaults(faults, testInfo.annotations),
        'faults reported by the journey’s pages',
      ).toEqual({
        pageErrors: [],
        consoleErrors: [],
        violations: [],
      });
    },
    { auto: true },
  ],
  context: async ({ context, pageFaults, acknowledgeCookies }, use) => {
    await watchContext(context, pageFaults);
    if (acknowledgeCookies)
      await context.addInitScript(() => {
        // Every document of the context runs this, one without storage too (an opaque origin): that one is skipped.
        try {
          window.localStorage.setItem('displayedCookieWarning', 'true');
        } catch {
          // no storage in this document
        }
      });
    await use(context);
  },
});
export { expect };
