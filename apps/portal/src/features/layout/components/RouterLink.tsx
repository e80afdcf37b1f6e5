import type { SideNavLinkProps } from '@assessment/ui/side-nav';
import { useNavigate } from '@tanstack/react-router';

/** The side navigation's links, navigating client-side (a real <a href> for new tabs and crawlers). */
export function RouterLink({ href, children, ...rest }: SideNavLinkProps) {
  const navigate = useNavigate();
  return (
    <a
      href={href}
      {...rest}
      onClick={(event) => {
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
