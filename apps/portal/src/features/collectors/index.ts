export { CaptureCollectorPage, CaptureCollectorRoute } from './components/CaptureCollectorPage';
export { DownloadCollectorButton } from './components/DownloadCollectorButton';
export { KeyCollectorsPage } from './components/KeyCollectorsPage';
export { LazyCollectorDownloadDialog } from './components/LazyCollectorDownloadDialog';
export { CAPTURE_LINK_PATH, captureTokenOf } from './capture-link';
