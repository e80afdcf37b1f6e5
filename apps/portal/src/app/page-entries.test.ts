import { describe, expect, it } from 'vitest';
import { bootScript, PAGE_ENTRIES, signInShell } from '../../scripts/page-entries';

// The per-page entry documents of the build (scripts/page-entries.ts): the sign-in card painted before any script.
describe('page entries', () => {
  it('pre-renders the sign-in card with the classes LoginPage renders (same boxes, no layout shift)', () => {
    const texts: Record<string, string> = {
      'login.title': 'Sign in',
      'login.email': 'Email',
      'login.password': 'Pass<word>',
      'login.submit': 'Sign in',
    };
    const html = signInShell((id) => texts[id] ?? id);
    expect(html).toMatch(
      /^<div class="boot-shell" inert aria-hidden="true"><div class="login-page"><div class="login-card"><h1>Sign in<\/h1>/,
    );
    expect(html.match(/class="ui-field__input"/g)).toHaveLength(2);
    expect(html).toContain('class="ui-button" type="button"');
    // Texts are escaped; there is no script, no inline style and no event handler (the strict CSP).
    expect(html).toContain('Pass&lt;word&gt;');
    expect(html).not.toMatch(/<script|style=|\son[a-z]+=/i);
  });

  it('the boot script preloads every chunk and imports the entry once, after the first frame or 200 ms', () => {
    const script = bootScript('/assets/index-a.js', ['/assets/framework-b.js', '/assets/login-c.js']);
    expect(script).toContain('["/assets/framework-b.js","/assets/login-c.js"]');
    expect(script).toContain("link.rel = 'modulepreload'");
    expect(script).toContain('import("/assets/index-a.js")');
    expect(script).toContain('requestAnimationFrame(() => setTimeout(start))');
    expect(script).toContain('setTimeout(start, 200)');
    expect(script).toContain('if (started) return;');
  });

  it('covers the pages the Lighthouse bench measures', () => {
    expect(PAGE_ENTRIES.map((entry) => entry.path)).toEqual(['auth/login', 'dashboard', 'projects']);
    expect(PAGE_ENTRIES.filter((entry) => entry.shell).map((entry) => entry.path)).toEqual(['auth/login']);
  });
});
