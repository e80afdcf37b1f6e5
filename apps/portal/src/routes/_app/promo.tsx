import { createFileRoute } from '@tanstack/react-router';
import { PromoSitesPage } from '@/features/promo';

// The page's one query suspends in its component (the router's default PagePending and RouteError meanwhile).
export const Route = createFileRoute('/_app/promo')({
  component: PromoSitesPage,
});
