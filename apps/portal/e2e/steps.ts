// What several journeys check alike: the main navigation's entries as each kind of account sees them.

/** The entries every signed-in account is offered first: its own work. */
const OWN_WORK = [
  'Dashboard',
  'Projects',
  'Project search',
  'Collector runs',
  'Upload collector files',
] as const;
/** A partner's or an OEM's team: its RSA-key collectors, the team and its promo sites. */
const TEAM_WITH_COLLECTORS = ['RSA-key collectors', 'My team', 'Promo sites'] as const;

/** The main navigation's entries, in order, as each kind of account sees them. */
export const NAVIGATION = {
  // An end user's company is a team too (no RSA-key collectors, no promo sites: nothing of theirs to show).
  endUser: [...OWN_WORK, 'My team', 'My profile'],
  partnerMember: [...OWN_WORK, ...TEAM_WITH_COLLECTORS, 'My profile'],
  /** A user administrator: a partner's or an OEM's team admin, and an internal admin. */
  userAdmin: [...OWN_WORK, ...TEAM_WITH_COLLECTORS, 'User management', 'User search', 'My profile'],
} as const;
