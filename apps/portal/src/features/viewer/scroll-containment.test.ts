import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue #29: no task over 50 ms at 4x CPU while the signed-in viewer scrolls. The long blocks below the charts are
// laid out and painted apart from the page (a card above taking its real height moves them as a whole), and the
// capacity table is not skipped until it comes near the screen (laying all of its rows out then was one long task).
const css = (file: string) => readFileSync(join(import.meta.dirname, file), 'utf8');
const viewerCss = css('viewer.css');
const sizingCss = css(join('components', 'sizing', 'sizing.css'));
const vmsCss = css(join('components', 'vms', 'vms.css'));

/** Every declaration (`property: value`) of the rules whose selector list names `selector` (innermost blocks). */
function declarationsOf(source: string, selector: string): string[] {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, '');
  const out: string[] = [];
  for (const [, selectors = '', body = ''] of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (!selectors.split(',').some((s) => s.trim() === selector)) continue;
    out.push(
      ...body
        .split(';')
        .map((d) => d.trim().replace(/\s+/g, ' '))
        .filter(Boolean),
    );
  }
  return out;
}

describe('the viewer scrolls without long tasks', () => {
  it('finds the rules it reads (the parser sees the stylesheets)', () => {
    expect(declarationsOf(viewerCss, '.viewer-tables')).toContain('content-visibility: auto');
  });

  it.each([
    ['.viewer-capacity', viewerCss],
    ['.viewer-nodes', viewerCss],
    ['.sizing', sizingCss],
    ['.viewer-vms', vmsCss],
  ])('%s is laid out and painted apart from the page, with room for focus rings', (selector, source) => {
    const declarations = declarationsOf(source, selector);
    expect(declarations).toContain('contain: layout paint');
    expect(declarations).toContain('overflow-clip-margin: 8px');
  });

  it('the capacity table and the node list are never skipped (content-visibility) as one block', () => {
    for (const selector of ['.viewer-capacity', '.viewer-nodes'])
      expect(declarationsOf(viewerCss, selector).filter((d) => d.startsWith('content-visibility'))).toEqual(
        [],
      );
  });
});
