export { collectorRunSearchQuery, type CollectorRunQuery } from './api/search-collector-runs';
export { CollectorRunSearchPage } from './components/CollectorRunSearchPage';
export { CollectorRunsTable } from './components/CollectorRunsTable';
export {
  COLLECTOR_RUN_DEFAULTS,
  collectorRunSearch,
  toCollectorRunQuery,
  type CollectorRunSearch,
} from './search';
