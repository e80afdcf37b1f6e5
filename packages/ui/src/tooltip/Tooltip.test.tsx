import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../button';
import { expectNoAxeViolations } from '../test/axe';
import { Tooltip, tooltipWidth } from './Tooltip';

describe('Tooltip', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    // React Aria keeps tooltips "warm" globally until a cool-down timer runs: let it run before the next test.
    if (vi.isFakeTimers())
      act(() => {
        vi.advanceTimersByTime(2000);
      });
    vi.useRealTimers();
  });

  it('opens on hover after the delay', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    render(
      <Tooltip content="Help" delay={500}>
        <Button>Hover me</Button>
      </Tooltip>,
    );
    // React Aria shows hover tooltips only while the last interaction was a pointer one.
    await user.click(document.body);
    await user.hover(screen.getByRole('button'));
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Help');
  });

  it('opens on keyboard focus, describes the trigger and closes on Escape', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    render(
      <Tooltip content="Archived runs can be restored">
        <Button>Archive</Button>
      </Tooltip>,
    );
    await user.tab();
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip).toHaveTextContent('Archived runs can be restored');
    expect(screen.getByRole('button', { name: 'Archive' })).toHaveAttribute('aria-describedby', tooltip.id);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('is 300 px wide, or 150 px when small', () => {
    expect(tooltipWidth('default')).toBe(300);
    expect(tooltipWidth('small')).toBe(150);
    const { unmount } = render(
      <Tooltip content="Wide" defaultOpen>
        <Button>A</Button>
      </Tooltip>,
    );
    expect(screen.getByRole('tooltip').style.width).toBe('300px');
    expect(screen.getByRole('tooltip')).toHaveAttribute('data-size', 'default');
    unmount();
    render(
      <Tooltip content="Narrow" size="small" defaultOpen>
        <Button>B</Button>
      </Tooltip>,
    );
    expect(screen.getByRole('tooltip').style.width).toBe('150px');
    expect(screen.getByRole('tooltip')).toHaveAttribute('data-size', 'small');
  });

  it('has no axe violations when open', async () => {
    render(
      <Tooltip content="Publishing makes the project public" defaultOpen>
        <Button>Publish</Button>
      </Tooltip>,
    );
    vi.useRealTimers();
    await expectNoAxeViolations(document.body);
  });
});
