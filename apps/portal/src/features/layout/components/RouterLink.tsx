import type { SideNavLinkProps } from '@assessment/ui/side-nav';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

/**
 * The side navigation's links: a real <a href> (new tabs, crawlers) navigating client-side, and preloading the
 * page (its code and its data) on intent — hover or focus held for the router's preload delay — like the router's
 * own links do, so a page's chunks are usually in before the click.
 */
export function RouterLink({ href, children, ...rest }: SideNavLinkProps) {
  const router = useRouter();
  const navigate = useNavigate();
  const intent = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancelPreload = () => {
    clearTimeout(intent.current);
    intent.current = undefined;
  };
  const preload = () => {
    cancelPreload();
    intent.current = setTimeout(() => {
      // A failed preload is not an error yet: the click loads the page again and reports what fails then.
      // The router builds the location from `href` as navigate({ href }) does; its preload type only lists `to`.
      router.preloadRoute({ href } as Parameters<typeof router.preloadRoute>[0]).catch(() => undefined);
    }, router.options.defaultPreloadDelay ?? 50);
  };
  useEffect(() => cancelPreload, []);

  return (
    <a
      href={href}
      {...rest}
      onMouseEnter={preload}
      onFocus={preload}
      onMouseLeave={cancelPreload}
      onBlur={cancelPreload}
      onClick={(event) => {
        cancelPreload();
        if (
          event.defaultPrevented ||
          event.button !== 0 ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey ||
          event.altKey
        ) {
          return;
        }
        event.preventDefault();
        void navigate({ href });
      }}
    >
      {children}
    </a>
  );
}
