export { Dialog, MessageDialog, dialogSizeFromParam } from './Dialog';
export type {
  DialogCloseReason,
  DialogProps,
  DialogSize,
  MessageAction,
  MessageDialogProps,
  ServerMessage,
} from './Dialog';
