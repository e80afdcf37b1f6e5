import { Button } from '@assessment/ui/button';
import { SideNav, type SideNavItem } from '@assessment/ui/side-nav';
import { useLingui } from '@lingui/react';
import { useLocation } from '@tanstack/react-router';
import { createElement, useState, type ReactNode } from 'react';
import { useEndSession, useViewer } from '@/features/auth';
import { personaNav } from '../nav-rules';
import { LanguageSwitcher } from './LanguageSwitcher';
import { NAV_ICONS, NAV_ICON_PROPS } from './nav-icons';
import { RouterLink } from './RouterLink';

const NAV_STORAGE_KEY = 'assessment.navExpanded';
const navIcon = (id: keyof typeof NAV_ICONS) => createElement(NAV_ICONS[id], NAV_ICON_PROPS);
/** Below 640 px the open navigation lies over the page (app.css), so it closes once the person has moved on. */
const isOverlayNav = () => window.matchMedia('(max-width: 640px)').matches;
/** Rendered on the server (src/app/first-screen.tsx), the navigation starts closed: how every phone starts. */
const isServer = typeof window === 'undefined';

/** Layout of every signed-in page: side navigation (50/228 px) with the language switcher, header, main. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { _: t } = useLingui();
  const viewer = useViewer();
  const endSession = useEndSession();
  const pathname = useLocation({ select: (location) => location.pathname });
  // On a phone the navigation starts closed whatever was remembered from a wide screen.
  const [expanded, setExpanded] = useState(
    () => !isServer && !isOverlayNav() && window.localStorage.getItem(NAV_STORAGE_KEY) === '1',
  );
  const user = viewer.user;
  const [navPathname, setNavPathname] = useState(pathname);
  if (navPathname !== pathname) {
    setNavPathname(pathname);
    if (isOverlayNav()) setExpanded(false);
  }

  const persona = personaNav(user);
  const items: SideNavItem[] = [
    { id: 'dashboard', href: '/dashboard', label: t('nav.dashboard'), icon: navIcon('dashboard') },
    { id: 'projects', href: '/projects', label: t('nav.projects'), icon: navIcon('projects') },
    {
      id: 'project-search',
      href: '/project/search',
      label: t('nav.projectSearch'),
      icon: navIcon('project-search'),
    },
    {
      id: 'runs',
      href: '/collectorruns/search',
      label: t('nav.collectorRuns'),
      icon: navIcon('runs'),
    },
    { id: 'upload', href: '/collectorruns/Upload-Iokit', label: t('nav.upload'), icon: navIcon('upload') },
    ...(persona.keyCollectors
      ? [
          {
            id: 'key-collectors',
            href: '/collectors/keys',
            label: t('nav.keyCollectors'),
            icon: navIcon('key-collectors'),
          },
        ]
      : []),
    ...(viewer.team
      ? [
          {
            id: 'team',
            href: `/team/edit/${viewer.team.TeamId}`,
            label: t('nav.team'),
            icon: navIcon('team'),
          },
          ...(persona.promo
            ? [{ id: 'promo', href: '/promo', label: t('nav.promo'), icon: navIcon('promo') }]
            : []),
        ]
      : []),
    ...(user?.isAdmin
      ? [
          { id: 'users', href: '/UserManagement/List', label: t('nav.users'), icon: navIcon('users') },
          {
            id: 'user-search',
            href: '/UserManagement/ProcessUserSearch',
            label: t('nav.userSearch'),
            icon: navIcon('user-search'),
          },
        ]
      : []),
    { id: 'profile', href: '/account/profile', label: t('nav.profile'), icon: navIcon('profile') },
  ];
  const current = items.find((item) => item.href.toLowerCase() === pathname.toLowerCase());

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <SideNav
        items={items}
        currentHref={current?.href}
        linkComponent={RouterLink}
        isExpanded={expanded}
        onExpandedChange={(next) => {
          setExpanded(next);
          window.localStorage.setItem(NAV_STORAGE_KEY, next ? '1' : '0');
        }}
        aria-label={t('nav.label')}
        toggleLabel={t('nav.toggle')}
        languageSwitcher={expanded ? <LanguageSwitcher /> : undefined}
      />
      <div className="app-body">
        <header className="app-header">
          <span className="app-name">{t('app.name')}</span>
          <span className="app-user">{user ? `${user.firstName} ${user.lastName}` : ''}</span>
          {!expanded && <LanguageSwitcher compact />}
          <Button
            variant="link"
            onPress={() => {
              void endSession('user');
            }}
          >
            {t('nav.signOut')}
          </Button>
        </header>
        <main id="main" className="app-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
