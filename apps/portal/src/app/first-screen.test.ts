import { describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_END, FIRST_SCREEN_START, renderFirstScreen } from './first-screen';

// The server's renderer of the first pages (the demo server's use of it: apps/mock/tests/first-screen.test.ts; the
// page it draws against the app's: e2e/harden.spec.ts).
describe('renderFirstScreen', () => {
  it('gives the server the marks the build writes around the static shell', () => {
    expect([FIRST_SCREEN_START, FIRST_SCREEN_END]).toEqual(['<!--first-screen-->', '<!--/first-screen-->']);
  });

  it('a render the server stopped waiting for before it started never starts: no call made, no markup', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
    const abandoned = new AbortController();
    abandoned.abort();
    await expect(renderFirstScreen('/dashboard', fetch, { signal: abandoned.signal })).resolves.toBe('');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a render stopped while its data loads answers nothing, and the queue goes on to the next', async () => {
    const abandoned = new AbortController();
    let answered = 0;
    // The viewer's call answers once the server has stopped waiting: a signed-out visitor.
    const fetch = vi.fn(() => {
      abandoned.abort();
      answered += 1;
      return Promise.resolve(
        new Response(JSON.stringify({ user: null, isPublic: true }), {
          headers: { 'content-type': 'application/json' },
        }),
      );
    });
    await expect(renderFirstScreen('/dashboard', fetch, { signal: abandoned.signal })).resolves.toBe('');
    expect(answered).toBeGreaterThan(0);
    const next = vi.fn(() => Promise.resolve(new Response('{}', { status: 500 })));
    await expect(renderFirstScreen('/dashboard', next)).resolves.toBe('');
    expect(next).toHaveBeenCalled();
  });
});
