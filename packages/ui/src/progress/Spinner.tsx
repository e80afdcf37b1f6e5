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
 *
 * Plain ARIA rather than React Aria's ProgressBar: an indeterminate bar has no value to format, and the RAC
 * component brings its number formatting (~5 KB gz) onto every first page, where the pending view shows this.
 */
export function Spinner({ label = 'Loading', size = 'medium', showLabel = false, className }: SpinnerProps) {
  return (
    <span
      role="progressbar"
      aria-label={label}
      className={['ui-spinner', className].filter(Boolean).join(' ')}
      data-size={size}
      data-indeterminate="true"
    >
      <span className="ui-spinner__circle" aria-hidden="true" />
      {showLabel && (
        <span className="ui-spinner__label" aria-hidden="true">
          {label}
        </span>
      )}
    </span>
  );
}
