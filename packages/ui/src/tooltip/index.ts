export { Tooltip, tooltipWidth } from './Tooltip';
export type { TooltipProps, TooltipSize } from './Tooltip';
