import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderWithProviders } from '@/test/render';
import { GlobalChrome } from './GlobalChrome';

const NOTICE_TEXT = 'This site uses cookies to keep you signed in.';

afterEach(() => {
  window.localStorage.clear();
});

describe('GlobalChrome cookie notice (spec part 9: displayedCookieWarning)', () => {
  it('shows the cookie notice while displayedCookieWarning is not stored', async () => {
    fakeApi({});
    renderWithProviders(<GlobalChrome />);
    // The kit's InfoBar opens on a timer and an animation that jsdom does not run, so query by text, not role.
    const text = await screen.findByText(NOTICE_TEXT, {}, { timeout: 5000 });
    expect(text.closest('[role="region"]')).toHaveAttribute('aria-label', 'Cookie notice');
  });

  it("shows the server's cookieWarning message when there is one (spec part 8)", async () => {
    const { calls } = fakeApi({
      'GET /api/message/cookieWarning': { title: '', message: 'Cookies from the server.', actions: [] },
    });
    renderWithProviders(<GlobalChrome />);
    expect(await screen.findByText('Cookies from the server.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls).toContain('GET /api/message/cookieWarning');
  });

  it("waits for the page's own content: nothing loads or shows before the page has rendered", async () => {
    await import('./CookieBanner'); // loaded, so a banner rendered too early would appear within the wait below
    const { fetchMock } = fakeApi({});
    function Page() {
      const [rendered, setRendered] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setRendered(true)}>
            render the page
          </button>
          <GlobalChrome pageRendered={rendered} />
        </>
      );
    }
    renderWithProviders(<Page />);
    await expect(screen.findByText(NOTICE_TEXT, {}, { timeout: 300 })).rejects.toThrow();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'render the page' }));
    expect(await screen.findByText(NOTICE_TEXT, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows nothing once displayedCookieWarning is stored', async () => {
    await import('./CookieBanner'); // loaded, so a wrongly rendered lazy banner would appear within the wait below
    window.localStorage.setItem('displayedCookieWarning', 'true');
    const { fetchMock } = fakeApi({});
    const { container } = renderWithProviders(<GlobalChrome />);
    await expect(screen.findByText(NOTICE_TEXT, {}, { timeout: 300 })).rejects.toThrow();
    expect(container).toBeEmptyDOMElement();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
