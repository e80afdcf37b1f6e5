import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** Signs in through the login form and waits for the target page. */
export async function signIn(page: Page, email: string, returnUrl?: string): Promise<void> {
  const query = returnUrl === undefined ? '' : `?ReturnUrl=${encodeURIComponent(returnUrl)}`;
  await page.goto(`/auth/login${query}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
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

/** Zero axe violations (WCAG 2.1 A/AA) on what the page shows now. */
export async function expectNoA11yViolations(page: Page, context: string): Promise<void> {
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
  const analyze = () =>
    new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
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

export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    // Any page error fails the journey: an uncaught exception, or a React error it recovered from (#520, reported
    // as a page error), is a fault of the portal even when the page looks right afterwards.
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => {
      pageErrors.push(error.message);
    });
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
    const expectedErrors = testInfo.annotations
      .filter((a) => a.type === 'page-error-expected')
      .map((a) => a.description ?? '');
    expect(
      pageErrors.filter((message) => !expectedErrors.some((part) => message.includes(part))),
      'page errors',
    ).toEqual([]);
  },
});
export { expect };
