import type { ReactNode } from 'react';
import { Label, ProgressBar as RACProgressBar } from 'react-aria-components';

export interface ProgressBarProps {
  /** Visible label that names the progress bar (for example the file name of an upload). */
  label: ReactNode;
  /**
   * Current value between `minValue` and `maxValue`. Leave undefined together with `isIndeterminate`
   * for work of unknown length.
   * @default 0
   */
  value?: number;
  /**
   * Lowest value.
   * @default 0
   */
  minValue?: number;
  /**
   * Highest value (a percentage such as the archive/restore ProgressPercentage uses the default).
   * @default 100
   */
  maxValue?: number;
  /**
   * Whether the length of the work is unknown: no value is exposed and a moving bar is shown.
   * @default false
   */
  isIndeterminate?: boolean;
  /**
   * Whether the formatted value (for example "40%") is shown next to the label.
   * @default true
   */
  showValueLabel?: boolean;
  /**
   * Text read instead of the formatted percentage, e.g. "4 of 10 MB".
   * @default undefined (the percentage formatted in the current locale)
   */
  valueLabel?: string;
  /**
   * Extra class name on the root element.
   * @default undefined
   */
  className?: string;
}

/**
 * A determinate or indeterminate progress bar (React Aria `ProgressBar`, role="progressbar").
 * Used for uploads and for the archive/restore ProgressPercentage.
 * State attributes: `data-indeterminate`, `data-complete`.
 */
export function ProgressBar({
  label,
  value = 0,
  minValue = 0,
  maxValue = 100,
  isIndeterminate = false,
  showValueLabel = true,
  valueLabel,
  className,
}: ProgressBarProps) {
  // React Aria clamps the value into [minValue, maxValue] for aria-valuenow and the percentage.
  const isComplete = !isIndeterminate && value >= maxValue;
  return (
    <RACProgressBar
      value={value}
      minValue={minValue}
      maxValue={maxValue}
      isIndeterminate={isIndeterminate}
      valueLabel={valueLabel}
      className={['ui-progress', className].filter(Boolean).join(' ')}
      data-indeterminate={isIndeterminate || undefined}
      data-complete={isComplete || undefined}
    >
      {({ percentage, valueText }) => (
        <>
          <div className="ui-progress__header">
            <Label className="ui-progress__label">{label}</Label>
            {showValueLabel && !isIndeterminate && <span className="ui-progress__value">{valueText}</span>}
          </div>
          <div className="ui-progress__track">
            <div
              className="ui-progress__fill"
              style={isIndeterminate ? undefined : { width: `${percentage ?? 0}%` }}
            />
          </div>
        </>
      )}
    </RACProgressBar>
  );
}
