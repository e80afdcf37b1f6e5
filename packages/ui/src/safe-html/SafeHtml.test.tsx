import { act, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import { SafeHtml, sanitizeHtml } from './SafeHtml';

describe('SafeHtml', () => {
  it('removes scripts, event handlers and javascript: URLs', () => {
    const dirty =
      '<p onclick="alert(1)">Hi <b>there</b></p><script>alert(2)</script><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">x</a>';
    const clean = sanitizeHtml(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(clean).toContain('<b>there</b>');
  });

  it('removes forms, iframes and inline styles', () => {
    const clean = sanitizeHtml(
      '<form action="/x"><input name="a"></form><iframe src="/"></iframe><p style="color:red">ok</p>',
    );
    expect(clean).toBe('<p>ok</p>');
  });

  it('adds rel=noopener to links opening a new window', () => {
    const { container } = render(<SafeHtml html='<a href="/terms" target="_blank">Terms</a>' />);
    expect(container.querySelector('a')).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('renders the sanitized markup in the chosen element', async () => {
    const { container } = render(<SafeHtml as="section" className="x" html="<h2>Title</h2><p>Body</p>" />);
    const section = container.querySelector('section.x');
    expect(section?.innerHTML).toBe('<h2>Title</h2><p>Body</p>');
    await expectNoAxeViolations(container);
  });

  it('hydrates server markup (an empty wrapper) and then shows the sanitized HTML', async () => {
    const element = <SafeHtml id="m" html={'<b>bold</b><img src="x" onerror="alert(1)">'} />;
    // The server snapshot says "no DOM" even here: the server markup and the hydration's first render agree.
    const server = renderToString(element);
    expect(server).toBe('<div id="m"></div>');
    const container = document.createElement('div');
    container.innerHTML = server;
    document.body.append(container);
    const errors: unknown[] = [];
    const root = await act(() =>
      hydrateRoot(container, element, { onRecoverableError: (e) => errors.push(e) }),
    );
    expect(errors).toEqual([]);
    expect(container.querySelector('#m')?.innerHTML).toBe('<b>bold</b><img src="x">');
    act(() => root.unmount());
    container.remove();
  });
});
