import { Button } from '@assessment/ui/button';
import { NativeSelect } from '@assessment/ui/native-select';
import { useLingui } from '@lingui/react';
import { lazy, memo, startTransition, Suspense, useEffect, useState } from 'react';
import type { TextId } from '@/lib/i18n/i18n';
import { RANGE_PRESETS, type RangePreset } from '../metrics';
import { presetInPeriod, presetOf, type Period, type TimeRange } from '../range';

const CustomRange = lazy(() => import('./CustomRange'));

const PRESET_TEXT = {
  all: 'performance.range.all',
  week: 'performance.range.week',
  day: 'performance.range.day',
  hours6: 'performance.range.hours6',
  custom: 'performance.range.custom',
} as const satisfies Record<RangePreset | 'custom', TextId>;

const isPreset = (value: string): value is RangePreset => Object.hasOwn(RANGE_PRESETS, value);

/** How long the custom days wait for an idle moment at most (ms) once they may load. */
export const CUSTOM_IDLE_TIMEOUT = 1000;

/**
 * True once `allowed` has been true and the main thread has had an idle moment since (requestIdleCallback, at most
 * CUSTOM_IDLE_TIMEOUT later; a task later where the browser has none). The change is a transition: React renders the
 * date range picker it lets in in short slices (its two dates' segments were one task of ~220 ms on a phone's CPU).
 */
function useIdleOnce(allowed: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!allowed || idle) return;
    const becomeIdle = () => {
      startTransition(() => {
        setIdle(true);
      });
    };
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(becomeIdle, { timeout: CUSTOM_IDLE_TIMEOUT });
      return () => {
        cancelIdleCallback(handle);
      };
    }
    const timer = setTimeout(becomeIdle);
    return () => {
      clearTimeout(timer);
    };
  }, [allowed, idle]);
  return idle;
}

/**
 * The time-range selector: the presets, a custom range of days (lazy: the kit's date range picker) and "whole
 * period". Everything sets the same range as a drag across a chart does. Memoised: the performance section renders
 * again on every answer that reaches it, the date picker only when its range or period changes.
 */
export const RangeControls = memo(function RangeControls({
  range,
  period,
  onChange,
  loadCustom = true,
}: {
  /** The range shown now (inside the period; {} for the whole period). */
  range: TimeRange;
  period: Period;
  onChange: (range: TimeRange) => void;
  /**
   * Whether the custom days (the kit's date range picker, ~48 KB gz) may load: the viewer holds them back until its
   * data has arrived, so they do not compete with it on a slow line; they then load at the next idle moment. Their
   * box is laid out meanwhile (no layout shift).
   */
  loadCustom?: boolean;
}) {
  const { _: t } = useLingui();
  const showCustom = useIdleOnce(loadCustom);
  const preset = presetOf(range, period);
  const options = [
    ...(Object.keys(RANGE_PRESETS) as RangePreset[]),
    ...(preset === 'custom' ? (['custom'] as const) : []),
  ];
  const whole = range.from === undefined && range.to === undefined;
  return (
    <div className="viewer-range" role="group" aria-label={t('performance.range.group')}>
      <NativeSelect
        label={t('performance.range.label')}
        value={preset}
        onChange={(value) => {
          if (isPreset(value)) onChange(presetInPeriod(value, period));
        }}
        options={options.map((id) => ({ id, label: t(PRESET_TEXT[id]) }))}
      />
      {showCustom ? (
        <Suspense fallback={<div className="viewer-days viewer-days--pending" />}>
          <CustomRange range={range} period={period} onChange={onChange} />
        </Suspense>
      ) : (
        <div className="viewer-days viewer-days--pending" data-testid="viewer-days-pending" />
      )}
      <Button
        variant="secondary"
        isDisabled={whole}
        onPress={() => {
          onChange({});
        }}
      >
        {t('performance.range.reset')}
      </Button>
    </div>
  );
});
