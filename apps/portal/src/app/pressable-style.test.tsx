import { Button } from '@assessment/ui/button';
import { render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/** The element React Aria looks for before it adds its pressable rule (react-aria usePress). */
const STYLE_ID = 'react-aria-pressable-style';

/** The same rule whatever its spacing (the build minifies the document's copy). */
const normalised = (css: string) =>
  css
    .replace(/\s+/g, ' ')
    .replace(/\s*([{}:;])\s*/g, '$1')
    .trim();

/** The pressable rule the portal's document carries from the start (index.html, every page document built from it). */
function documentRule(): string {
  const html = readFileSync(join(process.cwd(), 'index.html'), 'utf8');
  const match = /<style id="react-aria-pressable-style" nonce="\{\{csp-nonce\}\}">([^<]*)<\/style>/.exec(
    html,
  );
  if (!match?.[1])
    throw new Error('index.html has no React Aria pressable style with the CSP nonce placeholder');
  return match[1];
}

describe("React Aria's pressable style in the document", () => {
  const mode = process.env.NODE_ENV;
  beforeEach(() => {
    document.getElementById(STYLE_ID)?.remove();
    // React Aria adds its style outside tests only (usePress skips it when NODE_ENV is 'test').
    process.env.NODE_ENV = 'production';
  });
  afterEach(() => {
    process.env.NODE_ENV = mode;
    document.getElementById(STYLE_ID)?.remove();
  });

  it('is the rule React Aria adds itself when the document lacks it', () => {
    render(<Button>Press</Button>);
    const added = document.getElementById(STYLE_ID);
    expect(added?.tagName).toBe('STYLE');
    expect(normalised(documentRule())).toBe(normalised(added?.textContent ?? ''));
    expect(normalised(documentRule())).toBe(
      '@layer{[data-react-aria-pressable]{touch-action:pan-x pan-y pinch-zoom;}}',
    );
  });

  it('keeps React Aria from adding a style sheet once the page has rendered', () => {
    const own = document.createElement('style');
    own.id = STYLE_ID;
    own.textContent = documentRule();
    document.head.append(own);
    render(<Button>Press</Button>);
    expect(document.querySelectorAll(`#${STYLE_ID}`)).toHaveLength(1);
    expect(document.getElementById(STYLE_ID)).toBe(own);
  });
});
