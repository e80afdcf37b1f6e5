import { useEffect, useState, type ReactNode } from 'react';
import { useControlledState } from 'react-stately/useControlledState';
import { Button } from '../button';
import { INFO_BAR_CLOSE_MS, INFO_BAR_OPEN_DELAY_MS } from '../constants';

/** Phase of an info bar, exposed as `data-state`. `closed` renders nothing. */
export type InfoBarState = 'opening' | 'open' | 'closing' | 'closed';

export interface InfoBarProps {
  /**
   * Message of the bar.
   */
  children: ReactNode;
  /**
   * Accessible name of the bar (its landmark label when `role="region"`).
   */
  label: string;
  /**
   * `region`: a labelled landmark for standing notices (cookie warning); `status`: a polite live region for
   * messages that appear in response to something.
   * @default 'region'
   */
  role?: 'region' | 'status';
  /**
   * Whether the bar is open (controlled).
   * @default undefined
   */
  isOpen?: boolean;
  /**
   * Whether the bar is open initially (uncontrolled). It appears 100 ms after opening.
   * @default true
   */
  defaultOpen?: boolean;
  /**
   * Called when the bar asks to open or close (e.g. the dismiss button).
   * @default undefined
   */
  onOpenChange?: (isOpen: boolean) => void;
  /**
   * Called once the 350 ms closing animation has finished and the bar is gone.
   * @default undefined
   */
  onClosed?: () => void;
  /**
   * Whether a dismiss (×) button is shown.
   * @default true
   */
  isDismissable?: boolean;
  /**
   * Accessible label of the dismiss button.
   * @default 'Dismiss'
   */
  dismissLabel?: string;
  /**
   * Extra actions; a function receives `close()`.
   * @default undefined
   */
  actions?: ReactNode | ((close: () => void) => ReactNode);
  /**
   * Look of the bar, exposed as `data-variant`.
   * @default 'info'
   */
  variant?: 'info' | 'warning';
  /**
   * Extra class names.
   * @default undefined
   */
  className?: string;
}

/**
 * Info bar (spec part 9): after opening it stays in `data-state="opening"` (hidden) for 100 ms, then shows
 * (`open`); closing plays a 350 ms animation (`closing`) before it is removed (`closed`).
 */
export function InfoBar({
  children,
  label,
  role = 'region',
  isOpen: isOpenProp,
  defaultOpen = true,
  onOpenChange,
  onClosed,
  isDismissable = true,
  dismissLabel = 'Dismiss',
  actions,
  variant = 'info',
  className,
}: InfoBarProps) {
  const [isOpen, setOpen] = useControlledState(isOpenProp, defaultOpen, onOpenChange);
  const [phase, setPhase] = useState<InfoBarState>(isOpen ? 'opening' : 'closed');
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) setPhase('opening');
    else setPhase(phase === 'open' ? 'closing' : 'closed');
  }

  useEffect(() => {
    if (phase === 'opening') {
      const t = setTimeout(() => {
        setPhase('open');
      }, INFO_BAR_OPEN_DELAY_MS);
      return () => {
        clearTimeout(t);
      };
    }
    if (phase === 'closing') {
      const t = setTimeout(() => {
        setPhase('closed');
        onClosed?.();
      }, INFO_BAR_CLOSE_MS);
      return () => {
        clearTimeout(t);
      };
    }
    return undefined;
  }, [phase, onClosed]);

  if (phase === 'closed') return null;
  const close = () => {
    setOpen(false);
  };
  return (
    <div
      className={className ? `ui-info-bar ${className}` : 'ui-info-bar'}
      role={role}
      aria-label={label}
      aria-live={role === 'status' ? 'polite' : undefined}
      data-state={phase}
      data-variant={variant}
      hidden={phase === 'opening'}
    >
      <div className="ui-info-bar-message">{children}</div>
      {actions !== undefined && (
        <div className="ui-info-bar-actions">{typeof actions === 'function' ? actions(close) : actions}</div>
      )}
      {isDismissable && (
        <Button variant="link" className="ui-info-bar-dismiss" aria-label={dismissLabel} onPress={close}>
          <span aria-hidden="true">×</span>
        </Button>
      )}
    </div>
  );
}
