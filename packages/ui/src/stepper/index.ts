export { DEFAULT_STEPPER_LABELS, Stepper } from './Stepper';
export type { StepperLabels, StepperPhase, StepperProps, StepperStep } from './Stepper';
