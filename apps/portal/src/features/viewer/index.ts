export { ViewerPerformance } from './components/ViewerPerformance';
export { NodeList } from './components/NodeList';
export { NODE_QUERY_IDS } from './api/set-project-node-enabled';
export type { TimeRange } from './range';
export { LazySizingPanel } from './components/sizing/LazySizingPanel';
export type { SizingChoice } from './components/sizing/sizing-api';
export { LazyVmLayers } from './components/vms/LazyVmLayers';
export { ViewerSections } from './components/ViewerSections';
