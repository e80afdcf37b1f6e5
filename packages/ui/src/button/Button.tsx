import type { ReactNode, Ref } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

/** Visual variants of {@link Button}. */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link';

/**
 * Props of {@link Button}: the ones below plus every other prop of React Aria's `Button` (`onPressStart`,
 * `autoFocus`, `form`, `aria-*`…, documented there).
 */
export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'> {
  /**
   * Called when the button is pressed with a mouse, touch, Enter or Space.
   * @default undefined
   */
  onPress?: AriaButtonProps['onPress'];
  /**
   * Whether the button is disabled (exposed as `data-disabled`).
   * @default false
   */
  isDisabled?: boolean;
  /**
   * Whether the button's action is pending: it keeps focus, ignores presses and is announced as busy
   * (`data-pending`); shows `pendingLabel` when given.
   * @default false
   */
  isPending?: boolean;
  /**
   * Type of the underlying button element.
   * @default 'button'
   */
  type?: 'button' | 'submit' | 'reset';
  /**
   * Visual variant, exposed as `data-variant`.
   * @default 'primary'
   */
  variant?: ButtonVariant;
  /**
   * Content of the button.
   * @default undefined
   */
  children?: ReactNode;
  /**
   * Extra class names, appended to `ui-button`.
   * @default undefined
   */
  className?: string;
  /**
   * Label shown instead of the children while `isPending` (e.g. the spec's "working" label).
   * @default undefined
   */
  pendingLabel?: ReactNode;
  /**
   * Ref to the `<button>` element (e.g. to reach its `form`).
   * @default undefined
   */
  ref?: Ref<HTMLButtonElement>;
}

/**
 * Button on React Aria's Button: press events for mouse, touch and keyboard, `isDisabled`,
 * `isPending` (keeps focus, announces busy state), `type="submit"` for forms.
 */
export function Button({
  variant = 'primary',
  className,
  children,
  pendingLabel,
  isPending,
  ...rest
}: ButtonProps) {
  return (
    <AriaButton
      {...rest}
      isPending={isPending}
      data-variant={variant}
      className={className ? `ui-button ${className}` : 'ui-button'}
    >
      {isPending && pendingLabel !== undefined ? pendingLabel : children}
    </AriaButton>
  );
}
