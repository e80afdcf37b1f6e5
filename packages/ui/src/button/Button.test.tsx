import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import { Button } from './Button';

describe('Button', () => {
  it('fires onPress from the keyboard (Enter and Space)', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(<Button onPress={onPress}>Save changes</Button>);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onPress).toHaveBeenCalledTimes(2);
  });

  it('does not fire when disabled and exposes data-disabled', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(
      <Button onPress={onPress} isDisabled>
        Next
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Next' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('data-disabled', 'true');
    await user.click(button);
    expect(onPress).not.toHaveBeenCalled();
  });

  it('shows the pending label while pending', () => {
    render(
      <Button isPending pendingLabel="Working…">
        Archive
      </Button>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('Working…');
    expect(screen.getByRole('button')).toHaveAttribute('data-pending', 'true');
  });

  it('has the primary variant by default', () => {
    render(<Button>Go</Button>);
    expect(screen.getByRole('button')).toHaveAttribute('data-variant', 'primary');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <>
        <Button>Primary</Button>
        <Button variant="secondary">Secondary</Button>
        <Button isDisabled>Disabled</Button>
      </>,
    );
    await expectNoAxeViolations(container);
  });
});
