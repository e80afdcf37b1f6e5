import '@assessment/ui/styles.css';
import './app/app.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startRouter, startSdk } from './app/App';
import { logCaughtError } from './lib/errors/caught-error';
import { rememberTimeZone } from './lib/i18n/i18n';

/*
 * Start-up in short tasks, so that a slow phone stays responsive (no long task blocks input) while the app starts:
 * - the SDK is configured (and the contract's validators start loading) in the task after the one that runs the
 *   modules; the router (building its route tree is one of the larger pieces of start-up work) is created in the
 *   task after that, and the first page starts loading in the task after the router's;
 * - the router resolves the first page (viewer, texts, the route's chunks and data) before React renders anything,
 *   so React renders the finished page once instead of an empty tree the router then replaces in one synchronous
 *   (store-driven) render; and that render runs in a transition, which React splits into short slices. Should
 *   loading take longer than the router's own pending delay (defaultPendingMs), the app renders at once and the
 *   router shows the page's pending state as before.
 */

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

function configure(container: HTMLElement): void {
  rememberTimeZone();
  startSdk();
  setTimeout(start, 0, container);
}

function start(container: HTMLElement): void {
  const router = startRouter();
  // The first page's loading (its route matched, its data asked for) in the task after the router's creation: the
  // two together took 11-23 ms of a fast machine's main thread, over 50 ms on Lighthouse's simulated phone.
  setTimeout(load, 0, container, router);
}

function load(container: HTMLElement, router: ReturnType<typeof startRouter>): void {
  const root = createRoot(container, { onCaughtError: logCaughtError });
  let rendered = false;
  const render = () => {
    if (rendered) return;
    rendered = true;
    startTransition(() => {
      root.render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      );
    });
  };
  setTimeout(render, router.options.defaultPendingMs);
  router.load().then(render, render);
}
setTimeout(configure, 0, container);
