export { messageQuery } from './api/get-message';
export { ErrorModalHost, isUploadOperation } from './components/ErrorModalHost';
export { PagePending } from './components/PagePending';
export { RouteError } from './components/RouteError';
export { ServerMessageModal, type ServerMessageModalProps } from './components/ServerMessageModal';
export { LazyServerMessageModal } from './components/LazyServerMessageModal';
export { CONFIRM_ACTION, useServerMessage } from './hooks/use-server-message';
