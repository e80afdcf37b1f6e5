export { ProgressBar } from './ProgressBar';
export type { ProgressBarProps } from './ProgressBar';
export { Spinner } from './Spinner';
export type { SpinnerProps } from './Spinner';
