import { lazyDialog } from '@/components/lazy-dialog';

/** The Country modal's code (the country type-ahead) loads only for an account that has no country. */
export const LazyCountryModal = lazyDialog(() =>
  import('./CountryModal').then((module) => module.CountryModal),
);
