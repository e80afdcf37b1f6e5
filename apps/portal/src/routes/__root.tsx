import { HeadContent, Outlet, createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import type { RouterContext } from '@/app/router';
import { ensureViewer } from '@/features/auth';
import { ErrorModalHost } from '@/features/errors';
import { GlobalChrome } from '@/features/layout';
import { applyCulture, loadPageTexts } from '@/lib/i18n/i18n';
import { modalSearchSchema } from '@/lib/search/search-schemas';

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: modalSearchSchema,
  beforeLoad: async ({ context, location }) => {
    // The sign-in page ships only its own texts; every other page needs the pages' texts before it renders: they
    // load while the viewer is asked for, not after it.
    const pageTexts = isSignInPath(location.pathname) ? undefined : loadPageTexts();
    const viewer = await ensureViewer(context.queryClient);
    await applyCulture(viewer.user?.languageCulture ?? viewer.culture);
    await pageTexts;
    return { viewer };
  },
  component: RootComponent,
});

/** /auth/login in any case (URLs match case-insensitively). */
function isSignInPath(pathname: string): boolean {
  return /^\/auth\/login\/?$/i.test(pathname);
}

function RootComponent() {
  const pageRendered = useRouterState({ select: (state) => state.status === 'idle' });
  return (
    <>
      <HeadContent />
      <Outlet />
      <GlobalChrome pageRendered={pageRendered} />
      <ErrorModalHost />
    </>
  );
}
