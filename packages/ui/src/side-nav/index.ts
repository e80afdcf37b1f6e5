export { SideNav } from './SideNav';
export type { SideNavItem, SideNavLinkProps, SideNavProps } from './SideNav';
