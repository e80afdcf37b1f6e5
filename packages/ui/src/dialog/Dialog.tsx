import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useControlledState } from 'react-stately/useControlledState';
import { Button } from '../button';

/** Width of a dialog; maps the spec's `modalsize` query parameter. */
export type DialogSize = 'small' | 'medium' | 'large' | 'full';

/** How a dialog was closed. The terms modal treats `'outside'` as a decline. */
export type DialogCloseReason = 'action' | 'escape' | 'outside' | 'close-button';

const SIZES: readonly DialogSize[] = ['small', 'medium', 'large', 'full'];

/** Maps the spec's `modalsize` query value (any case) to a {@link DialogSize}; unknown values give `'medium'`. */
export function dialogSizeFromParam(value: string | null | undefined): DialogSize {
  const lower = value?.toLowerCase();
  return SIZES.find((size) => size === lower) ?? 'medium';
}

export interface DialogProps {
  /**
   * Title, rendered as the dialog's heading and accessible name.
   */
  title: ReactNode;
  /**
   * Body of the dialog.
   * @default undefined
   */
  children?: ReactNode;
  /**
   * Footer content, usually action buttons. A function receives `close(reason)`.
   * @default undefined
   */
  footer?: ReactNode | ((close: (reason: DialogCloseReason) => void) => ReactNode);
  /**
   * Width of the dialog, exposed as `data-size`.
   * @default 'medium'
   */
  size?: DialogSize;
  /**
   * Whether the dialog is open (controlled).
   * @default undefined
   */
  isOpen?: boolean;
  /**
   * Whether the dialog is open initially (uncontrolled).
   * @default false
   */
  defaultOpen?: boolean;
  /**
   * Called with the new open state whenever it changes.
   * @default undefined
   */
  onOpenChange?: (isOpen: boolean) => void;
  /**
   * Called once when the dialog closes, with how it was closed.
   * @default undefined
   */
  onClose?: (reason: DialogCloseReason) => void;
  /**
   * Whether a click outside the dialog closes it (reason `'outside'`).
   * @default false
   */
  isDismissable?: boolean;
  /**
   * Whether the Escape key is ignored.
   * @default false
   */
  isKeyboardDismissDisabled?: boolean;
  /**
   * Whether the close (×) button in the header is shown.
   * @default true
   */
  showCloseButton?: boolean;
  /**
   * Accessible label of the close button (the portal passes a translation).
   * @default 'Close'
   */
  closeLabel?: string;
  /**
   * Role of the dialog: `alertdialog` for confirmations and errors.
   * @default 'dialog'
   */
  role?: 'dialog' | 'alertdialog';
  /**
   * Extra class names of the dialog panel.
   * @default undefined
   */
  className?: string;
}

/**
 * Modal dialog on React Aria's ModalOverlay + Modal + Dialog: focus is trapped inside, moved to the dialog on
 * open and returned to the opener on close; content behind is hidden from assistive technology; the page does
 * not scroll behind it. `onClose(reason)` tells how it closed.
 */
export function Dialog({
  title,
  children,
  footer,
  size = 'medium',
  isOpen: isOpenProp,
  defaultOpen = false,
  onOpenChange,
  onClose,
  isDismissable = false,
  isKeyboardDismissDisabled = false,
  showCloseButton = true,
  closeLabel = 'Close',
  role = 'dialog',
  className,
}: DialogProps) {
  const [isOpen, setOpen] = useControlledState(isOpenProp, defaultOpen, onOpenChange);
  // React Aria closes on Escape and on outside interaction through the same callback; remember which came last.
  const lastInteraction = useRef<'escape' | 'outside'>('outside');

  useEffect(() => {
    if (!isOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') lastInteraction.current = 'escape';
    };
    const onPointer = () => {
      lastInteraction.current = 'outside';
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPointer, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPointer, true);
    };
  }, [isOpen]);

  const close = useCallback(
    (reason: DialogCloseReason) => {
      setOpen(false);
      onClose?.(reason);
    },
    [setOpen, onClose],
  );

  return (
    <ModalOverlay
      className="ui-dialog-overlay"
      isOpen={isOpen}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={isKeyboardDismissDisabled}
      onOpenChange={(open) => {
        if (open) setOpen(true);
        else close(lastInteraction.current);
      }}
    >
      <Modal className="ui-dialog-modal" data-size={size}>
        <AriaDialog
          role={role}
          className={className ? `ui-dialog ${className}` : 'ui-dialog'}
          data-size={size}
        >
          <div className="ui-dialog-header">
            <Heading slot="title" className="ui-dialog-title">
              {title}
            </Heading>
            {showCloseButton && (
              <Button
                variant="link"
                className="ui-dialog-close"
                aria-label={closeLabel}
                onPress={() => {
                  close('close-button');
                }}
              >
                <span aria-hidden="true">×</span>
              </Button>
            )}
          </div>
          <div className="ui-dialog-body">{children}</div>
          {footer !== undefined && (
            <div className="ui-dialog-footer">{typeof footer === 'function' ? footer(close) : footer}</div>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
