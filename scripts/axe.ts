// How every browser test of the workspace runs axe (the UI kit's catalogue and interactions, the portal's journeys):
// axe-core's own `axe.run` in the page, as @axe-core/playwright's legacy mode runs it, but with axe-core's 550 KB
// source evaluated once per document instead of two or three times per check, and no blank page opened for
// `finishRun` (AxeBuilder's default). Measured 2026-12-06 on the signed-in dashboard (load 3-5): ~1.5 s a check through
// AxeBuilder, ~1.0 s in its legacy mode, ~0.3 s so; the journeys spent 61 % of their time in axe. A page with frames
// is left to AxeBuilder (axe must then run in every frame), which the caller passes in.
// No imports: the packages' test files import it with their own Playwright and axe-core.

/** What the runner needs of a Playwright page. */
export interface AxePage {
  evaluate(expression: string): Promise<unknown>;
  frames(): unknown[];
}

export interface AxeCheck {
  /** axe-core's `source` (the script the page evaluates) from the caller's axe-core. */
  source: string;
  /** Only the rules with one of these tags (AxeBuilder's withTags); every rule when absent. */
  tags?: string[];
  /** Only this part of the page, a CSS selector (AxeBuilder's include); the whole document when absent. */
  include?: string;
  /** Rules left out (AxeBuilder's disableRules). */
  disabledRules?: string[];
}

/** Set on the page's window once this runner's axe is there (a page's own axe, if any, is replaced). */
const INJECTED_FLAG = '__workspaceAxeInjected';

/**
 * axe's results for the page as it is now; a page with frames is checked by `inFrames` (the caller's AxeBuilder, which
 * runs axe in every frame). `Results` is axe-core's AxeResults, typed by the caller.
 */
export async function runAxe<Results>(
  page: AxePage,
  check: AxeCheck,
  inFrames: () => Promise<Results>,
): Promise<Results> {
  if (page.frames().length > 1) return inFrames();
  if ((await page.evaluate(`window.${INJECTED_FLAG} === true`)) !== true) {
    await page.evaluate(check.source);
    await page.evaluate(
      `axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } }); ` +
        `window.${INJECTED_FLAG} = true;`,
    );
  }
  const options = {
    ...(check.tags ? { runOnly: { type: 'tag', values: check.tags } } : {}),
    ...(check.disabledRules
      ? { rules: Object.fromEntries(check.disabledRules.map((rule) => [rule, { enabled: false }])) }
      : {}),
  };
  const context = check.include === undefined ? 'document' : JSON.stringify({ include: [check.include] });
  return (await page.evaluate(`axe.run(${context}, ${JSON.stringify(options)})`)) as Results;
}
