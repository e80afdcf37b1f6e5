import { useId, type ComponentType, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { useControlledState } from 'react-stately/useControlledState';
import { NAV_COLLAPSED_PX, NAV_EXPANDED_PX } from '../constants';

/** One link of the side navigation. */
export interface SideNavItem {
  /** Stable key of the item. */
  id: string;
  /** Target of the link (a path of the portal). */
  href: string;
  /** Visible text; also the accessible name when the navigation is collapsed. */
  label: string;
  /**
   * Icon shown in both widths (decorative: hidden from assistive technology).
   * @default the first letter of `label`
   */
  icon?: ReactNode;
  /**
   * Whether this item is the current page; wins over `currentHref`.
   * @default undefined (compared with `currentHref`)
   */
  isCurrent?: boolean;
}

/** Props given to the link element (the default `<a>`, or the router's link). */
export interface SideNavLinkProps {
  /** Target of the link (the item's `href`). */
  href: string;
  /** Class name of the link (`ui-side-nav__link`); keep it for the kit's styles. */
  className: string;
  /**
   * Set on the current page's link.
   * @default undefined (not the current page)
   */
  'aria-current'?: 'page';
  /**
   * The item's label as a tooltip while the navigation is collapsed.
   * @default undefined (while expanded)
   */
  title?: string;
  /**
   * State attribute of the current page's link, styled by the kit.
   * @default undefined (not the current page)
   */
  'data-current'?: true;
  /** Icon and label of the item (the label is visually hidden while collapsed). */
  children: ReactNode;
}

export interface SideNavProps {
  /** The links, in order. */
  items: readonly SideNavItem[];
  /**
   * The href of the current route; the matching item gets aria-current="page".
   * @default undefined
   */
  currentHref?: string;
  /**
   * Component rendering each link, e.g. a wrapper around TanStack Router's `Link`.
   * @default 'a'
   */
  linkComponent?: ComponentType<SideNavLinkProps>;
  /**
   * Render prop for each link; wins over `linkComponent`.
   * @default undefined
   */
  renderLink?: (props: SideNavLinkProps, item: SideNavItem) => ReactNode;
  /**
   * Whether the navigation is expanded (controlled).
   * @default undefined
   */
  isExpanded?: boolean;
  /**
   * Whether the navigation starts expanded (uncontrolled).
   * @default false
   */
  defaultExpanded?: boolean;
  /**
   * Called when the toggle button changes the width.
   * @default undefined
   */
  onExpandedChange?: (isExpanded: boolean) => void;
  /**
   * Accessible name of the nav landmark.
   * @default 'Main'
   */
  'aria-label'?: string;
  /**
   * Accessible name of the toggle button (its state is announced by aria-expanded).
   * @default 'Navigation menu'
   */
  toggleLabel?: string;
  /**
   * Slot for the language switcher, rendered below the links while the navigation is expanded (at
   * 50 px there is no room for it; the toggle button expands the navigation).
   * @default undefined
   */
  languageSwitcher?: ReactNode;
  /**
   * Extra class name on the nav element.
   * @default undefined
   */
  className?: string;
}

function DefaultLink({ children, ...props }: SideNavLinkProps) {
  return <a {...props}>{children}</a>;
}

/**
 * Side navigation of the portal: a nav landmark, 50 px wide collapsed and 228 px expanded, with a
 * toggle button (aria-expanded, aria-controls), links where the current route has aria-current="page"
 * and a slot for the language switcher. Route-agnostic: pass `linkComponent` or `renderLink` for the
 * router's Link. State attribute: `data-expanded`.
 */
export function SideNav({
  items,
  currentHref,
  linkComponent: LinkComponent = DefaultLink,
  renderLink,
  isExpanded: isExpandedProp,
  defaultExpanded = false,
  onExpandedChange,
  'aria-label': ariaLabel = 'Main',
  toggleLabel = 'Navigation menu',
  languageSwitcher,
  className,
}: SideNavProps) {
  const [isExpanded, setExpanded] = useControlledState(isExpandedProp, defaultExpanded, onExpandedChange);
  const listId = useId();
  const width = isExpanded ? NAV_EXPANDED_PX : NAV_COLLAPSED_PX;

  return (
    <nav
      aria-label={ariaLabel}
      className={['ui-side-nav', className].filter(Boolean).join(' ')}
      data-expanded={isExpanded || undefined}
      style={{ width, minWidth: width }}
    >
      <Button
        className="ui-side-nav__toggle"
        aria-label={toggleLabel}
        aria-expanded={isExpanded}
        aria-controls={listId}
        onPress={() => {
          setExpanded(!isExpanded);
        }}
      >
        <span className="ui-side-nav__toggle-icon" aria-hidden="true">
          {isExpanded ? '«' : '»'}
        </span>
      </Button>
      <ul id={listId} className="ui-side-nav__list">
        {items.map((item) => {
          const isCurrent = item.isCurrent ?? (currentHref !== undefined && item.href === currentHref);
          const linkProps: SideNavLinkProps = {
            href: item.href,
            className: 'ui-side-nav__link',
            ...(isCurrent ? { 'aria-current': 'page' as const, 'data-current': true as const } : {}),
            ...(isExpanded ? {} : { title: item.label }),
            children: (
              <>
                <span className="ui-side-nav__icon" aria-hidden="true">
                  {item.icon ?? item.label.charAt(0).toUpperCase()}
                </span>
                <span className={isExpanded ? 'ui-side-nav__label' : 'ui-visually-hidden'}>{item.label}</span>
              </>
            ),
          };
          return (
            <li key={item.id} className="ui-side-nav__item">
              {renderLink ? renderLink(linkProps, item) : <LinkComponent {...linkProps} />}
            </li>
          );
        })}
      </ul>
      {languageSwitcher !== undefined && <div className="ui-side-nav__language">{languageSwitcher}</div>}
    </nav>
  );
}
