// MessageDialog lives apart from Dialog: its HTML bodies go through SafeHtml (DOMPurify), which code that
// only uses Dialog should not load (bundlers split and share code per module).
import { Button, type ButtonVariant } from '../button';
import { SafeHtml } from '../safe-html';
import { Dialog, type DialogProps } from './Dialog';

/** One button of a server message. */
export interface MessageAction {
  /** Value reported to `onAction`. */
  id: string;
  /** Visible label. */
  label: string;
  /**
   * Button variant.
   * @default 'primary' for the first action, 'secondary' for the others
   */
  variant?: ButtonVariant;
}

/** A message as the server sends it (spec: modal dialogs driven by server-provided messages). */
export interface ServerMessage {
  /**
   * Title of the message; empty titles fall back to `fallbackTitle`.
   * @default null
   */
  title?: string | null;
  /**
   * Body of the message: plain text, or HTML when `isHtml` (always sanitized).
   * @default null
   */
  message?: string | null;
  /**
   * Whether `message` is HTML.
   * @default false
   */
  isHtml?: boolean;
  /**
   * Buttons; when absent a single OK button (`okLabel`) is shown.
   * @default undefined
   */
  actions?: readonly MessageAction[];
}

export interface MessageDialogProps extends Omit<DialogProps, 'title' | 'children' | 'footer' | 'role'> {
  /**
   * The server message to show.
   */
  message: ServerMessage;
  /**
   * Called with the id of the pressed action, before the dialog closes with reason `'action'`.
   * @default undefined
   */
  onAction?: (actionId: string) => void;
  /**
   * Label of the default button when the message has no actions.
   * @default 'OK'
   */
  okLabel?: string;
  /**
   * Title used when the message has none (spec part 8: empty title and message show the default error).
   * @default 'Error'
   */
  fallbackTitle?: string;
  /**
   * Text used when the message has no body.
   * @default 'An error occurred.'
   */
  fallbackMessage?: string;
  /**
   * Role of the dialog.
   * @default 'alertdialog'
   */
  role?: 'dialog' | 'alertdialog';
}

/** Dialog whose title, body and buttons come from a server message; HTML bodies go through {@link SafeHtml}. */
export function MessageDialog({
  message,
  onAction,
  okLabel = 'OK',
  fallbackTitle = 'Error',
  fallbackMessage = 'An error occurred.',
  role = 'alertdialog',
  ...rest
}: MessageDialogProps) {
  const actions: readonly MessageAction[] =
    message.actions && message.actions.length > 0 ? message.actions : [{ id: 'ok', label: okLabel }];
  const body = message.message ? message.message : fallbackMessage;
  return (
    <Dialog
      {...rest}
      role={role}
      title={message.title ? message.title : fallbackTitle}
      footer={(close) =>
        actions.map((action, index) => (
          <Button
            key={action.id}
            variant={action.variant ?? (index === 0 ? 'primary' : 'secondary')}
            data-action={action.id}
            onPress={() => {
              onAction?.(action.id);
              close('action');
            }}
          >
            {action.label}
          </Button>
        ))
      }
    >
      {message.isHtml && message.message ? (
        <SafeHtml html={body} />
      ) : (
        <p className="ui-dialog-message">{body}</p>
      )}
    </Dialog>
  );
}
