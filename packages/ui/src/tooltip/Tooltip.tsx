import type { ReactNode } from 'react';
import { OverlayArrow, Tooltip as AriaTooltip, TooltipTrigger, type Placement } from 'react-aria-components';
import { TOOLTIP_SMALL_WIDTH_PX, TOOLTIP_WIDTH_PX } from '../constants';

/** Width of a tooltip: 300 px, or 150 px for `small` (spec part 9). */
export type TooltipSize = 'default' | 'small';

export const tooltipWidth = (size: TooltipSize): number =>
  size === 'small' ? TOOLTIP_SMALL_WIDTH_PX : TOOLTIP_WIDTH_PX;

export interface TooltipProps {
  /**
   * The element the tooltip describes; it must be focusable (e.g. a `Button`, or React Aria's `Focusable`).
   */
  children: ReactNode;
  /**
   * Content of the tooltip (text only: tooltips hold no interactive content).
   */
  content: ReactNode;
  /**
   * Width: 300 px, or 150 px when `small`. Exposed as `data-size`.
   * @default 'default'
   */
  size?: TooltipSize;
  /**
   * Where the tooltip appears relative to its trigger.
   * @default 'top'
   */
  placement?: Placement;
  /**
   * Hover delay in ms before it shows; keyboard focus shows it at once.
   * @default 500
   */
  delay?: number;
  /**
   * Delay in ms before it hides after hover ends.
   * @default 500
   */
  closeDelay?: number;
  /**
   * Whether it opens on hover and focus, or on focus only.
   * @default undefined (hover and focus)
   */
  trigger?: 'focus';
  /**
   * Whether the tooltip is open (controlled).
   * @default undefined
   */
  isOpen?: boolean;
  /**
   * Whether the tooltip is open initially.
   * @default false
   */
  defaultOpen?: boolean;
  /**
   * Called when the open state changes.
   * @default undefined
   */
  onOpenChange?: (isOpen: boolean) => void;
  /**
   * Whether the tooltip is disabled.
   * @default false
   */
  isDisabled?: boolean;
}

/**
 * Tooltip on React Aria's TooltipTrigger + Tooltip: opens on hover (after `delay`) and on keyboard focus,
 * closes on Escape, blur or pointer leave; the trigger is described by the tooltip (aria-describedby).
 */
export function Tooltip({
  children,
  content,
  size = 'default',
  placement = 'top',
  delay = 500,
  closeDelay = 500,
  trigger,
  isOpen,
  defaultOpen = false,
  onOpenChange,
  isDisabled = false,
}: TooltipProps) {
  return (
    <TooltipTrigger
      delay={delay}
      closeDelay={closeDelay}
      trigger={trigger}
      isOpen={isOpen}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange}
      isDisabled={isDisabled}
    >
      {children}
      <AriaTooltip
        className="ui-tooltip"
        placement={placement}
        offset={8}
        data-size={size}
        style={{ width: tooltipWidth(size) }}
      >
        <OverlayArrow className="ui-tooltip-arrow">
          <svg width={8} height={8} viewBox="0 0 8 8" aria-hidden="true">
            <path d="M0 0 L4 4 L8 0" />
          </svg>
        </OverlayArrow>
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
