import type { GetProjectSizingData, SizingSettings } from '@assessment/sdk';
import { getProjectSizingOptions, getProjectSizingSettingsOptions } from '@assessment/sdk/query';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SizingSearch } from '@/lib/search/sizing-search';

/** Every sizing setting, as the panel's fields and the URL carry them: the sizing call's query, all of it given. */
export type SizingChoice = Required<NonNullable<GetProjectSizingData['query']>>;

/** GET /api/projects/{id}/sizing/settings: the settings saved with the project (or the defaults, Saved false). */
export const sizingSettingsQuery = (projectId: number) =>
  getProjectSizingSettingsOptions({ path: { id: projectId } });

/** GET /api/projects/{id}/sizing for every setting: the required figures, servers and shapes (one server-side sum). */
export const sizingQuery = (projectId: number, s: SizingChoice) =>
  getProjectSizingOptions({
    path: { id: projectId },
    query: { basis: s.basis, headroom: s.headroom, growth: s.growth, horizon: s.horizon },
  });

/** The settings in force: each one the URL carries, else the saved one. */
export function sizingChoiceOf(saved: SizingSettings, search: SizingSearch): SizingChoice {
  return {
    basis: search.basis ?? saved.Basis,
    headroom: search.headroom ?? saved.HeadroomPercent,
    growth: search.growth ?? saved.GrowthPercent,
    horizon: search.horizon ?? saved.HorizonYears,
  };
}

/**
 * The project's sizing for the settings in force (the URL's, else the saved ones): the panel's own two calls, so the
 * viewer's first screen and the panel share one answer (the query cache) and one server-side computation.
 */
export function useSizing(projectId: number, search: SizingSearch) {
  const saved = useQuery(sizingSettingsQuery(projectId));
  const settings = saved.data?.Settings;
  const choice = settings ? sizingChoiceOf(settings, search) : null;
  const sizing = useQuery({
    ...sizingQuery(projectId, choice ?? { basis: 'p95', headroom: 0, growth: 0, horizon: 0 }),
    enabled: choice !== null,
    placeholderData: keepPreviousData,
  });
  return { saved, choice, sizing, isError: saved.isError || sizing.isError };
}
