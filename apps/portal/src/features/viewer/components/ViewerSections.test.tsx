import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { renderWithProviders } from '@/test/render';
import { ViewerSections } from './ViewerSections';

/** The page's sections as the viewer lays them out (the sizing panel's slot before it has loaded). */
function Page() {
  return (
    <>
      <ViewerSections />
      <h2 id="viewer-perf-title">Performance</h2>
      <h3 id="viewer-capacity">Capacity</h3>
      <h2 id="viewer-nodes-title">Nodes</h2>
      <div id="viewer-sizing" />
    </>
  );
}

// jsdom lays nothing out and has no scrollIntoView: each test that needs it records it, and it is put back after.
const scrollIntoView = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');

describe('ViewerSections', () => {
  afterEach(() => {
    if (scrollIntoView) Object.defineProperty(Element.prototype, 'scrollIntoView', scrollIntoView);
    else Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  it('names the four sections in a navigation landmark, each a link to its section', async () => {
    const { container } = renderWithProviders(<Page />);
    const nav = await screen.findByRole('navigation', { name: 'Viewer sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Performance', '#viewer-perf-title'],
      ['Capacity', '#viewer-capacity'],
      ['Servers', '#viewer-nodes-title'],
      ['Sizing', '#viewer-sizing'],
    ]);
    await expectNoAxeViolations(container);
  });

  it('from the keyboard: a link scrolls its section to the top and moves the focus there, the URL unchanged', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this.id);
    });
    renderWithProviders(<Page />);
    const nav = await screen.findByRole('navigation', { name: 'Viewer sections' });
    const user = userEvent.setup();
    const before = window.location.href;
    within(nav).getByRole('link', { name: 'Capacity' }).focus();
    await user.keyboard('{Enter}');
    expect(scrolled).toEqual(['viewer-capacity']);
    expect(document.activeElement).toBe(document.getElementById('viewer-capacity'));
    // Focusable by script, not a tab stop.
    expect(document.getElementById('viewer-capacity')).toHaveAttribute('tabindex', '-1');
    await user.click(within(nav).getByRole('link', { name: 'Sizing' }));
    expect(scrolled).toEqual(['viewer-capacity', 'viewer-sizing']);
    expect(document.activeElement).toBe(document.getElementById('viewer-sizing'));
    expect(window.location.href).toBe(before);
  });
});
