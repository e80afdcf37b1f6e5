import type { ViewerUser } from '@assessment/sdk';

/** The navigation entries that depend on who is signed in (beyond the team and user-administration ones). */
export interface PersonaNav {
  /** The RSA-key collector page: collectors run for customers by partners, OEM and internal staff. */
  keyCollectors: boolean;
  /** Promo-site settings: a partner's or OEM team's co-branding, or internal staff's. */
  promo: boolean;
}

/**
 * Navigation a persona can use: an end user runs no RSA-key collectors for others and has no promo sites, so
 * neither entry is offered to them (they would only ever show an empty page).
 */
export function personaNav(user: Pick<ViewerUser, 'role' | 'isInternal'> | null | undefined): PersonaNav {
  if (!user) return { keyCollectors: false, promo: false };
  const endUser = user.role === 'EndUser' && !user.isInternal;
  return { keyCollectors: !endUser, promo: !endUser };
}
