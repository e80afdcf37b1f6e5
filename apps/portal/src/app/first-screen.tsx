import { configureSdk } from '@assessment/sdk';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { setFormattingTimeZone, timeZoneFromCookie } from '@/lib/i18n/i18n';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

/** How the server answers the page's API calls (the visitor's own requests, with their cookie). */
export type FirstScreenFetch = (request: Request) => Promise<Response>;

export { FIRST_SCREEN_END, FIRST_SCREEN_START } from './first-screen-marks';

export interface FirstScreenOptions {
  /** The visitor's cookies: the page prints its times in the zone of their TIME_ZONE_COOKIE (the server's without). */
  cookie?: string;
  /**
   * Aborted when the server stops waiting for the page: a render still queued never starts, and one under way ends at
   * its next wait (its answer is then '') instead of holding the queue for the next visitor.
   */
  signal?: AbortSignal;
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * The page at `url` (path and search) as the app renders it once its first data has loaded, rendered on the server
 * (apps/mock/src/http/first-screen.ts writes it into the page's document): the same route, loaders, components and
 * texts, its API calls answered by `fetch` as the visitor, its times in the visitor's zone. One render at a time: the
 * texts' culture and the SDK's configuration are the app's, one per process.
 */
export function renderFirstScreen(
  url: string,
  fetch: FirstScreenFetch,
  options: FirstScreenOptions = {},
): Promise<string> {
  const { signal } = options;
  const next = queue.then(async () => {
    if (signal?.aborted) return '';
    setFormattingTimeZone(options.cookie === undefined ? undefined : timeZoneFromCookie(options.cookie));
    try {
      return await render(url, fetch, signal);
    } finally {
      setFormattingTimeZone(undefined);
    }
  });
  queue = next.catch(() => undefined);
  return next;
}

async function render(
  url: string,
  fetch: FirstScreenFetch,
  signal: AbortSignal | undefined,
): Promise<string> {
  configureSdk({
    baseUrl: 'http://first-screen',
    fetch: (input, init) => fetch(new Request(input, init)),
    validate: false,
    onLoggedOut: undefined,
  });
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [url] }) });
  await router.load();
  if (signal?.aborted) return '';
  // Only the page asked for, loaded: a visitor sent elsewhere (to sign in, to accept terms) or a page whose data
  // failed gets no first screen (the server keeps the static shell), the app decides as it always does.
  const requested = new URL(url, 'http://first-screen').pathname.toLowerCase().replace(/\/+$/, '');
  const shown = router.state.location.pathname.toLowerCase().replace(/\/+$/, '');
  if (shown !== requested || router.state.matches.some((match) => match.status !== 'success')) return '';
  const page = (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  try {
    return renderToString(page);
  } catch {
    // Something suspended (a part or texts loaded on first use): wait for all of it once, then render it whole.
    const { prelude } = await prerender(page, signal ? { signal } : {});
    await new Response(prelude).arrayBuffer();
    return signal?.aborted ? '' : renderToString(page);
  }
}
