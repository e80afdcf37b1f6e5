export { collectorRunSearchQuery, type CollectorRunQuery } from './api/search-collector-runs';
export { CollectorRunSearchPage } from './components/CollectorRunSearchPage';
export {
  COLLECTOR_RUN_DEFAULTS,
  collectorRunSearch,
  toCollectorRunQuery,
  type CollectorRunSearch,
} from './search';
export { RecentCollectorRunsTable } from './components/RecentCollectorRunsTable';
