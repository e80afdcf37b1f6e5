import { HeadContent, Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '@/app/router';
import { ensureViewer } from '@/features/auth';
import { ErrorModalHost } from '@/features/errors';
import { GlobalChrome } from '@/features/layout';
import { applyCulture } from '@/lib/i18n/i18n';
import { modalSearchSchema } from '@/lib/search/search-schemas';

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: modalSearchSchema,
  beforeLoad: async ({ context }) => {
    const viewer = await ensureViewer(context.queryClient);
    await applyCulture(viewer.user?.languageCulture ?? viewer.culture);
    return { viewer };
  },
  component: RootComponent,
});

function RootComponent() {
  return (
    <>
      <HeadContent />
      <Outlet />
      <GlobalChrome />
      <ErrorModalHost />
    </>
  );
}
