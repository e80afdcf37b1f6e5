import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { useControlledState } from 'react-stately/useControlledState';
import { PAGED_FORM_OUT_MS, PAGED_FORM_SETTLE_MS } from '../constants';

/** One view of the paged form. */
export interface StepperStep {
  /** Stable key of the step. */
  id: string;
  /** Title shown in the step list and announced on arrival. */
  title: string;
  /** The view. Inactive views stay mounted (hidden) so their field values survive. */
  content: ReactNode;
  /**
   * Checked before moving forward from this step; resolve false to stay (show your errors).
   * @default undefined (always valid)
   */
  validate?: () => boolean | Promise<boolean>;
  /**
   * Whether Next is disabled on this step (e.g. no upload type chosen yet).
   * @default false
   */
  isNextDisabled?: boolean;
}

/** Texts of the stepper; pass translated ones. */
export interface StepperLabels {
  /** Label of the forward button. Default: 'Next'. */
  next: string;
  /** Label of the back button. Default: 'Previous'. */
  previous: string;
  /** Label of the forward button on the last step (with `onComplete`). Default: 'Finish'. */
  finish: string;
  /** Accessible name of the step list. Default: 'Steps'. */
  steps: string;
  /** Announcement on arriving at a step. Default: 'Step {n} of {count}: {title}'. */
  stepStatus: (stepNumber: number, stepCount: number, title: string) => string;
}

export const DEFAULT_STEPPER_LABELS: StepperLabels = {
  next: 'Next',
  previous: 'Previous',
  finish: 'Finish',
  steps: 'Steps',
  stepStatus: (n, count, title) => `Step ${n} of ${count}: ${title}`,
};

export type StepperPhase = 'idle' | 'out' | 'in';

export interface StepperProps {
  /** The steps, in order. */
  steps: readonly StepperStep[];
  /**
   * Index of the current step (controlled).
   * @default undefined
   */
  index?: number;
  /**
   * Index of the first step shown (uncontrolled).
   * @default 0
   */
  defaultIndex?: number;
  /**
   * Called with the new step index once the move is accepted.
   * @default undefined
   */
  onIndexChange?: (index: number) => void;
  /**
   * Checked before any forward move (after the step's own `validate`); resolve false to veto.
   * @default undefined
   */
  onValidate?: (fromIndex: number) => boolean | Promise<boolean>;
  /**
   * Whether Next is disabled on every step (in addition to the step's `isNextDisabled`).
   * @default false
   */
  isNextDisabled?: boolean;
  /**
   * Called when Finish is pressed on the last step and validation passed. Without it the last step
   * has no forward button.
   * @default undefined
   */
  onComplete?: () => void;
  /**
   * Texts (merged with the English defaults).
   * @default DEFAULT_STEPPER_LABELS
   */
  labels?: Partial<StepperLabels>;
  /**
   * Level of each view's heading (the step title).
   * @default 2
   */
  headingLevel?: 2 | 3 | 4;
  /**
   * Extra class name on the root element.
   * @default undefined
   */
  className?: string;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => {
    query.removeEventListener('change', onChange);
  };
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

/**
 * Paged form / stepper: one view at a time with Previous and Next. A validation callback (sync or
 * async) can veto moving forward and a disabled Next blocks it. Moving slides the old view out for
 * 200 ms and lets the new one settle for 400 ms (instant under prefers-reduced-motion). The step
 * list marks the current step with aria-current="step", the new step is announced in a polite live
 * region, and focus moves to the new view's heading. State attributes: `data-phase`
 * (idle/out/in), `data-direction` (forward/backward), `data-validating`.
 */
export function Stepper({
  steps,
  index: indexProp,
  defaultIndex = 0,
  onIndexChange,
  onValidate,
  isNextDisabled = false,
  onComplete,
  labels: labelsProp,
  headingLevel = 2,
  className,
}: StepperProps) {
  const Heading = `h${headingLevel}` as const;
  const labels = { ...DEFAULT_STEPPER_LABELS, ...labelsProp };
  const [index, setIndex] = useControlledState(indexProp, defaultIndex, onIndexChange);
  const [shownIndex, setShownIndex] = useState(index);
  const [phase, setPhase] = useState<StepperPhase>('idle');
  const [direction, setDirection] = useState<'forward' | 'backward'>('forward');
  const [isValidating, setValidating] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [focusRequest, setFocusRequest] = useState<number | null>(null);
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const headingRefs = useRef(new Map<number, HTMLHeadingElement>());
  const mounted = useRef(true);
  const baseId = useId();

  useEffect(() => {
    mounted.current = true;
    const pending = timers.current;
    return () => {
      mounted.current = false;
      pending.forEach(clearTimeout);
    };
  }, []);

  // A controlled index changed from outside: show it without animation, and announce and focus it like a move.
  const [lastIndex, setLastIndex] = useState(index);
  if (index !== lastIndex) {
    setLastIndex(index);
    if (phase === 'idle') {
      setShownIndex(index);
      setAnnouncement(labels.stepStatus(index + 1, steps.length, steps[index]?.title ?? ''));
      setFocusRequest(index);
    }
  }

  const stepCount = steps.length;
  const current = steps[shownIndex];
  const isBusy = phase !== 'idle' || isValidating;

  const arrive = (target: number) => {
    setShownIndex(target);
    setAnnouncement(labels.stepStatus(target + 1, stepCount, steps[target]?.title ?? ''));
    setFocusRequest(target);
  };

  // Focus the new view's heading once it is visible.
  useEffect(() => {
    if (focusRequest === null || focusRequest !== shownIndex) return;
    headingRefs.current.get(focusRequest)?.focus();
  }, [focusRequest, shownIndex]);

  const moveTo = (target: number, dir: 'forward' | 'backward') => {
    setDirection(dir);
    setIndex(target);
    setLastIndex(target);
    if (reducedMotion) {
      arrive(target);
      return;
    }
    setPhase('out');
    timers.current.push(
      setTimeout(() => {
        if (!mounted.current) return;
        arrive(target);
        setPhase('in');
        timers.current.push(
          setTimeout(() => {
            if (mounted.current) setPhase('idle');
          }, PAGED_FORM_SETTLE_MS),
        );
      }, PAGED_FORM_OUT_MS),
    );
  };

  const goNext = async () => {
    if (isBusy) return;
    const from = shownIndex;
    const step = steps[from];
    // Only an asynchronous validator makes Next pending: React Aria announces a pending button by its id, and a
    // button that unmounts soon after (a wizard in a dialog) would leave that announcement pointing at nothing.
    const validation = { pending: false };
    const settle = (answer: boolean | Promise<boolean>): boolean | Promise<boolean> => {
      if (answer instanceof Promise && !validation.pending) {
        validation.pending = true;
        setValidating(true);
      }
      return answer;
    };
    let ok: boolean;
    try {
      ok = await settle(step?.validate ? step.validate() : true);
      if (ok && onValidate) ok = await settle(onValidate(from));
    } catch {
      ok = false; // a failing validator vetoes the move
    } finally {
      if (validation.pending && mounted.current) setValidating(false);
    }
    if (!ok || !mounted.current) return;
    if (from >= stepCount - 1) onComplete?.();
    else moveTo(from + 1, 'forward');
  };

  const goPrevious = () => {
    if (isBusy || shownIndex === 0) return;
    moveTo(shownIndex - 1, 'backward');
  };

  const isLast = shownIndex >= stepCount - 1;
  const nextDisabled = isNextDisabled || (current?.isNextDisabled ?? false) || phase !== 'idle';
  const phaseDuration = phase === 'out' ? PAGED_FORM_OUT_MS : phase === 'in' ? PAGED_FORM_SETTLE_MS : 0;

  return (
    <div
      className={['ui-stepper', className].filter(Boolean).join(' ')}
      data-phase={phase}
      data-direction={direction}
      data-validating={isValidating || undefined}
      data-reduced-motion={reducedMotion || undefined}
    >
      <ol className="ui-stepper__list" aria-label={labels.steps}>
        {steps.map((step, i) => (
          <li
            key={step.id}
            className="ui-stepper__step"
            aria-current={i === shownIndex ? 'step' : undefined}
            data-complete={i < shownIndex || undefined}
          >
            <span className="ui-stepper__step-number" aria-hidden="true">
              {i + 1}
            </span>{' '}
            {step.title}
          </li>
        ))}
      </ol>
      <div className="ui-stepper__viewport">
        {steps.map((step, i) => (
          <section
            key={step.id}
            id={`${baseId}-panel-${i}`}
            className="ui-stepper__panel"
            aria-labelledby={`${baseId}-heading-${i}`}
            hidden={i !== shownIndex}
            data-phase={i === shownIndex ? phase : undefined}
            data-duration={i === shownIndex && phaseDuration > 0 ? phaseDuration : undefined}
            style={
              i === shownIndex && phaseDuration > 0 ? { animationDuration: `${phaseDuration}ms` } : undefined
            }
          >
            <Heading
              id={`${baseId}-heading-${i}`}
              className="ui-stepper__heading"
              tabIndex={-1}
              ref={(el) => {
                if (el) headingRefs.current.set(i, el);
                else headingRefs.current.delete(i);
              }}
            >
              {step.title}
            </Heading>
            {step.content}
          </section>
        ))}
      </div>
      <div className="ui-stepper__status ui-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
      <div className="ui-stepper__actions">
        {shownIndex > 0 && (
          <Button className="ui-stepper__previous" isDisabled={isBusy} onPress={goPrevious}>
            {labels.previous}
          </Button>
        )}
        {(!isLast || onComplete) && (
          <Button
            className="ui-stepper__next"
            isDisabled={nextDisabled}
            isPending={isValidating}
            onPress={() => {
              void goNext();
            }}
          >
            {isLast ? labels.finish : labels.next}
          </Button>
        )}
      </div>
    </div>
  );
}
