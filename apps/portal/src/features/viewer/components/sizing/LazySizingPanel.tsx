import { useIsFetching } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import type { SizingPanelProps } from './SizingPanel';

const SizingPanel = lazy(() => import('./SizingPanel'));

/** How far below the screen the panel starts loading (a screen ahead: it is there when scrolled to). */
export const SIZING_NEAR_SCREEN = '100% 0px';
/** Once nothing loads any more, how long the panel waits for an idle moment at most (ms). */
export const SIZING_IDLE_TIMEOUT = 2000;

/**
 * True once the element comes on or near the screen, or at the first idle moment after the page has stopped loading
 * (no query fetching), whichever comes first; true at once without IntersectionObserver.
 */
export function useWhenNearOrSettled(ref: React.RefObject<Element | null>): boolean {
  const [ready, setReady] = useState(() => typeof IntersectionObserver === 'undefined');
  const settled = useIsFetching() === 0;
  useEffect(() => {
    const element = ref.current;
    if (ready || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setReady(true);
      },
      { rootMargin: SIZING_NEAR_SCREEN },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [ref, ready]);
  useEffect(() => {
    if (ready || !settled) return;
    const done = () => {
      setReady(true);
    };
    // Safari has no requestIdleCallback: the next task there.
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(done, { timeout: SIZING_IDLE_TIMEOUT });
      return () => {
        cancelIdleCallback(handle);
      };
    }
    const timer = setTimeout(done, 0);
    return () => {
      clearTimeout(timer);
    };
  }, [ready, settled]);
  return ready;
}

/**
 * The sizing panel, loaded with its own chunk when the viewer shows it: the viewer's first load does not carry its
 * code, and its requests, rendering and layout (a table of every server) wait until the page's own figures have
 * loaded and the browser is idle, or until the reader scrolls near it. It is the last thing on the page: nothing
 * below it moves when it arrives.
 */
export function LazySizingPanel(props: SizingPanelProps) {
  const slot = useRef<HTMLDivElement>(null);
  const ready = useWhenNearOrSettled(slot);
  return (
    <div ref={slot}>
      {ready && (
        <Suspense fallback={null}>
          <SizingPanel {...props} />
        </Suspense>
      )}
    </div>
  );
}
