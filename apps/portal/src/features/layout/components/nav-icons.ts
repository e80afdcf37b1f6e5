import {
  Activity,
  CircleUser,
  FolderSearch,
  Folders,
  House,
  KeyRound,
  Megaphone,
  Upload,
  UserCog,
  UserSearch,
  Users,
} from 'lucide-react';

/** Side-navigation icons (lucide, tree-shaken), by link: decorative, each link is named by its label. */
export const NAV_ICONS = {
  dashboard: House,
  projects: Folders,
  'project-search': FolderSearch,
  runs: Activity,
  upload: Upload,
  'key-collectors': KeyRound,
  team: Users,
  promo: Megaphone,
  users: UserCog,
  'user-search': UserSearch,
  profile: CircleUser,
} as const;

/** How every icon is drawn. */
export const NAV_ICON_PROPS = { size: 20, strokeWidth: 2, 'aria-hidden': true, focusable: false } as const;

/**
 * The links every signed-in account has, first in the navigation, in order: the signed-in pages' pre-rendered
 * shell (scripts/page-entries.ts) shows their icons before the app knows the account.
 */
export const COMMON_NAV_LINKS = [
  'dashboard',
  'projects',
  'project-search',
  'runs',
  'upload',
  'key-collectors',
] as const satisfies readonly (keyof typeof NAV_ICONS)[];
