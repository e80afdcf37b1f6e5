export { Dialog, dialogSizeFromParam } from './Dialog';
export type { DialogCloseReason, DialogProps, DialogSize } from './Dialog';
export { MessageDialog } from './MessageDialog';
export type { MessageAction, MessageDialogProps, ServerMessage } from './MessageDialog';
