export { CaptureCollectorPage } from './components/CaptureCollectorPage';
export { DownloadCollectorButton } from './components/DownloadCollectorButton';
export { KeyCollectorsPage } from './components/KeyCollectorsPage';
export { LazyCollectorDownloadDialog } from './components/LazyCollectorDownloadDialog';
export { keyCollectorsQuery } from './api/list-key-collectors';
export { captureLinkSearch, type CaptureLinkSearch } from './capture-link';
