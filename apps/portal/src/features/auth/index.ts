export { ensureViewer, viewerFromCache, viewerQuery } from './api/get-viewer';
export { LoginPage } from './components/LoginPage';
export { loginSearch, type LogoutBanner } from './search';
export { SessionGuard } from './components/SessionGuard';
export { endSession, loginUrlAfter, type EndReason } from './hooks/end-session';
export { useEndSession } from './hooks/use-end-session';
export { useViewer } from './hooks/use-viewer';
export { ResendConfirmation } from './components/ResendConfirmation';
