export { collectorRunSearchQuery, type CollectorRunQuery } from './api/search-collector-runs';
export { CollectorRunSearchPage } from './components/CollectorRunSearchPage';
export { CollectorRunsTable } from './components/CollectorRunsTable';
export { collectorRunSearch, toCollectorRunQuery, type CollectorRunSearch } from './search';
