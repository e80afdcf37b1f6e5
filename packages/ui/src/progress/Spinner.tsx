import { ProgressBar as RACProgressBar } from 'react-aria-components';

export interface SpinnerProps {
  /**
   * Accessible name announced for the pending call (pass the translated text).
   * @default 'Loading'
   */
  label?: string;
  /**
   * Diameter of the spinner.
   * @default 'medium'
   */
  size?: 'small' | 'medium' | 'large';
  /**
   * Whether the label is also shown as text beside the spinner.
   * @default false
   */
  showLabel?: boolean;
  /**
   * Extra class name on the root element.
   * @default undefined
   */
  className?: string;
}

/**
 * An indeterminate progress indicator for pending calls (role="progressbar" without a value,
 * named by `label`). The rotation stops under prefers-reduced-motion.
 */
export function Spinner({ label = 'Loading', size = 'medium', showLabel = false, className }: SpinnerProps) {
  return (
    <RACProgressBar
      isIndeterminate
      aria-label={label}
      className={['ui-spinner', className].filter(Boolean).join(' ')}
      data-size={size}
    >
      <span className="ui-spinner__circle" aria-hidden="true" />
      {showLabel && (
        <span className="ui-spinner__label" aria-hidden="true">
          {label}
        </span>
      )}
    </RACProgressBar>
  );
}
