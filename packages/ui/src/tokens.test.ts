import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The kit's colour tokens, light and dark (prefers-color-scheme), at WCAG AA contrast for every pair the components
// draw: jsdom cannot measure contrast, and the Playwright runs only meet the pairs a page happens to show.
const css = readFileSync(join(import.meta.dirname, 'tokens.css'), 'utf8');

function colours(block: string): Record<string, string> {
  return Object.fromEntries(
    [...block.matchAll(/--ui-color-([a-z-]+):\s*(#[0-9a-f]{6});/gi)].map((m) => [m[1] ?? '', m[2] ?? '']),
  );
}

const light = colours(css.slice(0, css.indexOf('@media (prefers-color-scheme: dark)')));
const dark = colours(/@media \(prefers-color-scheme: dark\) \{([\s\S]*?)\n\}/.exec(css)?.[1] ?? '');

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/** [foreground, background, minimum ratio]: text 4.5:1, borders and focus rings 3:1 (WCAG 1.4.3, 1.4.11). */
const PAIRS: [string, string, number][] = [
  ['text', 'bg', 4.5],
  ['text', 'surface', 4.5],
  ['text', 'warning-bg', 4.5],
  ['text', 'info-bg', 4.5],
  ['text-muted', 'bg', 4.5],
  ['text-muted', 'surface', 4.5],
  ['primary', 'bg', 4.5],
  ['primary', 'surface', 4.5],
  ['primary-hover', 'bg', 4.5],
  ['on-primary', 'primary', 4.5],
  ['on-primary', 'primary-hover', 4.5],
  ['on-primary', 'danger', 4.5],
  ['danger', 'bg', 4.5],
  ['danger', 'surface', 4.5],
  ['success', 'bg', 4.5],
  ['bg', 'text', 4.5],
  ['tooltip-text', 'tooltip-bg', 4.5],
  ['border', 'bg', 3],
  ['border', 'surface', 3],
  ['focus', 'bg', 3],
  ['focus', 'surface', 3],
];

describe.each([
  ['light', light],
  ['dark', dark],
])('the %s theme', (_name, theme) => {
  it('defines every colour token', () => {
    expect(Object.keys(theme).sort()).toEqual(Object.keys(light).sort());
  });

  it.each(PAIRS)('%s on %s is at least %s:1', (fg, bg, minimum) => {
    expect(theme[fg], fg).toBeDefined();
    expect(theme[bg], bg).toBeDefined();
    expect(contrast(theme[fg] ?? '', theme[bg] ?? '')).toBeGreaterThanOrEqual(minimum);
  });
});

it('the dark theme follows the system setting, and the page says it supports both', () => {
  expect(css).toMatch(/:root \{\s*color-scheme: light dark;/);
  expect(Object.keys(dark).length).toBeGreaterThan(10);
  expect(dark.bg).not.toBe(light.bg);
});
