export { collectorRunSearchQuery, type CollectorRunQuery } from './api/search-collector-runs';
export { CollectorRunSearchPage } from './components/CollectorRunSearchPage';
export { CollectorRunsTable } from './components/CollectorRunsTable';
export { RecentCollectorRunsTable } from './components/RecentCollectorRunsTable';
export {
  COLLECTOR_RUN_DEFAULTS,
  collectorRunSearch,
  toCollectorRunQuery,
  type CollectorRunSearch,
} from './search';
